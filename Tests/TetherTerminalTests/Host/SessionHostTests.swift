#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing
@testable import TetherProcess
import TetherReactive
@testable import TetherTerminal
import TetherUI

/// Many sessions in one process through a ``SessionHost``: no fixed cap, no signals taken,
/// one slow client stalls nobody, and a shutdown gives every terminal back.
extension ProcessWideStateTests {
    @Suite("Session host", .serialized)
    @MainActor
    struct SessionHostTests {
        /// A client: a pseudo-terminal the test plays the terminal of, and the relay its
        /// session's text field is bound to.
        @MainActor
        final class Client {
            let pty: PseudoTerminal
            let name = BehaviorRelay(value: "")
            var binding: (any Disposable)?
            /// The labels of the last session started.
            var labels: [Label] = []
            let shellModes: termios

            init(width: Int = 40, height: Int = 6) throws {
                pty = try PseudoTerminal(width: width, height: height)
                shellModes = pty.modes
            }

            var io: TerminalIO {
                TerminalIO(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color"])
            }

            /// Starts this client's session on `host`: a text field bound to ``name`` over
            /// `rows` labels.
            @discardableResult
            func start(
                on host: SessionHost, rows: Int = 0, presentation: VTBackend.Presentation = .fullScreen
            ) throws -> SessionHost.Session {
                try host.start(io: io, strings: .xterm256Color, presentation: presentation) { session in
                    let field = TextField()
                    self.binding?.dispose()
                    let bound = field.rx.text <-> self.name
                    self.binding = bound
                    self.labels = (0..<rows).map { Label("row \($0) " + String(repeating: "#", count: 70)) }
                    return Application(root: VStack([field] + self.labels), backend: session.backend)
                }
            }

            var drawn: String { String(decoding: pty.output, as: UTF8.self) }
        }

        /// The process's threads waiting in `poll` or `ppoll` now (each thread's current system
        /// call, from `/proc/self/task/*/syscall`): a thread parked per session would wait
        /// there. Threads other suites start meanwhile (a waiter for a child process, an
        /// event loop) wait elsewhere and are not counted.
        static func pollingThreadCount() -> Int {
            #if arch(x86_64)
            let polls: Set<Substring> = ["7", "271"]
            #else
            let polls: Set<Substring> = ["73"]
            #endif
            guard let directory = opendir("/proc/self/task") else { return 0 }
            defer { closedir(directory) }
            var count = 0
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name.first?.isNumber == true, let file = fopen("/proc/self/task/\(name)/syscall", "r") else {
                    continue
                }
                var line = [CChar](repeating: 0, count: 256)
                if fgets(&line, Int32(line.count), file) != nil {
                    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    if let number = text.split(separator: " ").first, polls.contains(number) { count += 1 }
                }
                fclose(file)
            }
            return count
        }

        /// Waits (reading the given clients, so none fills up) until `condition` holds, at most `limit`.
        func waitUntil(
            _ clients: [Client], _ what: String, within limit: Duration = .seconds(60), _ condition: () -> Bool
        ) async throws {
            let deadline = ContinuousClock.now + limit
            while !condition() {
                for client in clients { client.pty.drain() }
                guard ContinuousClock.now < deadline else { throw HarnessError("timed out waiting for \(what)") }
                try await Task.sleep(for: .milliseconds(5))
            }
        }

        @Test("forty sessions run at once, past the old limit of 16, and each takes only what is typed into it")
        func fortySessions() async throws {
            let host = SessionHost()
            let clients = try (0..<40).map { _ in try Client() }
            let threadsBefore = Self.pollingThreadCount()
            for client in clients { try client.start(on: host) }
            #expect(host.count == 40)
            // One waiter for all: no thread parked per session (each parked one had made
            // libdispatch add a worker a second, and a 100 ms sleep took 14.7 s).
            try await Task.sleep(for: .milliseconds(100))
            #expect(
                Self.pollingThreadCount() <= threadsBefore + 2,
                "threads in poll: \(threadsBefore) before, \(Self.pollingThreadCount()) after"
            )
            let words = clients.indices.map { "w\($0)x" }
            for (client, word) in zip(clients, words) { client.pty.type(word) }
            try await waitUntil(clients, "every word typed") { clients.map(\.name.value) == words }
            try await waitUntil(clients, "every word drawn") {
                zip(clients, words).allSatisfy { $0.drawn.contains($1) }
            }
            await host.shutdown(deadline: .seconds(5))
            #expect(host.count == 0)
        }

