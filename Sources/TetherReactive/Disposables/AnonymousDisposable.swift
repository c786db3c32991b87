/// A disposable that runs a closure the first time it is disposed.
@MainActor
public final class AnonymousDisposable: Disposable {
    private var action: (() -> Void)?

    /// Creates a disposable that runs `action` once, on the first `dispose()`.
    public init(_ action: @escaping () -> Void) { self.action = action }

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { action == nil }

    /// Runs the action, the first time only.
    public func dispose() {
        guard let action else { return }
        self.action = nil
        action()
    }
}
