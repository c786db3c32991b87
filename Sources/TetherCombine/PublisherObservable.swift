#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import TetherReactive

extension Publisher {
    /// The publisher's values as an `TetherReactive.Observable`: each subscription
    /// subscribes to the publisher with unlimited demand; `.finished` completes it and
    /// `.failure` fails it. Disposing the subscription cancels the Combine subscription.
    ///
    /// Values must arrive on the main actor, as everything in Tether runs there: a subject
    /// sent to on the main actor, or a publisher moved there first with
    /// `receive(on: DispatchQueue.main)`. A value arriving on another thread stops the
    /// program with Swift's actor-isolation check.
    ///
    /// ```swift
    /// statusLabel.text <~ viewModel.$status.asObservable()
    /// ```
    @MainActor
    public func asObservable() -> TetherReactive.Observable<Output> {
        let publisher = self
        return Observable.create { observer in
            let cancellable = publisher.sink(
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: observer.on(.completed)
                    case .failure(let error): observer.on(.error(error))
                    }
                },
                receiveValue: { value in
                    observer.on(.next(value))
                })
            return Disposables.create { cancellable.cancel() }
        }
    }
}
