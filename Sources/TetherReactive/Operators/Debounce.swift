extension ObservableConvertible {
    /// Emits a value only after `dueTime` has passed on `scheduler` without another value.
    ///
    /// On completion the pending value, if any, is emitted first; an error is forwarded
    /// at once and the pending value dropped.
    public func debounce(_ dueTime: Duration, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            let timer = SerialDisposable()
            var pending: Element?
            let upstream = source.subscribeHandler(
                AnyObserver { event in
                    switch event {
                    case .next(let value):
                        pending = value
                        timer.disposable = scheduler.schedule(after: dueTime) {
                            if let value = pending {
                                pending = nil
                                observer.on(.next(value))
                            }
                        }
                    case .error(let error):
                        pending = nil
                        timer.dispose()
                        observer.on(.error(error))
                    case .completed:
                        timer.dispose()
                        if let value = pending {
                            pending = nil
                            observer.on(.next(value))
                        }
                        observer.on(.completed)
                    }
                })
            return CompositeDisposable([upstream, timer])
        }
    }
}
