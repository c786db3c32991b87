extension ObservableConvertible {
    /// Emits at most one value per `dueTime` window on `scheduler`.
    ///
    /// The first value passes at once and opens a window. When `latest` is `true`, the
    /// last value received during a window is emitted when the window closes (and opens
    /// a new one); otherwise values during a window are dropped. Completion emits nothing
    /// more; an error is forwarded at once.
    public func throttle(_ dueTime: Duration, latest: Bool = true, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            let window = SerialDisposable()
            var inWindow = false
            var pending: Element?
            @MainActor func openWindow() {
                inWindow = true
                window.disposable = scheduler.schedule(after: dueTime) {
                    if let value = pending {
                        pending = nil
                        observer.on(.next(value))
                        openWindow()
                    } else {
                        inWindow = false
                    }
                }
            }
            let upstream = source.subscribeHandler(
                AnyObserver { event in
                    switch event {
                    case .next(let value):
                        if inWindow {
                            if latest { pending = value }
                        } else {
                            observer.on(.next(value))
                            openWindow()
                        }
                    case .error, .completed:
                        window.dispose()
                        observer.on(event)
                    }
                })
            return CompositeDisposable([upstream, window])
        }
    }
}
