import Glibc
import TerminalHarness
import Testing

/// The built `signup-example` binary in a private tmux server, read back with
/// `capture-pane`. Debug build on a busy machine: waits poll with generous timeouts.
@MainActor
@Suite("signup-example in tmux", .serialized)
struct SignupEndToEndTests {
    nonisolated static var binary: String { buildProductsDirectory() + "/signup-example" }

    func start() async throws -> TmuxSession {
        let tmux = try TmuxSession.running([Self.binary], width: 70, height: 20)
        try await tmux.waitForText("Sign up", "Country", timeout: .seconds(15))
        return tmux
    }

    @Test("the signup-example binary is built next to the test bundle")
    func binaryIsBuilt() {
        #expect(access(Self.binary, X_OK) == 0, "no executable at \(Self.binary)")
    }

    @Test("a whole sign-up by keyboard: filtered country, plan, contacts, autocompleted city")
    func signUpByKeyboard() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.press("Enter")
        tmux.type("spa")
        try await tmux.waitUntil("the list filtered to Spain") { lines in
            lines.contains { $0.contains(" Spain") } && !lines.contains { $0.contains("France") }
        }
        tmux.press("Tab")
        try await tmux.waitForText("[Spain")
        tmux.press("Right")
        tmux.press("Tab")
        tmux.press("Right")
        tmux.press("Space")
        try await tmux.waitForText("(•) Pro", "[x] SMS")
        tmux.press("Tab")
        tmux.type("li")
        try await tmux.waitForText("Lisbon", timeout: .seconds(10))
        tmux.press("Down")
        tmux.press("Enter")
        try await tmux.waitUntil("the city accepted") { lines in lines.contains { $0.contains("City     Lisbon") } }
        tmux.press("Tab")
        tmux.press("Enter")
        let status = try await tmux.waitForFile("status")
        #expect(String(status.dropLast()) == "0")
        _ = try await tmux.waitForFile("after")
        #expect(tmux.file("out") == "signed up: Spain, Pro, Email+SMS, Lisbon\n")
        #expect(tmux.file("before") == tmux.file("after"), "stty settings changed")
    }
}
