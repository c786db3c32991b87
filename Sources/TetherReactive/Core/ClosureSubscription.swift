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
    @usableFromInline nonisolated(unsafe) static let none = ClosureCallbacks(onError: nil, onCompleted: nil, onDisposed: nil)
}
