#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// `login-demo --observation`: the built binary on the `@Observable` view model, in tmux.
@MainActor
@Suite("login-demo --observation in tmux", .serialized)
struct LoginDemoObservationEndToEndTests {
    nonisolated static var binary: String { buildProductsDirectory() + "/login-demo" }

    @Test("--observation runs the form on the @Observable view model: the panel follows typing and signing in exits 0")
    func signInOnObservableViewModel() async throws {
        let tmux = try TmuxSession.running([Self.binary, "--delay", "0.2", "--observation"], width: 80, height: 24)
        defer { tmux.kill() }
        try await tmux.waitForText("Username", timeout: .seconds(15))
        tmux.type("demo")
        try await tmux.waitUntil("the View model panel shows the username") { lines in
            lines.contains { $0.contains("│ username    demo") }
        }
        tmux.press("Tab")
        tmux.type("tether-demo")
        try await tmux.waitForText("11 characters")
        tmux.press("Enter")
        try await tmux.waitForText("Signed in as demo")
        tmux.type("q")
        let status = try await tmux.waitForFile("status")
        _ = try await tmux.waitForFile("after")
        #expect(status.dropLast() == "0")
        let out = try #require(tmux.file("out"))
        #expect(out == "signed in: demo (session 30 min, not remembered)\n", "stdout: \(out.debugDescription)")
        #expect(tmux.file("err") == "", "stderr: \(tmux.file("err") ?? "")")
    }
}
