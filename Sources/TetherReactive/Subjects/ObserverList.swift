/// The part of an ``ObserverSlot`` that its list keeps and moves: not generic, so that
/// removing and compacting slots (reached through `dispose()`, which is never specialised)
/// need no generic type metadata at run time.
@MainActor
@usableFromInline
class ObserverListEntry {
    @exclusivity(unchecked) @usableFromInline var index: Int

    @inlinable init(index: Int) { self.index = index }
}

/// One observer registered with an ``ObserverList``; also the subscription's disposable.
@MainActor
@usableFromInline
final class ObserverSlot<Element>: ObserverListEntry, Disposable {
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var handler: ((Event<Element>) -> Void)?
    @exclusivity(unchecked) @usableFromInline weak var list: ObserverList<Element>?

    @inlinable init(handler: @escaping (Event<Element>) -> Void, index: Int, list: ObserverList<Element>) {
        self.handler = handler
        self.list = list
        super.init(index: index)
    }

    @usableFromInline var isDisposed: Bool {
        if case .none = handler { return true }
        return false
    }

    @usableFromInline func dispose() {
        if case .none = handler { return }
        handler = nil
        list?.remove(self)
        list = nil
    }
}

/// The observers of a subject or relay, and the delivery discipline they share.
///
/// - Delivery is in subscription order.
/// - An event sent while a delivery is running is queued and delivered after it, in
///   order: never dropped, never recursed.
/// - An observer disposed during a delivery receives nothing more, even from that delivery.
/// - An observer added during a delivery receives the following events, not the current one.
/// - Each event may carry an `origin`, whose identity is readable as ``deliveringOrigin``
///   while it is delivered; two-way bindings use it to recognise their own writes coming back.
///   A queued event keeps its origin alive, so the identity cannot be reused meanwhile.
@MainActor
@usableFromInline
final class ObserverList<Element> {
    // Exclusivity is not checked at run time on these (each check costs more than the
    // access itself on the delivery path); no access to them is ever held across a call out.
    /// The slots in subscription order; `nil` where one was removed. Each is an `ObserverSlot<Element>`.
    @exclusivity(unchecked) @usableFromInline var slots: ContiguousArray<ObserverListEntry?> = []
    @exclusivity(unchecked) @usableFromInline var liveCount = 0
    @exclusivity(unchecked) @usableFromInline var isDelivering = false
    @exclusivity(unchecked) @usableFromInline var deliveringOrigin: ObjectIdentifier?
    @exclusivity(unchecked) @usableFromInline var pending: [(Event<Element>, AnyObject?)] = []
    @exclusivity(unchecked) @usableFromInline var pendingHead = 0
    /// Set when ``removeAll()`` is called during a delivery: the terminal event is still queued.
    @exclusivity(unchecked) @usableFromInline var removeAllAfterDelivery = false

    @usableFromInline init() {}

    /// A subject dropped while subscriptions to it are still undisposed lets them go: each
    /// slot's handler holds its subscription, which holds the slot, so the handler is cleared
    /// (the subscriptions then read as disposed; nothing is delivered to them).
    deinit {
        for case let entry? in slots {
            unsafeDowncast(entry, to: ObserverSlot<Element>.self).handler = nil
        }
    }

    @usableFromInline var isEmpty: Bool { liveCount == 0 }

    /// Registers `handler` and returns its slot, which disposes the registration.
    @inlinable func add(_ handler: @escaping (Event<Element>) -> Void) -> ObserverSlot<Element> {
        let slot = ObserverSlot(
            handler: isDelivering ? skippingQueuedEvents(handler) : handler, index: slots.count, list: self)
        slots.append(slot)
        liveCount += 1
        return slot
    }

    /// Registers `handler` and replays `events` to it first, as a delivery: anything sent
    /// meanwhile (by the new subscriber or anyone else) is queued and delivered after the
    /// replay, in order, to every observer including the new one; never recursively.
    /// Inside a running delivery the replay is given at once and the queue drains as usual.
    @inlinable func add<Replay: Sequence<Event<Element>>>(
        _ handler: @escaping (Event<Element>) -> Void, replaying events: Replay
    ) -> ObserverSlot<Element> {
        if isDelivering {
            let slot = add(handler)
            replay(events, to: handler, while: slot)
            return slot
        }
        isDelivering = true
        let slot = add(handler)
        replay(events, to: handler, while: slot)
        if pendingHead < pending.count { drainPending() }
        deliveringOrigin = nil
        isDelivering = false
        if removeAllAfterDelivery { removeAll() }
        return slot
    }

