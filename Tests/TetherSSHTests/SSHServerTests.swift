import TerminalHarness
import Testing
import TetherSSH
import TetherUI

/// OpenSSH's `ssh`, in tmux, against a server in this process: each person their own form.
@Suite("SSH server with OpenSSH clients", .serialized, .processWide)
@MainActor
struct SSHServerTests {
    @Test(
        "a client signs in with its key, types into its own form, and leaves with status 0 and its terminal as it was")
    func signIn() async throws {
        let fixture = try await SSHFixture()
        try await fixture.server.start()
        let client = try fixture.client(user: "ada")
        try await client.waitForText("user ada", "name")
        client.type("Ada Lovelace")
        try await fixture.waitUntil("the typed name in the session's relay") {
            fixture.names.values.first?.value == "Ada Lovelace"
        }
        client.press("Enter")
        #expect(try await client.waitForFile("status") == "0\n")
        #expect(client.file("before") == client.file("after"), "the client's terminal modes changed")
        #expect(client.screen.contains("bye ada"), "no farewell after the terminal was restored")
        try await fixture.waitUntil("the session's end") { fixture.server.host.count == 0 }
        await fixture.stop()
    }

    @Test("a resize of the client's window resizes its form")
    func resize() async throws {
        let fixture = try await SSHFixture()
        try await fixture.server.start()
        let client = try fixture.client(width: 60, height: 10)
        try await client.waitForText("user ada")
        #expect(fixture.sessions.first?.backend.size == Size(width: 60, height: 10))
        client.resize(width: 44, height: 7)
        try await fixture.waitUntil("the session's new size") {
            fixture.sessions.first?.backend.size == Size(width: 44, height: 7)
        }
        client.type("x")
        try await client.waitForText("x")
        await fixture.stop()
    }

    @Test("Ctrl-C ends that session with status 130; another client goes on typing and the server keeps serving")
    func ctrlC() async throws {
        let fixture = try await SSHFixture()
        try await fixture.server.start()
        let first = try fixture.client(user: "first")
        let second = try fixture.client(user: "second")
        try await first.waitForText("user first")
        try await second.waitForText("user second")
        first.press("C-c")
        #expect(try await first.waitForFile("status") == "130\n")
        second.type("still here")
        try await second.waitForText("still here")
        let third = try fixture.client(user: "third")
        try await third.waitForText("user third")
        #expect(fixture.server.host.count == 2)
        await fixture.stop()
    }

    @Test("a dropped connection ends its session alone, and the server keeps serving")
    func droppedConnection() async throws {
        let fixture = try await SSHFixture()
        try await fixture.server.start()
        let dropped = try fixture.client(user: "dropped")
        let other = try fixture.client(user: "other")
        try await dropped.waitForText("user dropped")
        try await other.waitForText("user other")
        // The ssh process dies at once: no goodbye, the TCP connection closes.
        dropped.tmux(["kill-server"])
        try await fixture.waitUntil("the dropped session's end") { fixture.server.host.count == 1 }
        other.type("typing")
        try await other.waitForText("typing")
        await fixture.stop()
    }

    @Test("two clients with different TERM and NO_COLOR each get their own, never the server's")
    func perClientEnvironment() async throws {
        let fixture = try await SSHFixture()
        try await fixture.server.start()
        let plain = try fixture.client(user: "plain", ["-o", "SetEnv=NO_COLOR=1"], environment: ["TERM=screen"])
        let colourful = try fixture.client(user: "colourful", ["-o", "SetEnv=COLORTERM=truecolor"])
        try await plain.waitForText("user plain")
        try await colourful.waitForText("user colourful")
        let byUser = Dictionary(uniqueKeysWithValues: fixture.sessions.map { ($0.user, $0) })
        #expect(byUser["plain"]?.environment["NO_COLOR"] == "1")
        #expect(byUser["plain"]?.term == "tmux-256color")
        #expect(byUser["colourful"]?.environment["NO_COLOR"] == nil)
        #expect(byUser["colourful"]?.environment["COLORTERM"] == "truecolor")
        #expect(byUser["plain"]?.environment["PATH"] == nil, "the server's environment reached a session")
        // Focus puts the text field in its focused colours: none for the NO_COLOR client.
        let plainScreen = plain.tmux(["capture-pane", "-e", "-p"]).stdout
        let colourScreen = colourful.tmux(["capture-pane", "-e", "-p"]).stdout
        #expect(!Self.hasColour(plainScreen), "colour on the NO_COLOR client's screen")
        #expect(Self.hasColour(colourScreen), "no colour on the other client's screen")
        await fixture.stop()
    }