        @Test("the session over the host's limit is refused with a message that names the limit")
        func sessionLimit() async throws {
            let host = SessionHost(limits: .init(sessions: 3))
            let clients = try (0..<4).map { _ in try Client() }
            for client in clients.prefix(3) { try client.start(on: host) }
            #expect(throws: SessionHost.Refusal.sessionLimit(3)) { try clients[3].start(on: host) }
            #expect(
                SessionHost.Refusal.sessionLimit(3).description
                    == "the server already serves its limit of 3 sessions (SessionHost.Limits.sessions): try again later"
            )
            #expect(clients[3].pty.drain().isEmpty, "the refused client's terminal was touched")
            await host.shutdown(deadline: .seconds(5))
        }

        @Test("a hosted session takes none of the process's signals, and Ctrl-Z does not stop the process")
        func takesNoSignals() async throws {
            let before = SignalHub.shared.subscriberCount
            let host = SessionHost()
            let client = try Client()
            try client.start(on: host)
            #expect(SignalHub.shared.subscriberCount == before)
            #expect(!SignalHub.shared.catches(SIGINT) || before > 0)
            client.pty.type("\u{1A}a")  // Ctrl-Z, then a key: the process goes on
            try await waitUntil([client], "the key after Ctrl-Z") { client.name.value == "a" }
            await host.shutdown(deadline: .seconds(5))
        }

        @Test("a signal the host handles shuts every session down and restores each terminal")
        func signalShutsDown() async throws {
            let host = SessionHost()
            var reasons: [SessionHost.EndReason] = []
            host.onEnded = { reasons.append($0.reason) }
            let clients = try (0..<3).map { _ in try Client() }
            for client in clients { try client.start(on: host) }
            host.handleSignals([SIGUSR2])
            raise(SIGUSR2)
            await host.waitForShutdown()
            #expect(reasons == [.shutdown, .shutdown, .shutdown])
            for client in clients {
                client.pty.drain()
                #expect(client.pty.modes.c_lflag == client.shellModes.c_lflag, "modes not restored")
                #expect(client.drawn.contains("\u{1B}[?1049l"), "the alternate screen was not left")
                #expect(client.drawn.contains("The server is shutting down."))
            }
        }

        @Test("a client that stops reading holds up no other session and ends at its stall limit with its reason")
        func stalledClient() async throws {
            let limits = SessionHost.Limits(
                outputHighWater: 8 * 1024, outputLowWater: 2 * 1024, stalledOutput: .milliseconds(700))
            let host = SessionHost(limits: limits)
            var ended: [Int: SessionHost.Ended] = [:]
            host.onEnded = { ended[$0.id] = $0 }
            let stalled = try Client(width: 80, height: 24)
            let other = try Client()
            let stalledSession = try stalled.start(on: host, rows: 22)
            try other.start(on: host)
            // Each Ctrl-L repaints the whole screen: the terminal's buffer fills in a few dozen.
            let typedAt = ContinuousClock.now
            other.pty.type("still here")
            try await waitUntil([other], "the other session's echo") {
                stalled.pty.type("\u{0C}")
                return other.drawn.contains("still here") && ContinuousClock.now - typedAt > .milliseconds(300)
            }
            #expect(stalledSession.isRunning, "the stalled session ended before it filled up")
            let echoAt = ContinuousClock.now
            other.pty.type("!")
            try await waitUntil([other], "the other session's next echo") { other.name.value == "still here!" }
            #expect(ContinuousClock.now - echoAt < .seconds(2), "the other session waited for the stalled one")
            try await waitUntil([other], "the stalled session's end") {
                stalled.pty.type("\u{0C}")
                return ended[stalledSession.id] != nil
            }
            let end = try #require(ended[stalledSession.id])
            #expect(end.reason == .outputStalled)
            #expect(end.bytesDropped > 0, "the backlog dropped at the end was not counted")
            #expect(end.bytesDropped <= limits.outputHighWater + 16 * 1024, "the backlog was not bounded")
            #expect(host.count == 1)
            await host.shutdown(deadline: .seconds(5))
        }

        @Test("shutdown(deadline:) with 100 live sessions restores every client's terminal, dropping nothing they read")
        func shutdownHundred() async throws {
            let host = SessionHost()
            var ended: [SessionHost.Ended] = []
            host.onEnded = { ended.append($0) }
            let clients = try (0..<100).map { _ in try Client() }
            for client in clients { try client.start(on: host) }
            try await waitUntil(clients, "every first frame") { clients.allSatisfy { !$0.pty.output.isEmpty } }
            for client in clients {
                #expect(client.pty.modes.c_lflag & tcflag_t(ICANON | ECHO) == 0, "not raw")
            }
            async let done: Void = host.shutdown(deadline: .seconds(3))
            try await waitUntil(clients, "the shutdown") { host.count == 0 && ended.count == 100 }
            await done
            // Clients that read take every last byte: none was cut off by the deadline.
            #expect(ended.allSatisfy { $0.reason == .shutdown && $0.bytesDropped == 0 })
            for client in clients {
                client.pty.drain()
                #expect(client.pty.modes.c_lflag == client.shellModes.c_lflag, "modes not restored")
                #expect(client.pty.modes.c_iflag == client.shellModes.c_iflag, "input modes not restored")
                #expect(client.drawn.contains("\u{1B}[?1049l"), "the alternate screen was not left")
                // The goodbye comes after the modes are back (the pseudo-terminal's own
                // newline translation on again).
                let drawn = client.drawn
                let goodbye = drawn.firstRange(of: "\u{1B}[?1049l").map { drawn[$0.upperBound...] } ?? ""
                #expect(goodbye.contains("The server is shutting down."), "no goodbye")
            }
            #expect(throws: SessionHost.Refusal.shuttingDown) { try Client().start(on: host) }
        }

        @Test("shutdown(deadline:) waits for a client behind on its output until the deadline, then drops the rest")
        func shutdownDeadline() async throws {
            // Never congested and never stalled: only the deadline can end the session of a
            // client that stopped reading.
            let host = SessionHost(
                limits: .init(outputHighWater: 64 << 20, outputLowWater: 1 << 20, stalledOutput: .seconds(60)))
            var ended: [Int: SessionHost.Ended] = [:]
            host.onEnded = { ended[$0.id] = $0 }
            let behind = try Client(width: 80, height: 24)
            let reader = try Client()
            let behindSession = try behind.start(on: host, rows: 22)
            let readerSession = try reader.start(on: host)
            try await waitUntil([reader], "a backlog on the session of the client that stopped reading") {
                behind.pty.type("\u{0C}")
                return behindSession.output.count > 0
            }
            let start = ContinuousClock.now
            await host.shutdown(deadline: .milliseconds(500))
            let took = ContinuousClock.now - start
            #expect(took >= .milliseconds(500), "returned before the deadline with a client still behind")
            #expect(took < .seconds(30), "the deadline was not kept: \(took)")
            #expect(ended[behindSession.id]?.reason == .shutdown)
            #expect(ended[behindSession.id]?.bytesDropped ?? 0 > 0, "the unread backlog was not dropped")
            #expect(ended[readerSession.id]?.bytesDropped == 0)
            #expect(host.count == 0)
        }

        @Test("a client that sends nothing for the idle limit is ended and told why, though its session draws")
        func idleClient() async throws {
            let host = SessionHost(limits: .init(idleInput: .milliseconds(800)))
            var reason: SessionHost.EndReason?
            host.onEnded = { reason = $0.reason }
            let client = try Client()
            try client.start(on: host, rows: 1)
            let label = try #require(client.labels.first)
            var ticks = 0
            try await waitUntil([client], "the idle end") {
                ticks += 1
                label.text = "tick \(ticks)"  // output every few milliseconds, no input
                return reason != nil
            }
            #expect(reason == .idle)
            #expect(ticks >= 2 && client.drawn.contains("tick"), "the session did not draw while idle")
            client.pty.drain()
            #expect(client.drawn.contains("Session ended after 800 ms without input."))
            #expect(client.pty.modes.c_lflag == client.shellModes.c_lflag)
        }

        @Test("a hosted inline session asks where the cursor is without waiting and draws where the answer says")
        func inlineStartDoesNotWait() async throws {
            let host = SessionHost()
            let client = try Client(width: 40, height: 10)
            let began = ContinuousClock.now
            try client.start(on: host, rows: 1, presentation: .inline)
            #expect(ContinuousClock.now - began < .milliseconds(200), "the start waited for the cursor report")
            try await waitUntil([client], "the cursor query") { client.drawn.contains("\u{1B}[6n") }
            client.pty.type("ab")  // typed before the answer: kept for the form
            try await Task.sleep(for: .milliseconds(20))
            client.pty.drain()
            #expect(!client.drawn.contains("row 0"), "drawn before the band's place was known")
            client.pty.type("\u{1B}[4;1R")  // the cursor is on the fourth row
            try await waitUntil([client], "the band drawn") { client.drawn.contains("row 0") }
            try await waitUntil([client], "the keys typed before the answer") { client.name.value == "ab" }
            #expect(client.drawn.contains("\u{1B}[4;1H") || client.drawn.contains("\u{1B}[4d"), "not on the fourth row")
            await host.shutdown(deadline: .seconds(5))
        }

        @Test(
            "a session started at once on the descriptors of one that just ended takes its keys, two hundred times over"
        )
        func descriptorsReusedAtOnce() async throws {
            let host = SessionHost()
            let client = try Client()
            var session = try client.start(on: host)
            for round in 1...200 {
                host.end(session)
                session = try client.start(on: host)  // the same descriptors, before the host waits again
                client.pty.type("k")
                try await waitUntil([client], "round \(round)'s key", within: .seconds(5)) { client.name.value == "k" }
            }
            await host.shutdown(deadline: .seconds(5))
        }

        @Test("a client that hangs up ends its session alone")
        func hangUp() async throws {
            let host = SessionHost()
            var reasons: [SessionHost.EndReason] = []
            host.onEnded = { reasons.append($0.reason) }
            let leaving = try Client()
            let staying = try Client()
            try leaving.start(on: host)
            try staying.start(on: host)
            leaving.pty.hangUp()
            try await waitUntil([staying], "the hang-up") { reasons == [.hungUp] }
            staying.pty.type("ok")
            try await waitUntil([staying], "the other's key") { staying.name.value == "ok" }
            await host.shutdown(deadline: .seconds(5))
        }

        @Test("sessions started and ended 1,000 times leave no session, application, backend or restore slot behind")
        func thousandStartsAndEnds() async throws {
            let host = SessionHost()
            var endedCount = 0
            host.onEnded = { _ in endedCount += 1 }
            let client = try Client()
            let slots = RestoreSlot.claimedCount
            weak var lastSession: SessionHost.Session?
            weak var lastApplication: Application?
            weak var lastBackend: VTBackend?
            for round in 1...1000 {
                let session = try client.start(on: host)
                lastSession = session
                lastApplication = session.application
                lastBackend = session.terminal
                host.end(session)
                try await waitUntil([client], "end \(round)") { endedCount == round }
            }
            client.binding?.dispose()
            client.binding = nil
            #expect(host.count == 0)
            // Other test targets' sessions (the SSH server's) may hold a few slots meanwhile;
            // a slot kept per session would be a thousand.
            #expect(RestoreSlot.claimedCount < slots + 32, "\(RestoreSlot.claimedCount - slots) restore slots kept")
            try await Task.sleep(for: .milliseconds(50))  // the last sweep's task lets go
            #expect(lastSession == nil, "a session outlived its end")
            #expect(lastApplication == nil, "an application outlived its session")
            #expect(lastBackend == nil, "a backend outlived its session")
            await host.shutdown(deadline: .seconds(1))
        }
    }
}
