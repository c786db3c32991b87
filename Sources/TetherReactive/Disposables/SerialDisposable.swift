/// Holds one disposable at a time: setting a new one disposes the previous one.
///
/// Once the serial disposable is disposed, any disposable assigned to it is disposed
/// immediately. ``ObservableConvertible/flatMapLatest(_:)`` uses it for the inner subscription.
@MainActor
public final class SerialDisposable: Disposable {
    private var current: (any Disposable)?
    /// `true` once `dispose()` has run.
    public private(set) var isDisposed = false

    /// An empty serial disposable.
    public init() {}

    /// The disposable currently held. Setting it disposes the one it replaces.
    public var disposable: (any Disposable)? {
        get { current }
        set {
            if isDisposed { newValue?.dispose(); return }
            let old = current
            current = newValue
            old?.dispose()
        }
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let old = current
        current = nil
        old?.dispose()
    }
}
