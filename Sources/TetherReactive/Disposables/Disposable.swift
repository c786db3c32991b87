/// A resource that can be released: usually a subscription or a binding.
///
/// `dispose()` is idempotent: the first call releases the resource, later calls do
/// nothing. After `dispose()` the subscription delivers no more events.
@MainActor
public protocol Disposable: AnyObject {
    /// Releases the resource. Safe to call more than once.
    func dispose()
    /// `true` once the resource has been released, by `dispose()` or because the
    /// subscription finished. A ``DisposeBag`` lets such entries go.
    var isDisposed: Bool { get }
}

/// Factory functions for common disposables.
@MainActor
public enum Disposables {
    /// A disposable that runs `action` the first time it is disposed.
    public static func create(_ action: @escaping () -> Void) -> any Disposable {
        AnonymousDisposable(action)
    }

    /// A disposable that does nothing; it reports itself as already disposed.
    public static func create() -> any Disposable { NopDisposable() }

    /// A disposable that disposes all of `disposables` together.
    public static func create(_ disposables: any Disposable...) -> any Disposable {
        CompositeDisposable(disposables)
    }
}

extension Disposable {
    /// Adds this disposable to `bag`, which disposes it when the bag is deinitialised.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}

/// A disposable with nothing to release.
@MainActor
final class NopDisposable: Disposable {
    var isDisposed: Bool { true }
    func dispose() {}
}
