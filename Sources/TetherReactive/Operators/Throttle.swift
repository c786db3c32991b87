extension ObservableConvertible {
    /// Emits at most one value per `dueTime` window on `scheduler`.
    ///
    /// The first value passes at once and opens a window. When `latest` is `true`, the
    /// last value received during a window is emitted when the window closes (and opens
    /// a new one); otherwise values during a window are dropped. Completion emits nothing
    /// more; an error is forwarded at once.
    ///
    /// A window is the half-open interval [opened, opened + `dueTime`), decided by the
    /// scheduler's clock, not by which of two same-time actions runs first: a value that
    /// arrives exactly `dueTime` after the window opened closes it first, as the window's
    /// timer would, and is then handled as a value after the window. So with no value
    /// pending it passes at once; with one pending (`latest: true`), the pending value is
    /// emitted, which opens a new window, and the arriving value becomes that window's
    /// pending value, emitted when it closes. Nothing is dropped. (RxSwift differs there: it
    /// sends the arriving value and drops the pending one.)
    public func throttle(_ dueTime: Duration, latest: Bool = true, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable.create { observer in
            let window = SerialDisposable()
            var inWindow = false
            var windowEnd = Duration.zero
            var pending: Element?
            @MainActor func openWindow() {
                inWindow = true
                windowEnd = scheduler.now + dueTime
                window.disposable = scheduler.schedule(after: dueTime) { closeWindow() }
            }
            @MainActor func closeWindow() {
                if let value = pending {
                    pending = nil
                    observer.on(.next(value))
                    openWindow()
                } else {
                    inWindow = false
                    window.disposable = nil
                }
            }
            let upstream = source.subscribeHandler(
                AnyObserver { event in
                    switch event {
                    case .next(let value):
                        if inWindow, scheduler.now >= windowEnd { closeWindow() }
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