    @Test("a client's TERM=xterm is drawn with 256 colours when its own COLORTERM says so, with 8 otherwise")
    func clientColourDepthFromItsOwnVariables() async throws {
        let fixture = try await SSHFixture()
        try await fixture.server.start()
        // The client's TERM, set in its pane (tmux sets its own for the pane's shell).
        let plain = try fixture.client(user: "plain", setUp: "export TERM=xterm; ")
        let colourful = try fixture.client(
            user: "colourful", ["-o", "SetEnv=COLORTERM=truecolor"], setUp: "export TERM=xterm; ")
        try await plain.waitForText("user plain")
        try await colourful.waitForText("user colourful")
        let byUser = Dictionary(uniqueKeysWithValues: fixture.sessions.map { ($0.user, $0) })
        #expect(byUser["plain"]?.term == "xterm")
        #expect(byUser["plain"]?.backend.capabilities.colors == 8)
        #expect(byUser["colourful"]?.backend.capabilities.colors == 256)
        await fixture.stop()
    }

    @Test("the client's own terminal is asked its background without waiting; its answer is taken, never typed")
    func backgroundAskedOfTheClient() async throws {
        let fixture = try await SSHFixture()
        try await fixture.server.start()
        // tmux answers OSC 11 with its pane's background when it knows one (here white); without
        // an answer the session keeps its guess (unknown).
        let client = try fixture.client(user: "ada", setUp: "tmux set -w window-style 'bg=#ffffff'; ")
        try await client.waitForText("user ada")
        client.type("abc")
        try await fixture.waitUntil("the session's background from the client's answer") {
            fixture.sessions.first?.backend.capabilities.background == .light
        }
        let screen = try await client.waitForText("abc")
        #expect(!screen.joined().contains("rgb"), "the answer was typed: \(screen)")
        client.press("Enter")
        #expect(try await client.waitForFile("status") == "0\n")
        #expect(fixture.names.values.first?.value == "abc")
        await fixture.stop()
    }

    @Test("a client's terminal that never answers the background question loses no keys and keeps the guess")
    func backgroundNeverAnswered() async throws {
        let fixture = try await SSHFixture()
        try await fixture.server.start()
        let client = try fixture.client(user: "ada")
        try await client.waitForText("user ada")
        client.type("abc")
        try await client.waitForText("abc")
        client.press("Enter")
        #expect(try await client.waitForFile("status") == "0\n")
        #expect(fixture.names.values.first?.value == "abc")
        #expect(fixture.sessions.first?.backend.capabilities.background == .unknown)
        await fixture.stop()
    }

    @Test("a server that lets anyone in asks no key and no password")
    func anonymousAsksNothing() async throws {
        let fixture = try await SSHFixture(authentication: { _ in .anonymous })
        try await fixture.server.start()
        let nothing = ["PubkeyAuthentication", "PasswordAuthentication", "KbdInteractiveAuthentication"]
        let client = try fixture.client(user: "guest", nothing.flatMap { ["-o", "\($0)=no"] })
        try await client.waitForText("user guest")
        client.press("Enter")
        #expect(try await client.waitForFile("status") == "0\n")
        await fixture.stop()
    }

