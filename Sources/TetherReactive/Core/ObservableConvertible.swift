/// A type that can be viewed as an ``Observable`` sequence of values.
///
/// Subjects, relays, ``ControlProperty`` and ``ControlEvent`` conform, so every
/// operator defined on this protocol applies to all of them.
@MainActor
public protocol ObservableConvertible<Element> {
    /// The type of value the sequence produces.
    associatedtype Element
    /// The sequence itself.
    func asObservable() -> Observable<Element>
}

extension ObservableConvertible {
    /// Subscribes `observer` to the sequence.
    ///
    /// - Returns: A disposable that ends the subscription. After `dispose()` the
    ///   observer receives nothing more.
    @inlinable public func subscribe<O: ObserverType>(_ observer: O) -> any Disposable where O.Element == Element {
        asObservable().subscribe(observer)
    }

    /// Subscribes closures to the sequence's events.
    ///
    /// `onNext` is called for every value; `onError` or `onCompleted` at most once, after
    /// which the subscription disposes itself (so a ``DisposeBag`` can let it go) and
    /// `onDisposed` runs. `onDisposed` also runs when the subscription is disposed early.
    @discardableResult
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        let subscription = ClosureSubscription(onDisposed: onDisposed)
        let observer = AnyObserver<Element> { [subscription] event in
            guard !subscription.isStopped else { return }
            switch event {
            case .next(let value):
                onNext?(value)
            case .error(let error):
                subscription.isStopped = true
                if let onError { onError(error) } else { Diagnostics.report(unhandled: error) }
                subscription.dispose()
            case .completed:
                subscription.isStopped = true
                onCompleted?()
                subscription.dispose()
            }
        }
        subscription.setUpstream(asObservable().subscribe(observer))
        return subscription
    }
}

/// The disposable behind `subscribe(onNext:onError:onCompleted:onDisposed:)`.
@MainActor
final class ClosureSubscription: Disposable {
    var isStopped = false
    private(set) var isDisposed = false
    private var upstream: (any Disposable)?
    private var onDisposed: (() -> Void)?

    init(onDisposed: (() -> Void)?) { self.onDisposed = onDisposed }

    func setUpstream(_ disposable: any Disposable) {
        if isDisposed { disposable.dispose() } else { upstream = disposable }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        isStopped = true
        let upstream = self.upstream, onDisposed = self.onDisposed
        self.upstream = nil
        self.onDisposed = nil
        upstream?.dispose()
        onDisposed?()
    }
}
