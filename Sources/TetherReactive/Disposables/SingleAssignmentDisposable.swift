/// Holds a disposable that arrives after it may already have been disposed.
///
/// Operators that finish early (``ObservableConvertible/take(_:)``) dispose their upstream
/// before the upstream's subscribe call has returned it; this disposes it on arrival.
@MainActor
final class SingleAssignmentDisposable: Disposable {
    private var held: (any Disposable)?
    private(set) var isDisposed = false

    func set(_ disposable: any Disposable) {
        if isDisposed { disposable.dispose() } else { held = disposable }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let held = self.held
        self.held = nil
        held?.dispose()
    }
}