    /// Gives `events` to `handler` alone (not through the slot, which skips the events
    /// queued before it), stopping once `slot` is disposed.
    @inlinable func replay(
        _ events: some Sequence<Event<Element>>, to handler: (Event<Element>) -> Void, while slot: ObserverSlot<Element>
    ) {
        for event in events {
            if slot.isDisposed { return }
            handler(event)
        }
    }

    /// An observer added during a delivery receives only the events sent after it: it skips
    /// those already queued (a behavior subject or relay has just given it the latest value).
    @usableFromInline func skippingQueuedEvents(_ handler: @escaping (Event<Element>) -> Void) -> (Event<Element>) ->
        Void
    {
        var queued = isDelivering ? pending.count - pendingHead : 0
        guard queued > 0 else { return handler }
        return { event in
            if queued > 0 { queued -= 1 } else { handler(event) }
        }
    }

    @usableFromInline func remove(_ slot: ObserverListEntry) {
        guard slot.index < slots.count, slots[slot.index] === slot else { return }
        slots[slot.index] = nil
        liveCount -= 1
        if !isDelivering { compactIfSparse() }
    }

    private func compactIfSparse() {
        let holes = slots.count - liveCount
        guard holes > 16, holes > liveCount else { return }
        var compacted = ContiguousArray<ObserverListEntry?>()
        compacted.reserveCapacity(liveCount * 2)
        for case let slot? in slots {
            slot.index = compacted.count
            compacted.append(slot)
        }
        slots = compacted
    }

    /// Delivers `event` to every observer, or queues it when a delivery is running.
    @inlinable func send(_ event: Event<Element>, origin: AnyObject? = nil) {
        if isDelivering {
            pending.append((event, origin))
            return
        }
        isDelivering = true
        if let origin { deliveringOrigin = ObjectIdentifier(origin) }
        deliverNow(event)
        if pendingHead < pending.count { drainPending() }
        deliveringOrigin = nil
        isDelivering = false
        if removeAllAfterDelivery { removeAll() }
        if slots.count - liveCount > 16 { compactIfSparseAfterDelivery() }
    }

    @inlinable func deliverNow(_ event: Event<Element>) {
        Self.deliver(event, to: slots)
    }

    /// Delivers `event` to the live slots of `snapshot`.
    ///
    /// The snapshot keeps every slot alive for the whole delivery, so the slots are read from
    /// it unretained. Nonisolated (it is only called from the main actor) so that the closures
    /// below carry no run-time executor check.
    @inlinable nonisolated static func deliver(
        _ event: Event<Element>, to snapshot: ContiguousArray<ObserverListEntry?>
    ) {
        snapshot.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<ObserverListEntry>?.self) { entries in
                for entry in entries {
                    entry?._withUnsafeGuaranteedRef {
                        unsafeDowncast($0, to: ObserverSlot<Element>.self).handler?(event)
                    }
                }
            }
        }
    }

    @usableFromInline func drainPending() {
        while pendingHead < pending.count {
            let (event, origin) = pending[pendingHead]
            pendingHead += 1
            deliveringOrigin = origin.map(ObjectIdentifier.init)
            deliverNow(event)
        }
        pending.removeAll(keepingCapacity: pending.capacity <= 64)
        pendingHead = 0
    }

    @usableFromInline func compactIfSparseAfterDelivery() { compactIfSparse() }

    /// Drops every observer (after a terminal event): each slot reports itself disposed.
    /// During a delivery the terminal event is still queued, so the drop waits until the
    /// queue has been delivered.
    @usableFromInline func removeAll() {
        if isDelivering {
            removeAllAfterDelivery = true
            return
        }
        removeAllAfterDelivery = false
        let all = slots
        slots = []
        liveCount = 0
        for case let entry? in all {
            let slot = unsafeDowncast(entry, to: ObserverSlot<Element>.self)
            slot.handler = nil
            slot.list = nil
        }
    }
}
