#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing
import TetherReactive
@testable import TetherTerminal
import TetherUI

/// A session answered line by line (`SessionHost.startConversation`), for a client without a
/// terminal: its questions on one pipe, its answers from another, and a client that stops
/// reading holds nothing up and costs no more than the host's output mark.
@Suite("Session host conversations", .serialized)
@MainActor
struct SessionHostConversationTests {
    /// A client on two pipes: answers written to ``answers``, questions read from ``questions``.
    @MainActor
    final class PipeClient {
        private(set) var answers: Int32
        let questions: Int32
        let io: TerminalIO
        var bytesSaid: [UInt8] = []
        var ends: [SessionHost.Ended] = []

        init() throws {
            var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
            guard pipe(&input) == 0, pipe(&output) == 0 else { throw HarnessError("no pipes") }
            answers = input[1]
            questions = output[0]
            _ = fcntl(answers, F_SETFL, O_NONBLOCK)
            _ = fcntl(questions, F_SETFL, O_NONBLOCK)
            io = TerminalIO(input: input[0], output: output[1], environment: [:])
        }

        /// Starts a form asking a required Name, whose Save returns it.
        @discardableResult
        func start(on host: SessionHost) throws -> SessionHost.Session {
            host.onEnded = { [weak self] in self?.ends.append($0) }
            return try host.startConversation(io: io) { session in
                let name = BehaviorRelay(value: "")
                let save = Command<Void, String> { name.value }
                let button = Button("Save")
                let form = Form {
                    Field("Name", key: "name", TextField()).required().bound(to: name)
                    Buttons([button], default: button).submitting(save)
                }
                session.keep(name)
                return Application(root: form, backend: session.backend)
            }
        }

        /// Writes what the pipe takes of `text` now; returns how many bytes.
        @discardableResult
        func type(_ text: String) -> Int {
            Array(text.utf8).withUnsafeBytes { max(0, write(answers, $0.baseAddress, $0.count)) }
        }

        /// Reads what was said since.
        @discardableResult
        func said() -> String {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while case let count = buffer.withUnsafeMutableBytes({ read(questions, $0.baseAddress, $0.count) }),
                count > 0
            {
                bytesSaid += buffer[0..<count]
            }
            return String(decoding: bytesSaid, as: UTF8.self)
        }

        /// Closes the answers' pipe: the session reads the end of its input.
        func endAnswers() {
            _ = close(answers)
            answers = -1
        }

        func closeAll() {
            for fd in [answers, questions, io.input, io.output] where fd >= 0 { _ = close(fd) }
        }
    }

    func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + patient(.seconds(20))
        while !condition() {
            guard ContinuousClock.now < deadline else { throw HarnessError("timed out waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("a conversation asks its questions on its output, takes the answers, and ends when the form is done")
    func answersFillTheForm() async throws {
        let host = SessionHost()
        let client = try PipeClient()
        defer { client.closeAll() }
        try client.start(on: host)
        client.type("Ada\n\n")
        try await waitUntil("the end") { client.ends.count == 1 }
        let said = client.said()
        #expect(said.contains("Name (required): Ada\n"), "\(said)")
        #expect(said.contains("Save? [Y/n]"), "\(said)")
        #expect(!said.contains("\u{1B}"), "a control sequence in a conversation")
        #expect(client.ends.first?.reason == .quit)
        #expect(client.ends.first?.error == nil)
    }

    @Test("a conversation whose input ends before the form is complete reports the unanswered question")
    func inputEndsEarly() async throws {
        let host = SessionHost()
        let client = try PipeClient()
        defer { client.closeAll() }
        try client.start(on: host)
        client.endAnswers()
        try await waitUntil("the end") { client.ends.count == 1 }
        let error = try #require(client.ends.first?.error as? AccessibleInputError)
        #expect(error.unanswered == "Name")
    }

    @Test("a client that stops reading holds its answers back: at most the output mark waits, and it resumes")
    func unreadOutputHoldsAnswers() async throws {
        let host = SessionHost(limits: .init(outputHighWater: 4096, outputLowWater: 1024, stalledOutput: .seconds(60)))
        let client = try PipeClient()
        defer { client.closeAll() }
        let session = try client.start(on: host)
        let conversation = try #require(session.backend as? AccessibleBackend)
        conversation.heldInputLimit = 32 * 1024
        // Empty answers to a required field: each is refused and asked again (about 40 bytes
        // said for each byte typed), far more than the pipe (64 KiB) and the mark take.
        // Typed until the session stops reading.
        var typed = 0
        let deadline = ContinuousClock.now + patient(.seconds(30))
        while !conversation.pollDescriptors.isEmpty {
            guard ContinuousClock.now < deadline else { throw HarnessError("the session read on and on") }
            typed += client.type(String(repeating: "\n", count: 4096))
            try await Task.sleep(for: .milliseconds(2))
        }
        var unread: Int32 = 0
        _ = ioctl(client.io.input, UInt(FIONREAD), &unread)
        let read = typed - Int(unread)
        #expect(read > 32 * 1024, "the session stopped reading before its answers' limit")
        #expect(read <= 32 * 1024 + 65_536, "\(read) bytes taken from a client that reads nothing")
        #expect(session.output.count <= 4096 + 1024, "\(session.output.count) bytes queued for a client not reading")
        let before = client.said().count
        try await waitUntil("answers taken again once read") {
            client.said().count > before + 70_000
        }
        #expect(session.isRunning)
        await host.shutdown(deadline: .seconds(1))
    }

    @Test("a conversation whose client stays behind past the stall limit ends with its reason")
    func stalledConversationEnds() async throws {
        let host = SessionHost(
            limits: .init(outputHighWater: 4096, outputLowWater: 1024, stalledOutput: .milliseconds(300)))
        let client = try PipeClient()
        defer { client.closeAll() }
        try client.start(on: host)
        try await waitUntil("the end") {
            client.type(String(repeating: "\n", count: 4096))
            return client.ends.count == 1
        }
        #expect(client.ends.first?.reason == .outputStalled)
    }
}
