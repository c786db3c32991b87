/// Owns disposables and disposes them all when the bag is deinitialised.
///
/// Keep a bag in the object whose lifetime the subscriptions should share (a view
/// model, a screen). Inserting into a bag that was already disposed with ``dispose()``
/// disposes the new entry at once. Entries that finished on their own (their sequence
/// completed or failed) are let go as the bag grows, so a long-lived bag does not pile
/// them up.
@MainActor
public final class DisposeBag {
    private var entries: [any Disposable] = []
    private var sweepThreshold = 32
    private var isDisposed = false

    /// An empty bag.
    public init() {}

    /// Adds `disposable` to the bag.
    public func insert(_ disposable: any Disposable) {
        if isDisposed { disposable.dispose(); return }
        if disposable.isDisposed { return }
        entries.append(disposable)
        if entries.count >= sweepThreshold {
            entries.removeAll { $0.isDisposed }
            sweepThreshold = max(32, entries.count * 2)
        }
    }

    /// Adds several disposables to the bag.
    public func insert(_ disposables: any Disposable...) {
        for disposable in disposables { insert(disposable) }
    }

    /// How many live entries the bag holds (finished ones may linger until the next sweep).
    public var count: Int { entries.count }

    /// Disposes every entry now; later insertions are disposed immediately.
    public func dispose() {
        isDisposed = true
        let entries = self.entries
        self.entries = []
        for entry in entries { entry.dispose() }
    }

    isolated deinit {
        for entry in entries { entry.dispose() }
    }
}
