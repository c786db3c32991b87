#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing
import TetherSSH

/// Sessions that each run a program in a process of their own (`SSHServer.SessionProgram`),
/// here small shell scripts, with OpenSSH clients in tmux.
@Suite("SSH server with a process per session", .serialized, .processWide)
@MainActor
struct ProcessPerSessionTests {
    /// `/bin/sh -c script`, with a `PATH` (the server's choice) and nothing else of the server's.
    static func serve(_ script: String) async throws -> SSHFixture {
        let program = SSHServer.SessionProgram(
            path: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"])
        let fixture = try await SSHFixture(program: program)
        try await fixture.server.start()
        return fixture
    }

    /// Reads a line from the controlling terminal; `crash` ends the shell with SIGABRT.
    static let echo = """
        printf '\\033[?1049h\\033[?1000hin the alternate screen with the mouse on\\n'
        printf 'term=%s user=%s home=%s size=%s\\n' "$TERM" "$TETHER_SSH_USER" "${HOME-none}" "$(stty size)"
        printf 'descriptors: %s\\n' "$(ls /proc/self/fd | tr '\\n' ' ')"
        read line < /dev/tty
        if [ "$line" = crash ]; then kill -ABRT $$; fi
        printf '\\033[?1000l\\033[?1049lgot %s\\n' "$line"
        exit 3
        """

    @Test("each session runs the program on the client's terminal: its TERM and size, the user, no server variables")
    func programOnTheClientsTerminal() async throws {
        let fixture = try await Self.serve(Self.echo)
        let client = try fixture.client(user: "ada", width: 60, height: 10)
        try await client.waitForText("term=tmux-256color user=ada home=none size=10 60")
        // ls's own: the terminal (0, 1, 2; its output is the $(…) pipe) and the folder it lists. No
        // descriptor of the server's (swift-nio's pipe channels dup() theirs without close-on-exec).
        let screen = try await client.waitForText("descriptors: ")
        #expect(screen.contains("descriptors: 0 1 2 3"), "\(screen)")
        client.type("hello")
        client.press("Enter")
        #expect(try await client.waitForFile("status") == "3\n")
        #expect(client.screen.contains("got hello"))
        #expect(client.file("before") == client.file("after"), "the client's terminal modes changed")
        await fixture.stop()
    }

    @Test("a process ended by a signal ends its session alone: the client's terminal is put back, told, status 134")
    func crashEndsOneSession() async throws {
        let fixture = try await Self.serve(Self.echo)
        let crashing = try fixture.client(user: "crashing")
        let other = try fixture.client(user: "other")
        try await crashing.waitForText("with the mouse on")
        try await other.waitForText("with the mouse on")
        crashing.type("crash")
        crashing.press("Enter")
        #expect(try await crashing.waitForFile("status") == "134\n")
        try await crashing.waitForText("The form stopped unexpectedly (signal 6)")
        let modes = crashing.tmux(["display", "-p", "-t", "main", "#{alternate_on} #{mouse_any_flag}"]).stdout
        #expect(modes == "0 0\n", "alternate screen and mouse after the crash: \(modes)")
        #expect(crashing.file("before") == crashing.file("after"))
        other.type("still here")
        other.press("Enter")
        #expect(try await other.waitForFile("status") == "3\n")
        #expect(other.screen.contains("got still here"))
        await fixture.stop()
    }

    @Test("a window change resizes the process's terminal, which gets SIGWINCH")
    func windowChange() async throws {
        let fixture = try await Self.serve(
            "trap 'echo \"now $(stty size)\"' WINCH; echo \"was $(stty size)\"; while :; do sleep 0.05; done")
        let client = try fixture.client(width: 60, height: 10)
        try await client.waitForText("was 10 60")
        client.resize(width: 44, height: 7)
        try await client.waitForText("now 7 44")
        await fixture.stop()
    }

    @Test("the client leaving ends its process (SIGHUP), which the server reaps")
    func clientLeaving() async throws {
        let fixture = try await Self.serve("echo \"pid=$$\"; exec sleep 600")
        let client = try fixture.client()
        let screen = try await client.waitForText("pid=")
        let line = try #require(screen.first { $0.hasPrefix("pid=") })
        let pid = try #require(pid_t(line.dropFirst(4).prefix { $0.isNumber }))
        client.kill()
        // A zombie still answers kill(pid, 0); only a reaped process is gone.
        try await fixture.waitUntil("process \(pid) reaped") { kill(pid, 0) == -1 && errno == ESRCH }
        await fixture.stop()
    }

    @Test("shutdown sends each process SIGTERM, and SIGKILL at the deadline to one that ignores it")
    func shutdown() async throws {
        let fixture = try await Self.serve(
            "case $TETHER_SSH_USER in stubborn) trap '' TERM;; esac; echo ready; while :; do sleep 0.05; done")
        let polite = try fixture.client(user: "polite")
        let stubborn = try fixture.client(user: "stubborn")
        try await polite.waitForText("ready")
        try await stubborn.waitForText("ready")
        await fixture.server.shutdown(deadline: .milliseconds(500))
        #expect(try await polite.waitForFile("status") == "143\n")
        #expect(try await stubborn.waitForFile("status") == "137\n")
        await fixture.stop()
    }
}
