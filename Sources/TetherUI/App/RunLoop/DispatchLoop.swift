import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The driver behind ``Application/run()`` for a ``PollingBackend``: the same backend
/// calls as ``MainThreadLoop``, for programs whose main thread belongs to Dispatch (an
/// `async` main).
///
/// A waiter thread blocks in `poll(2)` on the backend's descriptors (and a pipe that
/// cancels it) while the main actor is idle; when one is readable, or the backend's
/// timeout passes, it hands the wake-up to the main queue, which processes the input,
/// draws, and only then arms the next wait. The waiter never polls while the main actor
/// works, so the backend may close a descriptor (a hang-up) during processing.
@MainActor
final class DispatchLoop {
    private let backend: any PollingBackend
    private let client: any RunLoopClient
    private let waiter: PollWaiter?
    private var stopped = false

    /// A loop over a started `backend`; call ``start()`` to begin waiting.
    init(backend: any PollingBackend, client: any RunLoopClient) {
        self.backend = backend
        self.client = client
        waiter = PollWaiter()
    }

    /// Arms the first wait. Without a cancel pipe (no descriptors left) it processes
    /// nothing: the run then ends only by quit, cancellation or a pushed event.
    func start() { arm() }

    /// Stops waiting; no wake-up is processed after this.
    func stop() {
        stopped = true
        waiter?.cancel()
    }

    private func arm() {
        guard !stopped, !client.isFinished, let waiter else { return }
        let descriptors = backend.pollDescriptors
        let timeout = pollMilliseconds(backend.pollTimeout)
        waiter.wait(on: descriptors, timeout: timeout) { [weak self] in
            MainActor.assumeIsolated { self?.wake() }
        }
    }

    private func wake() {
        guard !stopped else { return }
        backend.processPendingInput()
        client.renderIfNeeded()
        arm()
    }
}

/// Waits for descriptors on a Dispatch worker thread, one wait at a time, and can be
/// cancelled from any thread through a pipe.
///
/// `@unchecked Sendable`: `current` is read and written only inside `guardQueue.sync`
/// (a serial queue, which ThreadSanitizer understands; it cannot see `Mutex`'s lock).
private final class PollWaiter: @unchecked Sendable {
    private enum State { case idle, waiting, cancelled }
    private var current = State.idle
    private let guardQueue = DispatchQueue(label: "tether.poll-waiter")
    private let readEnd: Int32
    private let writeEnd: Int32

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Polls `descriptors` on a worker thread, then runs `wake` on the main queue, unless
    /// cancelled meanwhile.
    func wait(on descriptors: [Int32], timeout: Int32, wake: @escaping @Sendable () -> Void) {
        let armed = withState { state -> Bool in
            guard state == .idle else { return false }
            state = .waiting
            return true
        }
        guard armed else { return }
        let cancelDescriptor = readEnd
        DispatchQueue.global().async { [self] in
            var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            fds.append(pollfd(fd: cancelDescriptor, events: Int16(POLLIN), revents: 0))
            while poll(&fds, nfds_t(fds.count), timeout) < 0 && (errno == EINTR || errno == EAGAIN) {}
            let cancelled = withState { state -> Bool in
                if state == .cancelled { return true }
                state = .idle
                return false
            }
            if cancelled {
                closeEnds()
            } else {
                DispatchQueue.main.async(execute: wake)
            }
        }
    }

    /// Ends a wait under way (its wake-up is not delivered) or, between waits, closes
    /// the pipe at once.
    func cancel() {
        let closeNow = withState { state -> Bool in
            defer { state = .cancelled }
            switch state {
            case .idle: return true
            case .waiting:
                var byte: UInt8 = 1
                _ = write(writeEnd, &byte, 1)
                return false
            case .cancelled: return false
            }
        }
        if closeNow { closeEnds() }
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        guardQueue.sync { body(&current) }
    }

    private func closeEnds() {
        close(readEnd)
        close(writeEnd)
    }
}
