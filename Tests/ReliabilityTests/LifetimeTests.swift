@testable import LoginDemoCore
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// Bindings, widgets and view models are freed when their form closes
/// (docs/reliability.md, "Memory (object lifetimes)").
@MainActor
@Suite("Memory (object lifetimes)")
struct LifetimeTests {
    /// Weak references to everything a demo session built: the view model and its command,
    /// the screen, every widget ever in the tree, the application, the pilot and its terminal.
    static func references(to demo: Demo, widgets: [Widget]) -> [Weak] {
        var references = [
            Weak("view model", demo.viewModel), Weak("sign-in command", demo.viewModel.signIn),
            Weak("login screen", demo.screen), Weak("application", demo.pilot.app), Weak("pilot", demo.pilot),
            Weak("headless backend", demo.pilot.backend),
        ]
        var seen = Set<ObjectIdentifier>()
        for widget in widgets + demo.widgets where seen.insert(ObjectIdentifier(widget)).inserted {
            references.append(Weak("\(widget)", widget))
        }
        return references
    }

    /// Lets finished and cancelled tasks end (a cancelled sign-in's task).
    static func drainTasks() async {
        for _ in 0..<20 { await Task.yield() }
    }

    /// A whole session: a failed attempt, a reset, clicks and the wheel, a sign-in started
    /// and cancelled with Esc, then a successful one and a key to leave.
    static func wholeSession(scheduler: TestScheduler) async throws -> [Weak] {
        let demo = try Demo(scheduler: scheduler)
        let formWidgets = demo.widgets
        await demo.failOnce()
        demo.pilot.press(.ctrl("r"))
        demo.pilot.click(on: demo.screen.remember)
        demo.pilot.click(on: demo.screen.sessionLength, offset: 5)
        demo.pilot.scroll(
            at: Point(x: demo.screen.sessionLength.frame.minX, y: demo.screen.sessionLength.frame.minY), steps: 3)
        demo.pilot.click(on: demo.screen.username)
        demo.fill(username: "demo", password: "tether-demo")
        await demo.submit()
        demo.pilot.advance(by: .milliseconds(160))
        demo.pilot.press(.escape)
        #expect(demo.viewModel.signIn.executing == false)
        demo.pilot.click(on: demo.screen.password)
        await demo.submit()
        await demo.finishSignIn()
        #expect(demo.viewModel.session.value != nil)
        demo.pilot.type("x")
        #expect(demo.pilot.app.exit == .quit)
        return references(to: demo, widgets: formWidgets)
    }

    @Test("after a whole session the view model, the screen, every widget and the application are freed")
    func wholeSessionFreesEverything() async throws {
        let references = try await Self.wholeSession(scheduler: TestScheduler())
        await Self.drainTasks()
        let alive = references.filter { $0.object != nil }.map(\.name)
        #expect(references.count > 20)
        #expect(alive.isEmpty, "still alive: \(alive)")
        print("Memory: \(references.count - alive.count) of \(references.count) objects freed after a whole session")
    }

    @Test("a whole session leaves no timer behind on a scheduler that outlives the form")
    func wholeSessionLeavesNoTimers() async throws {
        let scheduler = TestScheduler()
        _ = try await Self.wholeSession(scheduler: scheduler)
        await Self.drainTasks()
        #expect(scheduler.pendingCount == 0)
    }

    @Test("a form closed during the lockout countdown is freed and its countdown timer cancelled")
    func closedDuringLockout() async throws {
        let scheduler = TestScheduler()
        var references: [Weak] = []
        do {
            let demo = try Demo(scheduler: scheduler)
            for _ in 0..<LoginViewModel.maxFailures { await demo.failOnce() }
            #expect(demo.viewModel.lockoutRemaining.value > 0)
            references = Self.references(to: demo, widgets: [])
        }
        await Self.drainTasks()
        #expect(references.filter { $0.object != nil }.map(\.name).isEmpty)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("a form closed while signing in is freed once the sign-in's delay has passed")
    func closedWhileSigningIn() async throws {
        let scheduler = TestScheduler()
        var references: [Weak] = []
        do {
            let demo = try Demo(scheduler: scheduler)
            demo.fill(username: "demo", password: "tether-demo")
            await demo.submit()
            demo.pilot.advance(by: .milliseconds(160))
            #expect(demo.viewModel.signIn.executing)
            references = Self.references(to: demo, widgets: [])
        }
        scheduler.advance(by: Demo.delay)
        await Self.drainTasks()
        #expect(references.filter { $0.object != nil }.map(\.name).isEmpty)
        #expect(scheduler.pendingCount == 0)
    }
}
