import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// The terminal's focus (focus reports, DEC mode 1004) as the application exposes it:
/// `isTerminalFocused` and `rx.terminalFocus`.
@MainActor
@Suite("Application: terminal focus")
struct ApplicationTerminalFocusTests {
    /// A pilot over one text field, with every value and the completion of
    /// `rx.terminalFocus` recorded.
    private final class Recorder {
        var values: [Bool] = []
        var completed = false
    }

    private func makePilot() throws -> (Pilot, Recorder, any Disposable) {
        let pilot = try Pilot(root: TextField(), size: Size(width: 20, height: 2))
        let recorder = Recorder()
        let subscription = pilot.app.rx.terminalFocus.subscribe(
            onNext: { recorder.values.append($0) }, onCompleted: { recorder.completed = true })
        return (pilot, recorder, subscription)
    }

    @Test("before any report the terminal is assumed focused, and a subscriber gets that at once")
    func focusedBeforeAnyReport() throws {
        let (pilot, recorder, subscription) = try makePilot()
        defer { subscription.dispose() }
        #expect(pilot.app.isTerminalFocused)
        #expect(recorder.values == [true])
    }

    @Test("a focus-out report makes the terminal unfocused and emits false; a focus-in emits true")
    func reportsEmitChanges() throws {
        let (pilot, recorder, subscription) = try makePilot()
        defer { subscription.dispose() }
        pilot.setTerminalFocused(false)
        #expect(!pilot.app.isTerminalFocused)
        pilot.setTerminalFocused(true)
        #expect(pilot.app.isTerminalFocused)
        #expect(recorder.values == [true, false, true])
    }

    @Test("a report that repeats the state emits nothing")
    func repeatsEmitNothing() throws {
        let (pilot, recorder, subscription) = try makePilot()
        defer { subscription.dispose() }
        pilot.setTerminalFocused(true)
        pilot.setTerminalFocused(false)
        pilot.setTerminalFocused(false)
        #expect(recorder.values == [true, false])
    }

    @Test("the observable completes when the application stops, and reports after that change nothing")
    func completesWhenTheApplicationStops() throws {
        let (pilot, recorder, subscription) = try makePilot()
        defer { subscription.dispose() }
        pilot.app.quit()
        #expect(recorder.completed)
        pilot.setTerminalFocused(false)
        #expect(pilot.app.isTerminalFocused)
        #expect(recorder.values == [true])
    }

    @Test("a focus report is no key: the focused field's text and the unhandled keys stay as they were")
    func reportIsNoKey() throws {
        let field = TextField()
        let pilot = try Pilot(root: field, size: Size(width: 20, height: 2))
        var unhandled: [KeyEvent] = []
        let subscription = pilot.app.unhandledKeys.subscribe(onNext: { unhandled.append($0) })
        defer { subscription.dispose() }
        pilot.type("a")
        pilot.setTerminalFocused(false)
        pilot.setTerminalFocused(true)
        #expect(field.text == "a")
        #expect(unhandled.isEmpty)
    }
}
