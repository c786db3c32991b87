#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// Every example reports a run that a signal ended as 128 + the signal, as login-demo does,
/// not as a person's cancel (issue 42, item 5; docs/reliability.md, "Exit statuses").
@Suite("Examples' exit statuses", .serialized)
struct ExampleExitStatusTests {
    /// The example started through `sh -c 'echo $$ > pid; exec …'` in tmux, its status written
    /// to `status` when it ends.
    func start(_ example: String, arguments: [String], waitingFor text: String) async throws -> TmuxSession {
        let words =
            ["sh", "-c", "echo $$ > pid; exec \"$@\"", "sh", buildProductsDirectory() + "/" + example] + arguments
        let tmux = try TmuxSession(
            command: words.map(shellQuoted).joined(separator: " ") + " > out 2> err; echo $? > status; exec sleep 600",
            width: 80, height: 24)
        try await tmux.waitForText(text, timeout: .seconds(30))
        return tmux
    }

    @Test(
        "SIGTERM while the form waits ends signup-example and onboarding-example with 143",
        arguments: [("signup-example", [String](), "Country"), ("onboarding-example", ["--draft", "-"], "Name")])
    func terminatedIs143(_ example: String, _ arguments: [String], _ text: String) async throws {
        let tmux = try await start(example, arguments: arguments, waitingFor: text)
        defer { tmux.kill() }
        let pidText = try await tmux.waitForFile("pid")
        let pid = try #require(pid_t(pidText.dropLast()))
        #expect(kill(pid, SIGTERM) == 0)
        let status = try await tmux.waitForFile("status", timeout: .seconds(30))
        #expect(status == "143\n", "\(example) exited \(status.debugDescription); stderr: \(tmux.file("err") ?? "")")
        #expect(!tmux.paneFlags().alternateScreen)
    }

    @Test("Esc with nothing typed still ends signup-example as a cancel, with 1")
    func cancelIsOne() async throws {
        let tmux = try await start("signup-example", arguments: [], waitingFor: "Country")
        defer { tmux.kill() }
        tmux.press("Escape")
        let status = try await tmux.waitForFile("status", timeout: .seconds(30))
        #expect(status == "1\n", "exited \(status.debugDescription)")
    }
}
