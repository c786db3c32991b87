extension ObservableConvertible {
    /// Delivers every event through `scheduler`, in order.
    ///
    /// With ``MainScheduler`` an event arriving while nothing is queued is delivered
    /// inline; otherwise it waits behind the queued ones.
    public func observe(on scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let subscription = SingleAssignmentDisposable()
            subscription.set(
                source.subscribeHandler(
                    AnyObserver { event in
                        scheduler.schedule {
                            guard !subscription.isDisposed else { return }
                            observer.handler(event)
                        }
                    }))
            return subscription
        })
    }
}
