import Dispatch

/// The scheduler of the UI loop: the main actor, driven by the main dispatch queue.
///
/// ``schedule(_:)`` runs the action inline when nothing scheduled earlier is still
/// waiting, and otherwise queues it behind the waiting actions, so actions always run
/// in the order they were scheduled. Delayed actions run on the main queue once their
/// delay has passed.
@MainActor
public final class MainScheduler: Scheduler {
    /// The shared instance.
    public static let instance = MainScheduler()

    private let start = ContinuousClock.now
    private var queue: [(action: () -> Void, token: AnonymousDisposable)] = []
    private var queueHead = 0
    private var isDraining = false

    private init() {}

    /// Time since the scheduler was created, from the continuous clock.
    public var now: Duration { ContinuousClock.now - start }

    /// Runs `action` inline when nothing is queued, otherwise after the queued actions.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> any Disposable {
        let token = AnonymousDisposable {}
        if !isDraining && queueHead == queue.count {
            isDraining = true
            action()
            drain()
            isDraining = false
            return token
        }
        queue.append((action, token))
        if !isDraining {
            DispatchQueue.main.async { MainActor.assumeIsolated { MainScheduler.instance.drainFromQueue() } }
        }
        return token
    }

    private func drainFromQueue() {
        guard !isDraining else { return }
        isDraining = true
        drain()
        isDraining = false
    }

    private func drain() {
        while queueHead < queue.count {
            let entry = queue[queueHead]
            queueHead += 1
            if !entry.token.isDisposed { entry.action() }
        }
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
    }

    /// Runs `action` on the main queue after `delay`, unless disposed first.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Disposable {
        let token = AnonymousDisposable {}
        let (seconds, attoseconds) = delay.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds / 1_000_000_000)
        let box = ActionBox(action)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
            MainActor.assumeIsolated {
                if !token.isDisposed { box.action() }
            }
        }
        return token
    }
}

/// Carries a main-actor closure through Dispatch, which requires `Sendable`.
///
/// `@unchecked Sendable`: the closure is only ever called inside
/// `MainActor.assumeIsolated` on the main queue, which traps if the assumption fails.
private final class ActionBox: @unchecked Sendable {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
}
