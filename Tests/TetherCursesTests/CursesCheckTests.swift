#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// End-to-end tests: the `tether-curses-check` program runs in a private tmux server
/// (``TmuxSession`` from the shared `TerminalHarness`) and the tests read the pane back
/// with `capture-pane`.
@Suite("CursesBackend in tmux")
struct CursesCheckTests {
    /// The check program SwiftPM built next to the test bundle.
    static var checkProgram: String { buildProductsDirectory() + "/tether-curses-check" }

    /// A pane running the check program through `env` with `environment` (assignments
    /// such as `"TERM=dumb"` or options such as `"-u", "TERM"`); what it leaves is in the
    /// scratch files `out`, `err`, `status`, `before` and `after`
    /// (``TmuxSession/running(_:width:height:environment:)``).
    static func start(_ environment: String...) throws -> TmuxSession {
        try TmuxSession.running(["env"] + environment + [checkProgram])
    }

    /// The process id the check program shows on its `pid:` line, once it is drawn.
    static func checkProgramPID(_ tmux: TmuxSession) async throws -> pid_t {
        try await tmux.waitForValue("the pid: line") {
            let text = tmux.screen
            guard let range = text.firstRange(of: "pid: ") else { return nil }
            let rest = text[range.upperBound...]
            let digits = rest.prefix { $0.isNumber }
            // A space after the number: the line was drawn completely.
            guard !digits.isEmpty, rest.dropFirst(digits.count).first == " " else { return nil }
            return pid_t(digits)
        }
    }

    /// A pane running an interactive bash (job control on) at its `ready>` prompt.
    static func startShell() async throws -> TmuxSession {
        let tmux = try TmuxSession(command: "env PS1='ready> ' bash --norc --noprofile -i")
        try await tmux.waitForText("ready>")
        return tmux
    }
    // MARK: Drawing

