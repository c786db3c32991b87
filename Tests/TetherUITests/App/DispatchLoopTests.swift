import Testing
import TetherReactive
import TetherTesting
import TetherUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A polled backend over a pipe: each byte written to the pipe is a typed character.
@MainActor
private final class PipeBackend: PollingBackend {
    var size = Size(width: 20, height: 1)
    var capabilities = TerminalCapabilities(colors: 0, mouse: false)
    var features: BackendFeatures { BackendFeatures(events: .polled(self), screen: .whole, suspension: nil) }
    private var handler: ((TerminalEvent) -> Void)?
    private let readEnd: Int32
    let writeEnd: Int32
    private(set) var processCount = 0
    private(set) var lastFrame: Frame?
    private(set) var stopped = false
    /// Returned by `pollTimeout` until the next `processPendingInput()`.
    var timeoutOnce: Duration?

    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func start(_ handler: @escaping (TerminalEvent) -> Void) throws { self.handler = handler }
    func present(_ frame: Frame, cursor: Point?) { lastFrame = frame }
    func stop() { stopped = true }
    var pollDescriptors: [Int32] { stopped ? [] : [readEnd] }
    var pollTimeout: Duration? { timeoutOnce }

    func processPendingInput() {
        processCount += 1
        timeoutOnce = nil
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) == 1 {
            handler?(.input(.key(KeyEvent(.character(Character(Unicode.Scalar(byte)))))))
        }
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
    }

    isolated deinit {
        close(readEnd)
        close(writeEnd)
    }
}

/// Waits up to two seconds of wall time for `condition`.
@MainActor
private func eventually(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<200 {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

@MainActor
@Suite("Application.run() over a polled backend")
struct DispatchLoopTests {
    @Test("bytes on the backend's descriptor are processed on the main actor and drawn")
    func processesInputAndDraws() async throws {
        let backend = PipeBackend()
        let field = TextField()
        let app = Application(root: field, backend: backend, scheduler: TestScheduler())
        let run = Task { try await app.run() }
        backend.type("ab")
        #expect(try await eventually { backend.lastFrame?.line(0) == "ab" })
        app.quit()
        #expect(try await run.value == .quit)
        #expect(backend.stopped)
    }

    @Test("with no input, the backend is processed once its timeout has passed")
    func timeoutWakesTheBackend() async throws {
        let backend = PipeBackend()
        let app = Application(root: TextField(), backend: backend, scheduler: TestScheduler())
        backend.timeoutOnce = .milliseconds(20)
        let run = Task { try await app.run() }
        #expect(try await eventually { backend.processCount >= 1 })
        app.quit()
        _ = try await run.value
    }

    @Test("after the run ends, input is no longer processed")
    func stopsWithTheRun() async throws {
        let backend = PipeBackend()
        let app = Application(root: TextField(), backend: backend, scheduler: TestScheduler())
        let run = Task { try await app.run() }
        backend.type("x")
        #expect(try await eventually { backend.processCount >= 1 })
        app.quit()
        _ = try await run.value
        let count = backend.processCount
        backend.type("y")
        try await Task.sleep(for: .milliseconds(50))
        #expect(backend.processCount == count)
    }
}
