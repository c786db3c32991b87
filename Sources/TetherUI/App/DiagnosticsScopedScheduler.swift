import TetherReactive

/// A scheduler that runs each action of `base` inside `scope`: an application's widgets get
/// one whose scope puts the application's own `diagnostics` in place, so what a timer or a
/// debounced check reports goes to that application, not to the process-wide handler
/// (several applications share a process in a session host).
@MainActor
final class DiagnosticsScopedScheduler: Scheduler {
    let base: any Scheduler
    private let scope: (() -> Void) -> Void

    init(base: any Scheduler, scope: @escaping (() -> Void) -> Void) {
        self.base = base
        self.scope = scope
    }

    var now: Duration { base.now }

    @discardableResult
    func schedule(_ action: @escaping () -> Void) -> any Disposable {
        let scope = scope
        return base.schedule { scope(action) }
    }

    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Disposable {
        let scope = scope
        return base.schedule(after: delay) { scope(action) }
    }
}
