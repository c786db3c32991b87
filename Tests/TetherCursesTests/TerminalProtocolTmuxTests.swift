import TerminalHarness
import Testing

/// True colour, OSC 52 and OSC 8 through tmux: the check program runs in a private tmux
/// server and the test reads back what tmux made of its bytes (`capture-pane -e` gives each
/// cell's colours as SGR, `show-buffer` the clipboard). tmux keeps a cell's true colour in
/// its grid whatever the outer terminal shows.
@Suite("Terminal protocols in tmux")
struct TerminalProtocolTmuxTests {
    @Test("with COLORTERM=truecolor the true-colour line reaches tmux as 38;2;r;g;b")
    func trueColourReachesTmux() async throws {
        let tmux = try CursesCheckTests.start("COLORTERM=truecolor")
        defer { tmux.kill() }
        try await tmux.waitForText("true colour")
        let escaped = tmux.tmux(["capture-pane", "-p", "-e", "-t", "main"]).stdout
        #expect(escaped.contains("38;2;255;135;0m"))
    }

    @Test("without true colour the line reaches tmux as the nearest palette entry, 208")
    func paletteStandsInWithoutTrueColour() async throws {
        let tmux = try CursesCheckTests.start("-u", "COLORTERM")
        defer { tmux.kill() }
        try await tmux.waitForText("true colour")
        let escaped = tmux.tmux(["capture-pane", "-p", "-e", "-t", "main"]).stdout
        #expect(escaped.contains("38;5;208m"))
        #expect(!escaped.contains("38;2;"))
    }
}
