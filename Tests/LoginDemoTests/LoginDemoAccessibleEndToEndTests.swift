#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `login-demo` in the accessible presentation (`--accessible`, or `TERM` unset)
/// in tmux, and scripted with its answers piped in.
@Suite("login-demo accessible and scripted", .serialized)
struct LoginDemoAccessibleEndToEndTests {
    static var binary: String { buildProductsDirectory() + "/login-demo" }
    static let secret = "hunter2-secret"

    /// Starts the demo in the accessible presentation and waits for the first question.
    /// The demo's pid is in the scratch file `pid`. The shell traps SIGINT (its children get
    /// the default disposition back), so a Ctrl-C in the pane does not end the shell that
    /// records the status.
    func start(_ arguments: [String] = ["--accessible"]) async throws -> TmuxSession {
        let program = (["sh", "-c", "echo $$ > pid; exec \"$@\"", "sh", Self.binary] + arguments + ["--delay", "0.1"])
            .map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(
            command: "trap true INT; stty -g > before; \(program) > out 2> err; echo $? > status; "
                + "stty -g > after; exec sleep 600")
        try await tmux.waitForText("Username (hint: your name):", timeout: .seconds(30))
        return tmux
    }

    func exitStatus(_ tmux: TmuxSession) async throws -> String {
        let status = try await tmux.waitForFile("status", timeout: .seconds(30))
        _ = try await tmux.waitForFile("after")
        return String(status.dropLast())
    }

    /// Answers the question ending with `prompt` (waits for it on the last line).
    func answer(_ text: String, after prompt: String, in tmux: TmuxSession) async throws {
        try await tmux.waitUntil("the question \(prompt)") { lines in
            lines.last(where: { !$0.isEmpty })?.hasSuffix(prompt.trimmingSuffixSpaces) == true
        }
        tmux.type(text)
        tmux.press("Enter")
    }

