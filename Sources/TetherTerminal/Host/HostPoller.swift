internal import CTetherPoll
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one waiter of a ``SessionHost``: a Dispatch worker blocks on every watched
/// descriptor at once, one wait at a time, and hands what is ready to the main queue, where
/// the sessions run. A pipe interrupts a wait so that the next one sees a new deadline.
///
/// Where the system has `epoll` (Linux, through CTetherPoll) the descriptors are registered
/// once and changed only when their interest changes, so a wake-up costs what is ready, not every session (`poll(2)` over
/// 100 sessions spent most of the host's time in the kernel's per-descriptor checks and in
/// rebuilding the array; docs/performance.md, "A session host"). Elsewhere each wait builds a
/// `poll(2)` array from the same registry.
///
/// `@unchecked Sendable`: `state` is read and written only inside `guardQueue.sync`; the
/// registry (``watch(_:read:write:)``) is changed on the main actor only, and `epoll_ctl`
/// may change it while a wait is under way.
final class HostPoller: @unchecked Sendable {
    /// One descriptor that is ready.
    struct Ready: Sendable {
        let fd: Int32
        /// Input (or end of input, an error: reading tells which).
        let readable: Bool
        /// Room for output (or an error: writing tells which).
        let writable: Bool
    }

    private enum State { case idle, waiting, stopped }
    private var state = State.idle
    private let guardQueue = DispatchQueue(label: "tether.session-host.poller")
    private let readEnd: Int32
    private let writeEnd: Int32
    /// What each descriptor is watched for.
    private var interest: [Int32: (read: Bool, write: Bool)] = [:]
    /// The `epoll` registry; -1 where there is none (each wait then builds a `poll` array).
    private let epoll: Int32

    /// A poller with its interrupting pipe (without one, when the process is out of
    /// descriptors, a new deadline waits for the next wake-up).
    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        for end in ends where end >= 0 {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        epoll = tether_poller_create()
        if epoll >= 0, readEnd >= 0 { _ = tether_poller_watch(epoll, readEnd, 1, 0, 0) }
    }

    deinit {
        for fd in [readEnd, writeEnd] where fd >= 0 { _ = Self.closeDescriptor(fd) }
        if epoll >= 0 { _ = Self.closeDescriptor(epoll) }
    }

    private static func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }

    /// Watches `fd` for input and/or room for output; neither: forgets it.
    func watch(_ fd: Int32, read: Bool, write: Bool) {
        guard fd >= 0 else { return }
        let before = interest[fd]
        guard before.map({ $0 != (read, write) }) ?? (read || write) else { return }
        interest[fd] = read || write ? (read, write) : nil
        if epoll >= 0 { _ = tether_poller_watch(epoll, fd, read ? 1 : 0, write ? 1 : 0, before == nil ? 0 : 1) }
    }

    /// Whether a wait is under way.
    var isWaiting: Bool { guardQueue.sync { state == .waiting } }

    /// Waits on a worker thread for the watched descriptors, at most `timeout` milliseconds
    /// (-1: no limit), then runs `wake` on the main queue with what is ready; nothing when a
    /// wait is already under way or the poller stopped.
    func wait(timeout: Int32, wake: @escaping @Sendable ([Ready]) -> Void) {
        let armed = guardQueue.sync { () -> Bool in
            guard state == .idle else { return false }
            state = .waiting
            return true
        }
        guard armed else { return }
        let waitOnce: @Sendable () -> [Ready]
        if epoll >= 0 {
            waitOnce = { [self] in waitWithEpoll(timeout: timeout) }
        } else {
            let snapshot = interest.map { pollfd(fd: $0.key, events: Self.events($0.value), revents: 0) }
            waitOnce = { [self] in waitWithPoll(snapshot, timeout: timeout) }
        }
        DispatchQueue.global().async { [self] in
            let ready = waitOnce()
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) > 0 {}
            let open = guardQueue.sync { () -> Bool in
                guard state == .waiting else { return false }
                state = .idle
                return true
            }
            if open { DispatchQueue.main.async { wake(ready) } }
        }
    }

    private func waitWithEpoll(timeout: Int32) -> [Ready] {
        var fds = [Int32](repeating: -1, count: 256)
        var flags = [UInt8](repeating: 0, count: 256)
        var count: Int32 = -1
        while count < 0 {
            count = tether_poller_wait(epoll, &fds, &flags, Int32(fds.count), timeout)
            if count < 0 && errno != EINTR { return [] }
        }
        return (0..<Int(count)).compactMap { index in
            guard fds[index] != readEnd else { return nil }
            return Ready(fd: fds[index], readable: flags[index] & 1 != 0, writable: flags[index] & 2 != 0)
        }
    }

    private static func events(_ interest: (read: Bool, write: Bool)) -> Int16 {
        Int16((interest.read ? POLLIN : 0) | (interest.write ? POLLOUT : 0))
    }

    private func waitWithPoll(_ snapshot: [pollfd], timeout: Int32) -> [Ready] {
        var fds = snapshot
        fds.append(pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0))
        while poll(&fds, nfds_t(fds.count), timeout) < 0 && (errno == EINTR || errno == EAGAIN) {}
        let failure = Int16(POLLERR | POLLHUP | POLLNVAL)
        return fds.dropLast().filter { $0.revents != 0 }.map {
            Ready(
                fd: $0.fd, readable: $0.revents & (Int16(POLLIN) | failure) != 0,
                writable: $0.revents & (Int16(POLLOUT) | failure) != 0)
        }
    }

    /// Ends the wait under way early (what is ready is still delivered).
    func interrupt() {
        guard isWaiting else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Stops for good: a wait under way ends and delivers nothing.
    func stop() {
        let wasWaiting = guardQueue.sync { () -> Bool in
            defer { state = .stopped }
            return state == .waiting
        }
        if wasWaiting {
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }
}
