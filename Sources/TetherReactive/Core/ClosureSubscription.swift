// `subscribe(onNext:…)` and the subscription it returns: inlinable, so that the whole path
// is specialised in the caller's module (docs/decisions/0039-the-hot-path.md, "The hot path").

extension ObservableConvertible {
    /// Subscribes closures to the sequence's events.
    ///
    /// `onNext` is called for every value; `onError` or `onCompleted` at most once, after
    /// which the subscription disposes itself (so a ``DisposeBag`` can let it go) and
    /// `onDisposed` runs. `onDisposed` also runs when the subscription is disposed early.
    @inlinable
    @discardableResult
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        // Inlinable so that the whole path is specialised in the caller's module. `onNext`
        // is captured by the observer closure (immutable there, so calling it costs no
        // retain); the closure is released when the upstream lets it go on dispose.
        let subscription = ClosureSubscription(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        let next: (Element) -> Void
        if let onNext { next = onNext } else { next = { _ in } }  // not `??`: it would add thunks
        let observer = AnyObserver<Element> { [subscription] event in
            guard case .active = subscription.phase else { return }
            switch event {
            case .next(let value): next(value)
            case .error(let error): subscription.finish(error)
            case .completed: subscription.finish(nil)
            }
        }
        subscription.setUpstream(asObservable().subscribeHandler(observer))
        return subscription
    }
}

/// The disposable behind `subscribe(onNext:onError:onCompleted:onDisposed:)`.
///
/// Three words, so that a live subscription stays small: the phase (which carries the
/// rarely given terminal callbacks) and the upstream disposable.
@MainActor
@usableFromInline
final class ClosureSubscription: Disposable {
    @usableFromInline enum Phase {
        /// Delivering values.
        case active(ClosureCallbacks)
        /// A terminal event arrived; `dispose()` follows at once.
        case stopped(ClosureCallbacks)
        case disposed
    }

    @exclusivity(unchecked) @usableFromInline var phase: Phase
    @exclusivity(unchecked) @usableFromInline var upstream: (any Disposable)?

    @inlinable init(onError: ((any Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        // Pattern matching, not `!= nil`: the generic operator would wrap the closures in thunks.
        switch (onError, onCompleted, onDisposed) {
        case (.none, .none, .none): phase = .active(ClosureCallbacks.none)
        default: phase = .active(ClosureCallbacks(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed))
        }
    }

    /// `true` once a terminal event arrived or `dispose()` ran.
    @usableFromInline var isDisposed: Bool {
        if case .active = phase { return false }
        return true
    }

    @inlinable func setUpstream(_ disposable: any Disposable) {
        // Disposed before the source's subscribe returned (possibly by its terminal event).
        if case .active = phase { upstream = disposable } else { disposable.dispose() }
    }

    /// Handles the terminal event (`error` is `nil` for completion), then disposes.
    @usableFromInline func finish(_ error: (any Error)?) {
        guard case .active(let callbacks) = phase else { return }
        phase = .stopped(callbacks)
        if let error {
            if let onError = callbacks.onError { onError(error) } else { Diagnostics.report(unhandled: error) }
        } else {
            callbacks.onCompleted?()
        }
        dispose()
    }

    @usableFromInline func dispose() {
        let callbacks: ClosureCallbacks
        switch phase {
        case .disposed: return
        case .active(let current), .stopped(let current): callbacks = current
        }
        phase = .disposed
        let upstream = self.upstream
        self.upstream = nil
        upstream?.dispose()
        callbacks.onDisposed?()
    }
}

/// The terminal and disposal callbacks of a ``ClosureSubscription``, when any were given.
@usableFromInline
final class ClosureCallbacks {
    @usableFromInline let onError: ((any Error) -> Void)?
    @usableFromInline let onCompleted: (() -> Void)?
    @usableFromInline let onDisposed: (() -> Void)?

    @usableFromInline init(onError: ((any Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
    }

    /// Shared by the subscriptions that have none of the callbacks.
    @usableFromInline nonisolated(unsafe) static let none = ClosureCallbacks(
        onError: nil, onCompleted: nil, onDisposed: nil)
}
