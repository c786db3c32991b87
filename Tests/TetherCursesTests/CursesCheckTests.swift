import Glibc
import Testing

/// End-to-end tests: the `tether-curses-check` program runs in a private tmux server and
/// the tests read the pane back with `capture-pane`.
@Suite("CursesBackend in tmux")
struct CursesCheckTests {
    // MARK: Drawing

    @Test("draws a bordered box showing the terminal size")
    func drawsBoxAndSize() throws {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        let result = tmux.waitForScreen { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return screen.contains("│ Tether curses check 80×24")
                && lines[0].hasPrefix("┌─") && lines[0].hasSuffix("─┐")
                && lines.count > 23 && lines[23].hasPrefix("└─") && lines[23].hasSuffix("─┘")
        }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("draws the CJK and emoji line")
    func drawsWideCharacters() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        let result = tmux.waitForScreen { $0.contains("│ 漢字 ok 🙂 ") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("draws wide characters when the locale is C")
    func drawsWideCharactersInCLocale() {
        let tmux = Tmux.runningCheckProgram(environment: "-u LANG -u LC_ALL -u LC_CTYPE")
        defer { tmux.close() }
        let result = tmux.waitForScreen { $0.contains("│ 漢字 ok 🙂 ") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("reports 256 colours in tmux-256color")
    func reportsColors() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        let result = tmux.waitForScreen { $0.contains("colors: 256") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("NO_COLOR turns colours off but still draws")
    func noColor() {
        let tmux = Tmux.runningCheckProgram(environment: "NO_COLOR=1")
        defer { tmux.close() }
        let result = tmux.waitForScreen { $0.contains("colors: 0 ") && $0.contains("└─") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("places the cursor after the prompt")
    func placesCursor() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "type here>")
        #expect(tmux.wait { tmux.format("#{cursor_x},#{cursor_y},#{cursor_flag}") == "13,7,1" })
    }

    @Test("redraws at the new size after the window is resized")
    func redrawsAfterResize() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "80×24")
        tmux.tmux(["resize-window", "-t", "main", "-x", "40", "-y", "12"])
        let result = tmux.waitForScreen { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return screen.contains("│ Tether curses check 40×12")
                && lines.count > 11 && lines[11].hasPrefix("└─") && lines[11].hasSuffix("─┘")
        }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("typing a key rewrites only the changed cells")
    func typingWritesFewBytes() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.tmux(["pipe-pane", "-O", "-t", "main", "cat > \(shellQuoted(tmux.path("bytes")))"])
        tmux.send("x")
        tmux.waitForScreen(containing: "keys: 1")
        tmux.tmux(["pipe-pane", "-t", "main"])
        var written = 0
        tmux.wait(timeout: 2) {
            written = readFile(tmux.path("bytes"))?.utf8.count ?? 0
            return written > 0
        }
        // "x" over "none", "1" over "0" and the cursor moved back: a few dozen bytes,
        // against about 2 000 for a full redraw.
        #expect(written > 0 && written < 80, "wrote \(written) bytes")
    }

    // MARK: Input

    @Test("shows a typed character as the last key and counts it")
    func typedCharacter() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("x")
        let result = tmux.waitForScreen { $0.contains("last key: x ") && $0.contains("keys: 1 ") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("reports Ctrl-W as Ctrl-W")
    func controlW() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("C-w")
        let result = tmux.waitForScreen { $0.contains("last key: Ctrl-W ") && $0.contains("keys: 1 ") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("delivers Ctrl-C as a key in raw mode instead of a signal")
    func controlCIsAKey() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("C-c")
        let result = tmux.waitForScreen { $0.contains("last key: Ctrl-C ") && $0.contains("keys: 1 ") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("reports the Up arrow as Up")
    func arrowUp() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("Up")
        let result = tmux.waitForScreen { $0.contains("last key: Up ") && $0.contains("keys: 1 ") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("reports a lone Escape byte as Esc after the escape delay")
    func loneEscape() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("Escape")
        let result = tmux.waitForScreen { $0.contains("last key: Esc ") && $0.contains("keys: 1 ") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("delivers bracketed paste as one paste event")
    func bracketedPaste() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.tmux(["set-buffer", "hello q world"])
        tmux.tmux(["paste-buffer", "-p", "-t", "main"])
        let result = tmux.waitForScreen { $0.contains("last key: paste hello q world ") && $0.contains("keys: 1 ") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    @Test("turns on SGR mouse reporting while running")
    func mouseModeOn() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        #expect(tmux.format("#{alternate_on} #{mouse_sgr_flag} #{mouse_button_flag}") == "1 1 1")
    }

    // MARK: Leaving

    @Test("q exits with status 0 and restores the terminal modes")
    func quitRestoresModes() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("q")
        let after = tmux.waitForFile("after")
        #expect(tmux.waitForFile("status") == "0\n")
        #expect(after != nil && after == readFile(tmux.path("before")))
    }

    @Test("q leaves the alternate screen with the cursor shown and mouse reporting off")
    func quitLeavesAlternateScreen() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("q")
        #expect(tmux.waitForFile("after") != nil)
        #expect(tmux.format("#{alternate_on} #{cursor_flag} #{mouse_any_flag} #{mouse_sgr_flag}") == "0 1 0 0")
    }

    @Test("standard output redirected to a file receives only bye")
    func stdoutOnlyBye() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("q")
        #expect(tmux.waitForFile("status") == "0\n")
        #expect(readFile(tmux.path("out")) == "bye\n")
        #expect(readFile(tmux.path("err")) == "")
    }

    @Test("SIGTERM restores the terminal and exits with status 143")
    func sigtermRestores() throws {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        let pid = try #require(tmux.checkProgramPID())
        kill(pid, SIGTERM)
        let after = tmux.waitForFile("after")
        #expect(tmux.waitForFile("status") == "143\n")
        #expect(after != nil && after == readFile(tmux.path("before")))
        #expect(tmux.format("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0")
    }

    @Test("exit() without stop() still restores the terminal through the exit hook")
    func exitHookRestores() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("e")
        let after = tmux.waitForFile("after")
        #expect(tmux.waitForFile("status") == "3\n")
        #expect(after != nil && after == readFile(tmux.path("before")))
        #expect(tmux.format("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0")
    }

    @Test("stop then start again takes the terminal back and keeps reading keys")
    func restart() {
        let tmux = Tmux.runningCheckProgram()
        defer { tmux.close() }
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("r")
        let restarted = tmux.waitForScreen { $0.contains("last key: restarted") && $0.contains("└─") }
        #expect(restarted.matched, "screen:\n\(restarted.screen)")
        tmux.send("C-w")
        let result = tmux.waitForScreen { $0.contains("last key: Ctrl-W ") && $0.contains("keys: 1 ") }
        #expect(result.matched, "screen:\n\(result.screen)")
        #expect(tmux.format("#{alternate_on} #{mouse_sgr_flag}") == "1 1")
        tmux.send("q")
        #expect(tmux.waitForFile("status") == "0\n")
        #expect(tmux.waitForFile("after") == readFile(tmux.path("before")))
    }

    // MARK: Job control

    @Test("SIGTSTP gives the terminal back to the shell and fg redraws the screen")
    func sigtstpSuspends() throws {
        let tmux = Tmux(command: "env PS1='ready> ' bash --norc --noprofile -i")
        defer { tmux.close() }
        tmux.waitForScreen(containing: "ready>")
        tmux.send(shellQuoted(Tmux.checkProgram), "Enter")
        let pid = try #require(tmux.checkProgramPID())
        kill(pid, SIGTSTP)
        #expect(tmux.waitForScreen { $0.contains("Stopped") }.matched)
        #expect(tmux.format("#{alternate_on} #{mouse_any_flag}") == "0 0")
        tmux.send("fg", "Enter")
        #expect(tmux.wait { tmux.format("#{alternate_on}") == "1" && tmux.screen().contains("└─") })
        tmux.send("q")
        #expect(tmux.waitForScreen { $0.contains("bye") }.matched)
    }

    @Test("Ctrl-Z in the check program suspends it like SIGTSTP")
    func controlZSuspends() throws {
        let tmux = Tmux(command: "env PS1='ready> ' bash --norc --noprofile -i")
        defer { tmux.close() }
        tmux.waitForScreen(containing: "ready>")
        tmux.send(shellQuoted(Tmux.checkProgram), "Enter")
        tmux.waitForScreen(containing: "keys: 0")
        tmux.send("C-z")
        #expect(tmux.waitForScreen { $0.contains("Stopped") }.matched)
        tmux.send("fg", "Enter")
        #expect(tmux.wait { tmux.format("#{alternate_on}") == "1" && tmux.screen().contains("└─") })
        tmux.send("y")
        let result = tmux.waitForScreen { $0.contains("last key: y ") && $0.contains("keys: 1 ") }
        #expect(result.matched, "screen:\n\(result.screen)")
    }

    // MARK: Unusable terminals

    @Test("without a controlling terminal it exits 2 with one line on stderr and nothing on stdout")
    func noControllingTerminal() {
        let result = Subprocess.run(["setsid", "-w", Tmux.checkProgram])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "tether-curses-check: no controlling terminal (/dev/tty): Tether needs an interactive terminal\n")
    }

    @Test("TERM=dumb exits 2 with an error saying it cannot draw")
    func dumbTerminal() {
        let tmux = Tmux.runningCheckProgram(environment: "TERM=dumb")
        defer { tmux.close() }
        #expect(tmux.waitForFile("status") == "2\n")
        #expect(readFile(tmux.path("err")) == "tether-curses-check: terminal type 'dumb' cannot draw a full-screen interface\n")
        #expect(readFile(tmux.path("out")) == "")
    }

    @Test("an unset TERM exits 2 with an error naming TERM")
    func unsetTerm() {
        let tmux = Tmux.runningCheckProgram(environment: "-u TERM")
        defer { tmux.close() }
        #expect(tmux.waitForFile("status") == "2\n")
        #expect(readFile(tmux.path("err"))?.hasPrefix("tether-curses-check: TERM is not set") == true)
        #expect(readFile(tmux.path("out")) == "")
    }

    @Test("an unknown TERM exits 2 with an error naming the type")
    func unknownTerm() {
        let tmux = Tmux.runningCheckProgram(environment: "TERM=no-such-terminal")
        defer { tmux.close() }
        #expect(tmux.waitForFile("status") == "2\n")
        #expect(readFile(tmux.path("err"))?.hasPrefix("tether-curses-check: unknown terminal type 'no-such-terminal'") == true)
        #expect(tmux.waitForFile("after") == readFile(tmux.path("before")))
    }
}
