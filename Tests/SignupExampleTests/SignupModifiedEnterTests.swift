import TerminalHarness
import Testing

/// Enter with a modifier in a real terminal (a tmux pane): the program sets xterm's
/// `modifyOtherKeys` while it runs, so tmux reports Ctrl-Enter apart from Enter, and the
/// signup form's text area tells them apart.
@Suite("signup-example modified Enter in tmux", .serialized)
struct SignupModifiedEnterTests {
    /// The form, with the "about you" area focused and holding "one".
    private func aboutFocused() async throws -> TmuxSession {
        let tmux = try TmuxSession.running([SignupEndToEndTests.binary], width: 70, height: 20)
        try await tmux.waitForText("Sign up", "Country", timeout: .seconds(15))
        tmux.press("Tab", "Tab", "Tab", "Tab", "Tab")
        try await tmux.waitForText("Enter new line")
        tmux.type("one")
        try await tmux.waitForText("About      one")
        return tmux
    }

    @Test("Enter in the text area breaks the line")
    func enterBreaksTheLine() async throws {
        let tmux = try await aboutFocused()
        defer { tmux.kill() }
        tmux.press("Enter")
        tmux.type("two")
        try await tmux.waitUntil("two lines in the area") { lines in
            lines.contains { $0.contains("About      one") } && lines.contains { $0.contains("           two") }
        }
    }

    @Test("Ctrl-Enter in the text area confirms the form instead: the missing country is named, no line is broken")
    func controlEnterConfirms() async throws {
        let tmux = try await aboutFocused()
        defer { tmux.kill() }
        tmux.press("C-Enter")
        try await tmux.waitForText("2 fields need attention: Country, City")
        tmux.type("two")  // focus went to the country, the first field that needs attention
        let lines = try await tmux.waitForText("[two")
        let about = try #require(lines.firstIndex { $0.contains("About      one") })
        #expect(!lines[about + 1].contains("two"), "the area kept one line")
    }
}
