#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// `login-demo` without a usable terminal, and with its standard output redirected away
/// from the terminal.
@Suite("login-demo without a terminal or with redirected output", .serialized)
struct NoTerminalTests {
    @Test("without a controlling terminal (setsid -w, stdin /dev/null) it prints one line on stderr and exits 2")
    func noControllingTerminal() async {
        let result = await ProcessRunner.run(["setsid", "-w", DemoInTmux.binary], stdinPath: "/dev/null")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "login-demo: no controlling terminal (/dev/tty): Tether needs an interactive terminal\n")
    }

    @Test("with standard input closed (<&-) the accessible form reads the end of input: one line on stderr, exit 2")
    func standardInputClosed() async {
        let command = "timeout 20 \(shellQuoted(DemoInTmux.binary)) --accessible <&-"
        let result = await ProcessRunner.run(["setsid", "-w", "sh", "-c", command])
        #expect(result.status == 2)  // not 124: it does not wait for ever on a descriptor it did not open
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasSuffix("login-demo: input ended before the form was complete (no answer for Username)\n"),
            "stderr: \(result.stderr)")
    }

    @Test("with TERM unset the form is asked line by line; the end of input exits 2 and leaves the terminal untouched")
    func termUnset() async throws {
        try await Self.expectConversationEndsOnEOF(["env", "-u", "TERM", DemoInTmux.binary])
    }

    /// Runs `command` in tmux: the demo asks for the Username line by line; Ctrl-D ends the
    /// input (said to a person, not as to a script), so it exits 2 with one line on stderr, nothing on stdout, the terminal as it was.
    static func expectConversationEndsOnEOF(_ command: [String]) async throws {
        let tmux = try TmuxSession.running(command)
        defer { tmux.kill() }
        try await tmux.waitForText("Username (hint: your name):", timeout: DemoInTmux.startTimeout)
        tmux.press("C-d")
        #expect(try await DemoInTmux.exitStatus(tmux) == "2")
        let err = tmux.file("err") ?? ""
        #expect(
            err == "login-demo: stopped at Username (Ctrl-D ends the input): nothing was submitted\n",
            "stderr: \(err.debugDescription)")
        #expect(tmux.file("out") == "")
        DemoInTmux.expectRestored(tmux)
    }

    @Test("with TERM=dumb the form is asked line by line without escape sequences")
    func termDumb() async throws {
        let tmux = try TmuxSession.running(["env", "TERM=dumb", DemoInTmux.binary])
        defer { tmux.kill() }
        try await tmux.waitForText("Username (hint: your name):", timeout: DemoInTmux.startTimeout)
        tmux.press("C-d")
        #expect(try await DemoInTmux.exitStatus(tmux) == "2")
        #expect(tmux.file("err") == "login-demo: stopped at Username (Ctrl-D ends the input): nothing was submitted\n")
        #expect(tmux.file("out") == "")
        DemoInTmux.expectRestored(tmux)
    }

    @Test(
        "with TERM empty (TERM=) the form is asked line by line, as with TERM unset; the end of input exits 2 and leaves the terminal untouched"
    )
    func termEmpty() async throws {
        try await Self.expectConversationEndsOnEOF(["env", "TERM=", DemoInTmux.binary])
    }

    @Test("with TERM=dumb the conversation writes no escape byte to the terminal (the raw bytes, in a pty)")
    func termDumbWritesNoEscape() async throws {
        let pty = try PtySession([DemoInTmux.binary], environment: ["TERM=dumb"])
        defer { pty.kill() }
        try await pty.waitFor(text: "Username (hint: your name):", timeout: 30)
        pty.send([0x04])  // Ctrl-D at the start of a line: the end of input
        #expect(try await pty.waitForExit(timeout: 30) == 2)
        let written = String(decoding: pty.output, as: UTF8.self)
        #expect(
            written.contains("login-demo: stopped at Username (Ctrl-D ends the input): nothing was submitted"),
            "written: \(written.debugDescription)")
        #expect(pty.output.firstIndex(of: 0x1B) == nil, "written: \(written.debugDescription)")
    }

    @Test("without a controlling terminal, answers in a file on standard input sign in through the accessible form")
    func answersFromAFile() async throws {
        let directory = try makeTemporaryDirectory("tether-answers")
        let answers = directory + "/answers"
        defer {
            unlink(answers)
            rmdir(directory)
        }
        #expect(writeText("demo\ntether-demo\n\n\n\n", toPath: answers))
        let result = await ProcessRunner.run(["setsid", "-w", DemoInTmux.binary, "--delay", "0.1"], stdinPath: answers)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "signed in: demo (session 30 min, not remembered)\n")
        #expect(result.stderr.contains("Username (hint: your name):"), "stderr: \(result.stderr)")
    }

    /// Signs in as demo in the pane and leaves with Enter.
    private func signIn(_ tmux: TmuxSession) async throws {
        try await DemoInTmux.typeUsername("demo", in: tmux)
        tmux.press("Tab")
        tmux.type("tether-demo")
        tmux.press("Enter")
        try await tmux.waitForText("Signed in as demo", timeout: DemoInTmux.startTimeout)
        tmux.press("Enter")
    }

    @Test("with stdout redirected to a file the form runs on the terminal and the file gets one line without escapes")
    func stdoutToFile() async throws {
        let tmux = try DemoInTmux.start()
        defer { tmux.kill() }
        try await signIn(tmux)
        #expect(try await DemoInTmux.exitStatus(tmux) == "0")
        #expect(tmux.file("out") == "signed in: demo (session 30 min, not remembered)\n")
        #expect(tmux.file("err") == "")
        DemoInTmux.expectRestored(tmux)
    }

    @Test("with stdout piped to cat the form runs on the terminal and cat's file gets one line without escapes")
    func stdoutToPipe() async throws {
        let demo = DemoInTmux.command(["--delay", "0.1"])
        let tmux = try TmuxSession(
            command: "stty -g > before; { \(demo) 2> err; echo $? > status; } | cat > out; "
                + "stty -g > after; exec sleep 600")
        defer { tmux.kill() }
        try await signIn(tmux)
        #expect(try await DemoInTmux.exitStatus(tmux) == "0")
        #expect(tmux.file("out") == "signed in: demo (session 30 min, not remembered)\n")
        #expect(tmux.file("err") == "")
        DemoInTmux.expectRestored(tmux)
    }
}
