#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `login-demo` binary, run in a private tmux server and read back with
/// `capture-pane`. The binary is a debug build and the machine may be busy: waits poll
/// with generous timeouts (15 s for the first frame).
@MainActor
@Suite("login-demo in tmux", .serialized)
struct LoginDemoEndToEndTests {
    nonisolated static let secret = "hunter2-secret"
    nonisolated static var binary: String { buildProductsDirectory() + "/login-demo" }

    /// Starts the demo at `width`×`height` (0.2 s sign-in delay) and waits for the form.
    func start(width: Int = 80, height: Int = 24, arguments: [String] = ["--delay", "0.2"]) async throws -> TmuxSession
    {
        let tmux = try TmuxSession.running([Self.binary] + arguments, width: width, height: height)
        try await tmux.waitForText("Username", timeout: .seconds(15))
        return tmux
    }

    /// Waits for the demo to exit; its exit status.
    func exitStatus(_ tmux: TmuxSession) async throws -> String {
        let status = try await tmux.waitForFile("status")
        _ = try await tmux.waitForFile("after")
        return String(status.dropLast())
    }

    /// The pane's line holding the form field `label`.
    nonisolated static func fieldLine(_ label: String, in lines: [String]) -> String {
        lines.first { $0.contains("\(label)  ") } ?? ""
    }

    @Test("the login-demo binary is built next to the test bundle")
    func binaryIsBuilt() {
        #expect(access(Self.binary, X_OK) == 0, "no executable at \(Self.binary)")
    }

    @Test("signing in as demo prints one line, exits 0 and gives the terminal back as it was")
    func signInAndExit() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.type("demo")
        tmux.press("Tab")
        tmux.type("tether-demo")
        try await tmux.waitUntil("a masked 11-character password") { lines in
            Self.fieldLine("Password", in: lines).contains(String(repeating: "•", count: 11))
        }
        tmux.press("Enter")
        try await tmux.waitForText("Signed in as demo")
        tmux.type("q")
        #expect(try await exitStatus(tmux) == "0")
        let out = try #require(tmux.file("out"))
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(
            lines.count == 1 && lines.first?.hasPrefix("signed in: demo") == true, "stdout: \(out.debugDescription)")
        #expect(tmux.file("before") == tmux.file("after"), "stty settings changed")
        #expect(tmux.file("before")?.isEmpty == false)
        #expect(tmux.file("err") == "", "stderr: \(tmux.file("err") ?? "")")
        let flags = tmux.paneFlags()
        #expect(!flags.alternateScreen && flags.cursorVisible, "\(flags)")
    }

    @Test("a wrong password shows Invalid username or password and empties the password field")
    func wrongPassword() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.type("demo")
        tmux.press("Tab")
        tmux.type("not-the-password")
        tmux.press("Enter")
        let lines = try await tmux.waitForText("Invalid username or password")
        let password = Self.fieldLine("Password", in: lines)
        #expect(
            password.contains("Password  8+ characters") && !password.contains("•"), "\(lines.joined(separator: "\n"))")
        #expect(Self.fieldLine("Username", in: lines).contains("Username  demo"))
    }

    @Test("at 40×12 the form alone renders and takes a username")
    func tinyTerminal() async throws {
        let tmux = try await start(width: 40, height: 12)
        defer { tmux.kill() }
        tmux.type("alice")
        let lines = try await tmux.waitUntil("the username typed") {
            Self.fieldLine("Username", in: $0).contains("Username  alice")
        }
        #expect(lines.count == 12)
        #expect(lines.contains { $0.contains("┌─ Tether · Sign in") })
        #expect(lines.contains { $0.contains("[ Sign in ]") })
        #expect(!lines.contains { $0.contains("View model") })
        #expect(lines.allSatisfy { $0.count <= 40 })
    }

    @Test("resizing from 80×24 to 40×12 mid-edit keeps the typed username and the caret")
    func resizeMidEdit() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.type("alice")
        try await tmux.waitUntil("the username typed") {
            Self.fieldLine("Username", in: $0).contains("Username  alice")
        }
        tmux.resize(width: 40, height: 12)
        try await tmux.waitUntil("the form redrawn at 40×12") { lines in
            lines.count == 12 && !lines.contains { $0.contains("View model") }
                && Self.fieldLine("Username", in: lines).contains("Username  alice")
        }
        tmux.type("b")
        try await tmux.waitUntil("typing go on at the caret") {
            Self.fieldLine("Username", in: $0).contains("Username  aliceb")
        }
    }

    @Test("Esc at the form quits with status 1 and prints the username")
    func escapeQuits() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.type("alice")
        try await tmux.waitUntil("the username typed") {
            Self.fieldLine("Username", in: $0).contains("Username  alice")
        }
        try await tmux.leaveDiscarding()
        #expect(try await exitStatus(tmux) == "1")
        #expect(tmux.file("out") == "not signed in: alice\n")
        #expect(tmux.file("before") == tmux.file("after"), "stty settings changed")
    }

    @Test("the password never appears in the pane nor on standard output")
    func passwordNeverShown() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.type("demo")
        tmux.press("Tab")
        for character in Self.secret {
            tmux.type(String(character))
            _ = tmux.capture()
        }
        try await tmux.waitUntil("the masked password") { lines in
            Self.fieldLine("Password", in: lines).contains(String(repeating: "•", count: Self.secret.count))
        }
        tmux.press("Enter")
        try await tmux.waitForText("Invalid username or password")
        try await tmux.leaveDiscarding()
        #expect(try await exitStatus(tmux) == "1")
        _ = tmux.capture()
        let screens = tmux.capturedScreens
        #expect(screens.count > Self.secret.count)
        for screen in screens {
            #expect(!screen.contains("hunter2") && !screen.contains("secret"), "the password is on screen:\n\(screen)")
        }
        let out = try #require(tmux.file("out"))
        #expect(out == "not signed in: demo\n")
        #expect(!out.contains("hunter2"))
    }

    @Test("--help documents --delay, --no-mouse, --theme and NO_COLOR")
    func help() async {
        let result = await ProcessRunner.run([Self.binary, "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        for word in ["--delay", "--no-mouse", "--theme", "NO_COLOR"] {
            #expect(result.stdout.contains(word), "--help does not mention \(word):\n\(result.stdout)")
        }
        #expect(!result.stdoutBytes.contains(0x1B))
    }

    @Test("standard output redirected to a file holds no escape bytes")
    func stdoutHasNoEscapes() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.type("demo")
        tmux.press("Tab")
        tmux.type("tether-demo")
        tmux.press("Enter")
        try await tmux.waitForText("Signed in as demo")
        tmux.press("Enter")
        #expect(try await exitStatus(tmux) == "0")
        let bytes = try #require(tmux.fileBytes("out"))
        #expect(!bytes.isEmpty)
        #expect(!bytes.contains(0x1B), "stdout: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
}