    @Test("draws a bordered box showing the terminal size")
    func drawsBoxAndSize() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitUntil("the box at 80×24") { lines in
            lines.count > 23 && lines.contains { $0.contains("│ Tether curses check 80×24") }
                && lines[0].hasPrefix("┌─") && lines[0].hasSuffix("─┐")
                && lines[23].hasPrefix("└─") && lines[23].hasSuffix("─┘")
        }
    }

    @Test("draws the CJK and emoji line")
    func drawsWideCharacters() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("│ 漢字 ok 🙂 ")
    }

    @Test("draws wide characters when the locale is C")
    func drawsWideCharactersInCLocale() async throws {
        let tmux = try Self.start("-u", "LANG", "-u", "LC_ALL", "-u", "LC_CTYPE")
        defer { tmux.kill() }
        try await tmux.waitForText("│ 漢字 ok 🙂 ")
    }

    @Test("reports 256 colours in tmux-256color")
    func reportsColors() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("colors: 256")
    }

    @Test("NO_COLOR turns colours off but still draws")
    func noColor() async throws {
        let tmux = try Self.start("NO_COLOR=1")
        defer { tmux.kill() }
        try await tmux.waitForText("colors: 0 ", "└─")
    }

    @Test("places the cursor after the prompt")
    func placesCursor() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("type here>")
        try await tmux.waitForDisplay("#{cursor_x},#{cursor_y},#{cursor_flag}", toBe: "13,9,1")
    }

    @Test("redraws at the new size after the window is resized")
    func redrawsAfterResize() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("80×24")
        tmux.resize(width: 40, height: 12)
        try await tmux.waitUntil("the box at 40×12") { lines in
            lines.count > 11 && lines.contains { $0.contains("│ Tether curses check 40×12") }
                && lines[11].hasPrefix("└─") && lines[11].hasSuffix("─┘")
        }
    }

    @Test("typing a key rewrites only the changed cells")
    func typingWritesFewBytes() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("keys: 0")
        tmux.tmux(["pipe-pane", "-O", "-t", "main", "cat > \(shellQuoted(tmux.path("bytes")))"])
        tmux.press("x")
        try await tmux.waitForText("keys: 1")
        tmux.tmux(["pipe-pane", "-t", "main"])
        let written = try await tmux.waitForValue("the bytes piped out of the pane") {
            tmux.fileBytes("bytes").flatMap { $0.isEmpty ? nil : $0.count }
        }
        // "x" over "none", "1" over "0" and the cursor moved back: a few dozen bytes,
        // against about 2 000 for a full redraw.
        #expect(written < 80, "wrote \(written) bytes")
    }

    // MARK: Input

    @Test("shows a typed character as the last key and counts it")
    func typedCharacter() async throws {
        try await expectKey("x", shownAs: "x")
    }

    @Test("reports Ctrl-W as Ctrl-W")
    func controlW() async throws {
        try await expectKey("C-w", shownAs: "Ctrl-W")
    }

    @Test("delivers Ctrl-C as a key in raw mode instead of a signal")
    func controlCIsAKey() async throws {
        try await expectKey("C-c", shownAs: "Ctrl-C")
    }

    @Test("reports the Up arrow as Up")
    func arrowUp() async throws {
        try await expectKey("Up", shownAs: "Up")
    }

    @Test("reports a lone Escape byte as Esc after the escape delay")
    func loneEscape() async throws {
        try await expectKey("Escape", shownAs: "Esc")
    }

    /// Presses the tmux key `key` once the check program is drawn, and waits until it
    /// shows `name` as the last key and counts one key.
    func expectKey(_ key: String, shownAs name: String) async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("keys: 0")
        tmux.press(key)
        try await tmux.waitForText("last key: \(name) ", "keys: 1 ")
    }

    @Test("delivers bracketed paste as one paste event")
    func bracketedPaste() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("keys: 0")
        tmux.tmux(["set-buffer", "hello q world"])
        tmux.tmux(["paste-buffer", "-p", "-t", "main"])
        try await tmux.waitForText("last key: paste hello q world ", "keys: 1 ")
    }

    @Test("turns on SGR mouse reporting while running")
    func mouseModeOn() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("keys: 0")
        #expect(tmux.display("#{alternate_on} #{mouse_sgr_flag} #{mouse_button_flag}") == "1 1 1")
    }

    // MARK: Leaving

    @Test("q exits with status 0 and restores the terminal modes")
    func quitRestoresModes() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("keys: 0")
        tmux.press("q")
        let after = try await tmux.waitForFile("after")
        let status = try await tmux.waitForFile("status")
        #expect(status == "0\n")
        #expect(after == tmux.file("before"))
    }

    @Test("q leaves the alternate screen with the cursor shown and mouse reporting off")
    func quitLeavesAlternateScreen() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("keys: 0")
        tmux.press("q")
        _ = try await tmux.waitForFile("after")
        #expect(tmux.display("#{alternate_on} #{cursor_flag} #{mouse_any_flag} #{mouse_sgr_flag}") == "0 1 0 0")
    }

    @Test("standard output redirected to a file receives only bye")
    func stdoutOnlyBye() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("keys: 0")
        tmux.press("q")
        let status = try await tmux.waitForFile("status")
        #expect(status == "0\n")
        #expect(tmux.file("out") == "bye\n")
        #expect(tmux.file("err") == "")
    }

    @Test("SIGTERM restores the terminal and exits with status 143")
    func sigtermRestores() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        kill(try await Self.checkProgramPID(tmux), SIGTERM)
        let after = try await tmux.waitForFile("after")
        let status = try await tmux.waitForFile("status")
        #expect(status == "143\n")
        #expect(after == tmux.file("before"))
        #expect(tmux.display("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0")
    }

    @Test("exit() without stop() still restores the terminal through the exit hook")
    func exitHookRestores() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("keys: 0")
        tmux.press("e")
        let after = try await tmux.waitForFile("after")
        let status = try await tmux.waitForFile("status")
        #expect(status == "3\n")
        #expect(after == tmux.file("before"))
        #expect(tmux.display("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0")
    }

    @Test("stop then start again takes the terminal back and keeps reading keys")
    func restart() async throws {
        let tmux = try Self.start()
        defer { tmux.kill() }
        try await tmux.waitForText("keys: 0")
        tmux.press("r")
        try await tmux.waitForText("last key: restarted", "└─")
        tmux.press("C-w")
        try await tmux.waitForText("last key: Ctrl-W ", "keys: 1 ")
        #expect(tmux.display("#{alternate_on} #{mouse_sgr_flag}") == "1 1")
        tmux.press("q")
        let status = try await tmux.waitForFile("status")
        #expect(status == "0\n")
        let after = try await tmux.waitForFile("after")
        #expect(after == tmux.file("before"))
    }

    // MARK: Job control

    @Test("SIGTSTP gives the terminal back to the shell and fg redraws the screen")
    func sigtstpSuspends() async throws {
        let tmux = try await Self.startShell()
        defer { tmux.kill() }
        tmux.type(shellQuoted(Self.checkProgram))
        tmux.press("Enter")
        kill(try await Self.checkProgramPID(tmux), SIGTSTP)
        try await tmux.waitForText("Stopped")
        #expect(tmux.display("#{alternate_on} #{mouse_any_flag}") == "0 0")
        tmux.type("fg")
        tmux.press("Enter")
        try await tmux.waitFor("the check program drawn again on the alternate screen") {
            tmux.display("#{alternate_on}") == "1" && tmux.screen.contains("└─")
        }
        tmux.press("q")
        try await tmux.waitForText("bye")
    }

    @Test("Ctrl-Z in the check program suspends it like SIGTSTP")
    func controlZSuspends() async throws {
        let tmux = try await Self.startShell()
        defer { tmux.kill() }
        tmux.type(shellQuoted(Self.checkProgram))
        tmux.press("Enter")
        try await tmux.waitForText("keys: 0")
        tmux.press("C-z")
        try await tmux.waitForText("Stopped")
        tmux.type("fg")
        tmux.press("Enter")
        try await tmux.waitFor("the check program drawn again on the alternate screen") {
            tmux.display("#{alternate_on}") == "1" && tmux.screen.contains("└─")
        }
        tmux.press("y")
        try await tmux.waitForText("last key: y ", "keys: 1 ")
    }

    // MARK: Unusable terminals

    @Test("without a controlling terminal it exits 2 with one line on stderr and nothing on stdout")
    func noControllingTerminal() async {
        let result = await ProcessRunner.run(["setsid", "-w", Self.checkProgram])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "tether-curses-check: no controlling terminal (/dev/tty): Tether needs an interactive terminal\n")
    }

    @Test("TERM=dumb exits 2 with an error saying it cannot draw")
    func dumbTerminal() async throws {
        let tmux = try Self.start("TERM=dumb")
        defer { tmux.kill() }
        let status = try await tmux.waitForFile("status")
        #expect(status == "2\n")
        #expect(tmux.file("err") == "tether-curses-check: terminal type 'dumb' cannot draw a full-screen interface\n")
        #expect(tmux.file("out") == "")
    }

    @Test("an unset TERM exits 2 with an error naming TERM")
    func unsetTerm() async throws {
        let tmux = try Self.start("-u", "TERM")
        defer { tmux.kill() }
        let status = try await tmux.waitForFile("status")
        #expect(status == "2\n")
        #expect(tmux.file("err")?.hasPrefix("tether-curses-check: TERM is not set") == true)
        #expect(tmux.file("out") == "")
    }

    @Test("an unknown TERM exits 2 with an error naming the type")
    func unknownTerm() async throws {
        let tmux = try Self.start("TERM=no-such-terminal")
        defer { tmux.kill() }
        let status = try await tmux.waitForFile("status")
        #expect(status == "2\n")
        #expect(tmux.file("err")?.hasPrefix("tether-curses-check: unknown terminal type 'no-such-terminal'") == true)
        let after = try await tmux.waitForFile("after")
        #expect(after == tmux.file("before"))
    }
}