    @Test("a whole sign-in in tmux: plain lines, no escapes, hidden password, terminal restored")
    func wholeSignIn() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        try await answer("demo", after: "Username (hint: your name): ", in: tmux)
        try await answer("tether-demo", after: "typing is hidden): ", in: tmux)
        try await answer("y", after: "Remember me [y/N]: ", in: tmux)
        try await answer("", after: "[30 min]: ", in: tmux)
        try await answer("", after: "Sign in? [Y/n]: ", in: tmux)
        #expect(try await exitStatus(tmux) == "0")
        #expect(tmux.file("out") == "signed in: demo (session 30 min, remembered)\n")
        #expect(tmux.file("err") == "")
        let lines = tmux.capture()
        #expect(
            Array(lines.prefix(15)) == [
                "Tether · Sign in.", "4 questions; answer < to go back to the previous one.",
                "Username (hint: your name): demo", "Password (hint: 8+ characters; typing is hidden):",
                "Remember me [y/N]: y",
                "Session (5 to 120 in steps of 5) [30 min]:", "Your answers:", "1) Username: demo",
                "2) Password: (hidden)", "3) Remember me: yes", "4) Session: 30 min",
                "Type a number to change that answer, or < to go back.", "Sign in? [Y/n]:", "Signing in…",
                "Signed in as demo.",
            ])
        #expect(!tmux.screen.contains("tether-demo"))
        #expect(tmux.file("before") == tmux.file("after"))
        #expect(!tmux.paneFlags().alternateScreen)
    }

    @Test("a wrong password in tmux is announced once and the fields are asked again")
    func wrongPassword() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        try await answer("demo", after: "Username (hint: your name): ", in: tmux)
        try await answer(Self.secret, after: "typing is hidden): ", in: tmux)
        try await answer("", after: "Remember me [y/N]: ", in: tmux)
        try await answer("", after: "[30 min]: ", in: tmux)
        try await answer("", after: "Sign in? [Y/n]: ", in: tmux)
        let lines = try await tmux.waitForText("Username [demo]:")
        #expect(lines.filter { $0 == "Invalid username or password." }.count == 1, "\(lines)")
        #expect(!lines.joined().contains(Self.secret))
        try interrupt(tmux)
        #expect(try await exitStatus(tmux) == "1")
        #expect(tmux.file("before") == tmux.file("after"))
    }

    /// Sends SIGINT (what Ctrl-C sends) to the demo.
    func interrupt(_ tmux: TmuxSession) throws {
        let pid = try #require(tmux.file("pid").flatMap { pid_t($0.dropLast()) })
        kill(pid, SIGINT)
    }

    @Test("a validation error in tmux is said as a sentence and the field is asked again; Ctrl-D is told to a person")
    func validationAskedAgain() async throws {
        let tmux = try await start(["--accessible"])
        defer { tmux.kill() }
        try await answer("demo", after: "Username (hint: your name): ", in: tmux)
        try await answer("short", after: "typing is hidden): ", in: tmux)
        // The error line and the question asked again are two writes; wait for both.
        let lines = try await tmux.waitUntil("the error, then the password asked again") { lines in
            lines.contains("At least 8 characters (5 so far).")
                && lines.last(where: { !$0.isEmpty })?.hasPrefix("Password (") == true
        }
        let error = try #require(lines.firstIndex(of: "At least 8 characters (5 so far)."))
        #expect(lines[(error + 1)...].contains { $0.hasPrefix("Password (") }, "\(lines)")
        tmux.press("C-d")
        #expect(try await exitStatus(tmux) == "2")
        #expect(
            tmux.file("err")?.hasSuffix(
                "login-demo: stopped at Password (Ctrl-D ends the input): nothing was submitted\n") == true)
        #expect(tmux.file("before") == tmux.file("after"), "echo left off")
    }

    @Test("Ctrl-C while the password is typed quits as in full screen: status 1, echo back on, nothing run")
    func interruptDuringSecret() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        try await answer("demo", after: "Username (hint: your name): ", in: tmux)
        try await tmux.waitForText("typing is hidden):")
        tmux.type("hunter")
        try await Task.sleep(for: .milliseconds(200))
        tmux.press("C-c")
        #expect(try await exitStatus(tmux) == "1")
        #expect(tmux.file("before") == tmux.file("after"), "echo left off")
        #expect(tmux.file("out") == "not signed in: demo\n")
        #expect(tmux.file("err") == "")
        #expect(!tmux.screen.contains("hunter") && !tmux.screen.contains("Signing in"))
    }

    @Test("SIGINT sent to the demo at the last question quits the same way, without signing in")
    func interruptBeforeSubmit() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        try await answer("demo", after: "Username (hint: your name): ", in: tmux)
        try await answer("tether-demo", after: "typing is hidden): ", in: tmux)
        try await answer("", after: "Remember me [y/N]: ", in: tmux)
        try await answer("", after: "[30 min]: ", in: tmux)
        try await tmux.waitForText("Sign in? [Y/n]:")
        try interrupt(tmux)
        #expect(try await exitStatus(tmux) == "1")
        #expect(!tmux.screen.contains("Signing in"))
        #expect(tmux.file("before") == tmux.file("after"))
    }

    @Test("with TERM unset the demo asks the fields instead of failing")
    func termUnsetAsks() async throws {
        let tmux = try TmuxSession.running(["env", "-u", "TERM", Self.binary])
        defer { tmux.kill() }
        try await tmux.waitForText("Username (hint: your name):", timeout: .seconds(30))
        tmux.press("C-d")
        #expect(try await exitStatus(tmux) == "2")
    }

    // MARK: Scripted

    /// Runs `printf <input> | login-demo <arguments>` without a controlling terminal.
    func scripted(_ input: String, _ arguments: [String] = []) async -> ProcessResult {
        let command =
            "printf %s \(shellQuoted(input)) | \(shellQuoted(Self.binary)) --delay 0.05 \(arguments.map(shellQuoted).joined(separator: " "))"
        return await ProcessRunner.run(["setsid", "-w", "sh", "-c", command])
    }

    @Test("answers piped in sign in: the outcome alone on stdout, prompts on stderr, the password nowhere")
    func scriptedSignIn() async {
        let result = await scripted("demo\ntether-demo\n\n\n\n")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "signed in: demo (session 30 min, not remembered)\n")
        #expect(
            result.stderr.hasPrefix(
                "Tether · Sign in.\n4 questions; answer < to go back to the previous one.\n"
                    + "Username (hint: your name): demo\nPassword (hint: 8+ characters; typing is hidden): \n"))
        #expect(result.stderr.contains("2) Password: (hidden)\n"))
        #expect(!result.stderr.contains("tether-demo") && !result.stdout.contains("tether-demo"))
    }

    @Test(
        "a piped answer holding an escape sequence is shown as the model holds it: no control byte reaches the terminal"
    )
    func scriptedEscapesNotEchoed() async {
        let result = await scripted("de\u{1B}]0;pwned\u{7}mo\ntether-demo\n\n\n\n")
        #expect(
            result.stderr.contains("\nUsername (hint: your name): de]0;pwnedmo\n"),
            "stderr: \(result.stderr.debugDescription)"
        )
        #expect(!result.stderr.utf8.contains(0x1B) && !result.stderr.utf8.contains(0x07))
        #expect(result.stdout.hasPrefix("not signed in: de]0;pwnedmo") || result.status == 2)
    }

    @Test("invalid UTF-8 in a piped answer becomes U+FFFD, as typed into the full-screen form")
    func scriptedInvalidUTF8() async {
        let command = "printf 'de\\377mo\\ntether-demo\\n\\n\\n\\n' | \(shellQuoted(Self.binary)) --delay 0.05"
        let result = await ProcessRunner.run(["setsid", "-w", "sh", "-c", command])
        #expect(
            result.stderr.contains("\nUsername (hint: your name): de\u{FFFD}mo\n"),
            "stderr: \(result.stderr.debugDescription)"
        )
    }

    @Test("--accessible with answers piped in signs in too")
    func scriptedExplicitFlag() async {
        let result = await scripted("demo\ntether-demo\n\n\n\n", ["--accessible"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "signed in: demo (session 30 min, not remembered)\n")
    }

    @Test("a wrong password piped in fails the sign-in, and the end of input then exits 2")
    func scriptedFailure() async {
        let result = await scripted("demo\n\(Self.secret)\n\n\n\n")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("Signing in…\nInvalid username or password.\nUsername [demo]: \n"))
        #expect(
            result.stderr.hasSuffix("login-demo: input ended before the form was complete (no answer for Username)\n"))
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test("input ending before the form is complete is one error line and exit status 2")
    func scriptedEndOfInput() async {
        let result = await scripted("demo\n")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasSuffix("\nlogin-demo: input ended before the form was complete (no answer for Password)\n")
        )
        #expect(!result.stderr.contains("Signing in"))
    }

    @Test("an invalid answer piped in prints the message and, with no more input, fails the same way")
    func scriptedInvalidThenEnd() async {
        let result = await scripted("demo\nshort\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("At least 8 characters (5 so far).\n"))
        #expect(
            result.stderr.hasSuffix("login-demo: input ended before the form was complete (no answer for Password)\n"))
    }
}

extension String {
    var trimmingSuffixSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
