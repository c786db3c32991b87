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

    @Test("TERM=xterm in XTerm (XTERM_VERSION set) is drawn with 256 colours: the colour line reaches tmux as 38;5;208")
    func xtermVersionMeans256Colours() async throws {
        let tmux = try CursesCheckTests.start(
            "-u", "COLORTERM", "-u", "VTE_VERSION", "-u", "KONSOLE_VERSION", "TERM=xterm", "XTERM_VERSION=XTerm(390)")
        defer { tmux.kill() }
        try await tmux.waitForText("true colour")
        let escaped = tmux.tmux(["capture-pane", "-p", "-e", "-t", "main"]).stdout
        #expect(escaped.contains("38;5;208m"), "\(escaped)")
    }

    @Test("TERM=xterm with nothing saying more is drawn with its 8 colours: no 256-palette colour")
    func plainXtermStaysAtEightColours() async throws {
        let tmux = try CursesCheckTests.start(
            "-u", "COLORTERM", "-u", "VTE_VERSION", "-u", "KONSOLE_VERSION", "-u", "XTERM_VERSION", "TERM=xterm")
        defer { tmux.kill() }
        try await tmux.waitForText("true colour")
        let escaped = tmux.tmux(["capture-pane", "-p", "-e", "-t", "main"]).stdout
        #expect(!escaped.contains("38;5;"), "\(escaped)")
    }

    @Test("a terminfo entry with the Tc flag gets true colour without COLORTERM")
    func terminfoTcFlagMeansTrueColour() async throws {
        let script = """
            printf '%s\\n' "$1" > entry.src && tic -x -o terminfo entry.src 2> /dev/null \
            && exec env -u COLORTERM TERMINFO="$PWD/terminfo" TERM=tether-tc "$2"
            """
        let entry = "tether-tc|xterm-256color with the Tc flag,\n\tTc, use=xterm-256color,"
        let tmux = try TmuxSession.running(["sh", "-c", script, "sh", entry, CursesCheckTests.checkProgram])
        defer { tmux.kill() }
        try await tmux.waitForText("true colour")
        let escaped = tmux.tmux(["capture-pane", "-p", "-e", "-t", "main"]).stdout
        #expect(escaped.contains("38;2;255;135;0m"))
    }
}

@Suite("OSC 52 and OSC 8 in tmux")
struct ClipboardAndLinkTmuxTests {
    @Test("with set-clipboard on, the copy key's OSC 52 lands in tmux's paste buffer")
    func copyReachesTmuxBuffer() async throws {
        let tmux = try CursesCheckTests.start()
        defer { tmux.kill() }
        try await tmux.waitForText("type here>")
        tmux.tmux(["set", "-g", "set-clipboard", "on"])
        tmux.type("c")
        try await tmux.waitForText("last key: copied")
        try await tmux.waitFor("the paste buffer") {
            tmux.tmux(["show-buffer"]).stdout == "copied by tether"
        }
    }

    @Test("a linked line shows its text in tmux and leaves the cursor where it belongs")
    func linkedLineInTmux() async throws {
        // tmux 3.3 drops OSC 8 (3.4 keeps hyperlinks): the text and the cursor must not notice.
        let tmux = try CursesCheckTests.start()
        defer { tmux.kill() }
        try await tmux.waitForText("│ docs link")
        try await tmux.waitForDisplay("#{cursor_x},#{cursor_y},#{cursor_flag}", toBe: "13,9,1")
        #expect(!tmux.screen.contains("8;;"))
    }
}