    @Test("a key that is not authorized is refused, and after the address's limit of failures it is refused at once")
    func refusedKey() async throws {
        let fixture = try await SSHFixture(limits: SSHServer.Limits(failedSignInsPerAddress: 3))
        try await fixture.server.start()
        let other = await ProcessRunner.run([
            "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", fixture.directory + "/other",
        ])
        #expect(other.status == 0)
        var arguments = fixture.sshArguments()
        arguments[arguments.firstIndex(of: fixture.directory + "/id")!] = fixture.directory + "/other"
        let refused = await Self.run(arguments + ["true"])
        #expect(refused.status == 255)
        #expect(refused.stderr.contains("Permission denied"))
        _ = await Self.run(arguments + ["true"])
        _ = await Self.run(arguments + ["true"])
        // Now even the right key is turned away before the key exchange.
        let blocked = await Self.run(fixture.sshArguments() + ["true"])
        #expect(blocked.status == 255)
        #expect(fixture.server.host.count == 0)
        await fixture.stop()
    }

    @Test("a session whose application cannot be made is refused with a message; the next one starts")
    func failingFactory() async throws {
        let fixture = try await SSHFixture()
        var fail = true
        fixture.factory = { session in
            if fail {
                fail = false
                throw HarnessError("no form today")
            }
            fixture.factory = nil
            return try fixture.makeApplication(session)
        }
        try await fixture.server.start()
        let refused = try fixture.client(user: "first")
        #expect(try await refused.waitForFile("status") == "1\n")
        #expect(refused.screen.contains("This session could not start."))
        let next = try fixture.client(user: "second")
        try await next.waitForText("user second")
        await fixture.stop()
    }

    @Test("a flood of input past the session's limit ends that session only; the server goes on")
    func inputFlood() async throws {
        let fixture = try await SSHFixture(limits: SSHServer.Limits(inputBacklog: 256 << 10))
        try await fixture.server.start()
        let other = try fixture.client(user: "other")
        try await other.waitForText("user other")
        // 2 MiB typed through a terminal (ssh -tt reads it from standard input).
        let flood = fixture.directory + "/flood"
        _ = await ProcessRunner.run(["sh", "-c", "head -c 2097152 /dev/zero | tr '\\0' 'a' > \(flood)"])
        let result = await Self.run(["timeout", "60"] + fixture.sshArguments(["-tt"]), stdin: flood)
        #expect(result.status == 1)
        #expect(result.stderr.contains("sent more than 256 KiB faster than it could be read"))
        other.type("fine")
        try await other.waitForText("fine")
        await fixture.stop()
    }

    @Test("shutdown restores every client's terminal, tells each, and ends each ssh")
    func shutdown() async throws {
        let fixture = try await SSHFixture()
        try await fixture.server.start()
        let clients = try (0..<3).map { try fixture.client(user: "u\($0)") }
        for (index, client) in clients.enumerated() { try await client.waitForText("user u\(index)") }
        await fixture.server.shutdown(deadline: .seconds(2))
        for client in clients {
            #expect(try await client.waitForFile("status") == "1\n")
            #expect(client.file("before") == client.file("after"))
            #expect(client.screen.contains("The server is shutting down."))
        }
        #expect(fixture.server.connectionCount == 0)
        await fixture.stop()
    }

    /// Whether `screen` (`capture-pane -e`) sets a foreground or background colour.
    static func hasColour(_ screen: String) -> Bool {
        let colours = Set(Array(30...38) + Array(40...48) + Array(90...97) + Array(100...107))
        return screen.split(separator: "\u{1B}[").contains { sequence in
            guard let end = sequence.firstIndex(of: "m") else { return false }
            return sequence[..<end].split(separator: ";").contains { Int($0).map(colours.contains) ?? false }
        }
    }

    /// Runs `arguments` off the main actor (the server's sessions need it free).
    static func run(_ arguments: [String], stdin: String = "/dev/null") async -> ProcessResult {
        await Task.detached {
            await ProcessRunner.run(arguments, environment: ProcessRunner.testEnvironment(), stdinPath: stdin)
        }.value
    }
}
