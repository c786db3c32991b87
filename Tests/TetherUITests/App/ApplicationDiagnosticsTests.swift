import Testing
import TetherReactive
import TetherTesting
@testable import TetherUI

/// Each application's own `diagnostics`: what goes wrong while one of several applications in
/// a process handles a key is reported to that one.
@Suite("Application diagnostics")
@MainActor
struct ApplicationDiagnosticsTests {
    private struct Failure: Error {}

    /// An application on a headless terminal whose `x` key subscribes to a failing
    /// observable without an error handler, and whose reports go to `reports`.
    private func application(reporting reports: @escaping (String) -> Void) throws -> (Application, HeadlessBackend) {
        let backend = HeadlessBackend(size: Size(width: 20, height: 3))
        let app = Application(root: Label("app"), backend: backend, scheduler: TestScheduler())
        app.diagnostics = reports
        app.onKey(.character("x")) { _ = Observable<Int>.error(Failure()).subscribe(onNext: { _ in }) }
        try app.start()
        app.renderIfNeeded()
        return (app, backend)
    }

    @Test("an error nobody handled while one of two applications handles a key is reported to that application only")
    func reportsGoToTheApplicationHandlingTheKey() throws {
        var first: [String] = []
        var second: [String] = []
        let (a, backendA) = try application { first.append($0) }
        let (b, _) = try application { second.append($0) }
        backendA.send(.input(.key(.character("x"))))
        #expect(first == ["unhandled error: Failure()"])
        #expect(second.isEmpty)
        a.quit()
        b.quit()
    }

    @Test("an error nobody handled in a widget's timer is reported to that widget's application, not the process")
    func timerReportsGoToTheirApplication() throws {
        var first: [String] = []
        var second: [String] = []
        var processWide: [String] = []
        let saved = Diagnostics.handler
        Diagnostics.handler = { processWide.append($0) }
        defer { Diagnostics.handler = saved }
        let scheduler = TestScheduler()
        let label = Label("a")
        let a = Application(
            root: label, backend: HeadlessBackend(size: Size(width: 20, height: 3)), scheduler: scheduler)
        a.diagnostics = { first.append($0) }
        let b = Application(
            root: Label("b"), backend: HeadlessBackend(size: Size(width: 20, height: 3)), scheduler: scheduler)
        b.diagnostics = { second.append($0) }
        try a.start()
        try b.start()
        label.hostScheduler?.schedule(after: .milliseconds(10)) {
            _ = Observable<Int>.error(Failure()).subscribe(onNext: { _ in })
        }
        scheduler.advance(by: .milliseconds(10))
        #expect(first == ["unhandled error: Failure()"])
        #expect(second.isEmpty)
        #expect(processWide.isEmpty)
        a.quit()
        b.quit()
    }
}
