/// Runs work now or later on the main actor, and tells the time.
///
/// Every time-based operator (``ObservableConvertible/debounce(_:scheduler:)``,
/// ``ObservableConvertible/throttle(_:latest:scheduler:)``, ``ObservableConvertible/observe(on:)``)
/// and every timer in Tether takes a scheduler, so a test can substitute
/// ``TestScheduler`` and drive time without sleeping.
@MainActor
public protocol Scheduler: AnyObject {
    /// The scheduler's current time, measured from an arbitrary fixed start.
    var now: Duration { get }
    /// Runs `action` as soon as the scheduler allows. Disposing the result before it
    /// runs cancels it.
    @discardableResult
    func schedule(_ action: @escaping () -> Void) -> any Disposable
    /// Runs `action` once `delay` has passed. Disposing the result before it runs cancels it.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Disposable
}

extension Scheduler {
    /// Runs `action` every `period`, first after one period, until the result is disposed.
    ///
    /// Each run is scheduled from the previous run's due time, so a slow action does
    /// not make the timer drift. The timer holds the scheduler weakly: a scheduler that
    /// goes away takes its pending runs with it.
    @discardableResult
    public func schedulePeriodic(every period: Duration, _ action: @escaping () -> Void) -> any Disposable {
        let timer = SerialDisposable()
        var due = now + period
        weak let scheduler = self
        func arm() {
            guard let scheduler else { return }
            let delay = max(.zero, due - scheduler.now)
            timer.disposable = scheduler.schedule(after: delay) {
                guard !timer.isDisposed else { return }
                due += period
                arm()
                action()
            }
        }
        arm()
        return timer
    }
}
