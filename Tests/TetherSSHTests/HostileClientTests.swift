import NIOCore
import NIOPosix
import NIOSSH
import TerminalHarness
import Testing
import TetherSSH
import TetherUI

/// What OpenSSH never sends, sent by a client of the test's own (``RawSSHClient``): each
/// ends at most its own connection or session, and the server keeps serving the others.
@Suite("SSH server against hostile clients", .serialized, .processWide)
@MainActor
struct HostileClientTests {
    static func anonymousServer() async throws -> SSHFixture {
        let fixture = try await SSHFixture(authentication: { _ in .anonymous })
        try await fixture.server.start()
        return fixture
    }

    /// A session with a terminal of `width`×`height` for `client`, once its first frame came.
    static func session(_ client: RawSSHClient, width: Int, height: Int) async throws -> RawChannel {
        let channel = try await client.open()
        channel.send(RawChannel.terminal(width: width, height: height))
        channel.send(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        try await channel.waitForText("user raw")
        return channel
    }

    @Test("absurd terminal sizes are bounded: 1,000,000 × 1,000,000 opens 1000×1000, and 0×0 opens 80×24")
    func absurdSizes() async throws {
        let fixture = try await Self.anonymousServer()
        let huge = try await RawSSHClient.connect(port: fixture.server.port)
        _ = try await Self.session(huge, width: 1_000_000, height: 1_000_000)
        #expect(fixture.sessions.last?.backend.size == Size(width: 1000, height: 1000))
        let none = try await RawSSHClient.connect(port: fixture.server.port)
        _ = try await Self.session(none, width: 0, height: 0)
        #expect(fixture.sessions.last?.backend.size == Size(width: 80, height: 24))
        #expect(fixture.server.host.count == 2)
        await huge.close()
        await none.close()
        await fixture.stop()
    }

    @Test("a flood of 10,000 window changes leaves the session at the last size while another client types")
    func windowChangeFlood() async throws {
        let fixture = try await Self.anonymousServer()
        let flooder = try await RawSSHClient.connect(port: fixture.server.port)
        let channel = try await Self.session(flooder, width: 80, height: 24)
        let typist = try fixture.client(user: "typist")
        try await typist.waitForText("user typist")
        for change in 0..<10_000 {
            channel.send(
                SSHChannelRequestEvent.WindowChangeRequest(
                    terminalCharacterWidth: 20 + change % 200, terminalRowHeight: 5 + change % 50,
                    terminalPixelWidth: 0,
                    terminalPixelHeight: 0))
        }
        typist.type("still here")
        channel.send(
            SSHChannelRequestEvent.WindowChangeRequest(
                terminalCharacterWidth: 70, terminalRowHeight: 20, terminalPixelWidth: 0, terminalPixelHeight: 0))
        try await typist.waitForText("still here")
        try await fixture.waitUntil("the flooded session at its last size") {
            fixture.sessions.first?.backend.size == Size(width: 70, height: 20)
        }
        await flooder.close()
        await fixture.stop()
    }

    @Test("environment requests past the limits are refused: 10,000 names, a 100 KB value, variables not taken")
    func environmentFlood() async throws {
        let fixture = try await Self.anonymousServer()
        let client = try await RawSSHClient.connect(port: fixture.server.port)
        let channel = try await client.open()
        channel.send(RawChannel.terminal(width: 60, height: 10))
        channel.send(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LANG", value: "C.UTF-8"))
        channel.send(
            SSHChannelRequestEvent.EnvironmentRequest(
                wantReply: true, name: "LC_HUGE", value: String(repeating: "x", count: 100_000)))
        channel.send(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "PATH", value: "/evil"))
        for index in 0..<10_000 {
            channel.send(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LC_\(index)", value: "v"))
        }
        channel.send(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        try await channel.waitForText("user raw")
        try await channel.waitUntil("every request answered") { $0.replies.count == 10_005 }
        let replies = channel.recorder.received.withLockedValue { $0.replies }
        // The terminal and LANG, then the huge value and PATH refused, 31 more names taken
        // (32 in all), the rest refused; the shell starts.
        #expect(Array(replies.prefix(4)) == [true, true, false, false])
        #expect(replies.dropFirst(4).prefix(10_000).filter { $0 }.count == 31)
        #expect(replies.last == true)
        let environment = try #require(fixture.sessions.first?.environment)
        #expect(environment["LANG"] == "C.UTF-8")
        #expect(environment["LC_HUGE"] == nil && environment["PATH"] == nil)
        #expect(environment.count == 33, "32 variables and TERM")
        await client.close()
        await fixture.stop()
    }

    @Test("requests a running session does not expect are refused with a reply, never left unanswered")
    func unexpectedRequests() async throws {
        let fixture = try await Self.anonymousServer()
        let client = try await RawSSHClient.connect(port: fixture.server.port)
        let channel = try await Self.session(client, width: 60, height: 10)
        channel.send(SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true))
        channel.send(RawChannel.terminal(width: 10, height: 10))
        channel.send(SSHChannelRequestEvent.ExecRequest(command: "rm -rf /", wantReply: true))
        channel.send(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LANG", value: "C"))
        channel.send(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        try await channel.waitUntil("seven replies") { $0.replies.count == 7 }
        #expect(
            channel.recorder.received.withLockedValue { $0.replies } == [true, true, false, false, false, false, false])
        channel.type("typed\r")
        try await channel.waitUntil("the session's end") { $0.exitStatus == 0 }
        #expect(fixture.names.values.first?.value == "typed")
        #expect(fixture.sessions.first?.backend.size == Size(width: 60, height: 10))
        await client.close()
        await fixture.stop()
    }

    @Test("a channel other than a session (port forwarding) is refused; the connection opens a session after it")
    func portForwardingRefused() async throws {
        let fixture = try await Self.anonymousServer()
        let client = try await RawSSHClient.connect(port: fixture.server.port)
        let forward = SSHChannelType.directTCPIP(
            .init(
                targetHost: "127.0.0.1", targetPort: 22,
                originatorAddress: try SocketAddress(ipAddress: "127.0.0.1", port: 1)))
        await #expect(throws: (any Error).self) { _ = try await client.open(forward) }
        _ = try await Self.session(client, width: 60, height: 10)
        #expect(fixture.server.host.count == 1)
        await client.close()
        await fixture.stop()
    }

    @Test("bytes that are not SSH end that connection alone; a client after it signs in")
    func garbageConnection() async throws {
        let fixture = try await Self.anonymousServer()
        let garbage = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: fixture.server.port).get()
        var noise = ByteBuffer()
        for index in 0..<65_536 { noise.writeInteger(UInt8(truncatingIfNeeded: index &* 7919 &+ index >> 3)) }
        try await garbage.writeAndFlush(noise)
        try await fixture.waitUntil("the garbage connection closed") { !garbage.isActive }
        let client = try await RawSSHClient.connect(port: fixture.server.port)
        _ = try await Self.session(client, width: 60, height: 10)
        await client.close()
        await fixture.stop()
    }
}
