extension Observable where Element == Int {
    /// Emits 0, 1, 2, … every `period` on `scheduler`, starting one period after subscription.
    public static func interval(_ period: Duration, scheduler: any Scheduler) -> Observable<Int> {
        Observable(unchecked: { observer in
            var tick = 0
            return scheduler.schedulePeriodic(every: period) {
                observer.on(.next(tick))
                tick += 1
            }
        })
    }

    /// Emits 0 once after `delay` on `scheduler`, then completes.
    public static func timer(_ delay: Duration, scheduler: any Scheduler) -> Observable<Int> {
        Observable(unchecked: { observer in
            scheduler.schedule(after: delay) {
                observer.on(.next(0))
                observer.on(.completed)
            }
        })
    }
}
