#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A hosted session's output (``SessionHost``): what its terminal did not take yet, kept
/// in order and written when the descriptor is writable again, so that no write ever waits
/// for a client. Over the high-water mark the session is *congested*: its frames are not
/// drawn (``VTBackend`` skips them), and once the backlog drains below the low-water mark
/// the newest frame is drawn whole over the last one sent, so a slow client gets fewer
/// frames, never a longer queue. How long a session may stay congested is the host's
/// limit (``SessionHost/Limits/stalledOutput``).
@MainActor
final class OutputQueue {
    /// The descriptor written to.
    let fd: Int32
    /// Over this many bytes the session is congested.
    let highWater: Int
    /// Congestion ends when the backlog drops to this many bytes.
    let lowWater: Int
    private var bytes: [UInt8] = []
    private var start = 0
    /// Since when the session has been congested; `nil` when it is not.
    private(set) var congestedSince: ContinuousClock.Instant?
    /// Whether the descriptor failed (the client went away): nothing more is written.
    private(set) var failed = false
    /// Called when a congestion ends: the backlog drained to ``lowWater``.
    var onDrained: (() -> Void)?
    /// Called once when a write fails (the client went away): the host ends the session.
    var onFailed: (() -> Void)?
    /// Called when bytes start waiting for the descriptor (the host then waits for it to
    /// be writable).
    var onBacklog: (() -> Void)?
    /// Whether ``discard()`` cancels an escape sequence it cut (`CAN`): a terminal's queue
    /// does, a conversation's (plain lines) does not.
    var cancelsSequences = true
    /// Bytes written in all, bytes the descriptor took, and bytes dropped unsent.
    private(set) var totals = (queued: 0, written: 0, dropped: 0)

    init(fd: Int32, highWater: Int, lowWater: Int) {
        self.fd = fd
        self.highWater = max(1, highWater)
        self.lowWater = max(0, min(lowWater, highWater))
    }

    /// The bytes waiting for the descriptor.
    var count: Int { bytes.count - start }

    /// Whether frames wait for the backlog to drain.
    var isCongested: Bool { congestedSince != nil }

    /// Writes what the descriptor takes now and keeps the rest, after what already waits.
    func write(_ new: [UInt8]) {
        guard !failed, !new.isEmpty else { return }
        totals.queued += new.count
        if count == 0 {
            let taken = writeNow(new[...])
            guard taken < new.count else { return }
            bytes = Array(new[taken...])
            start = 0
            onBacklog?()
        } else {
            bytes += new
        }
        if count > highWater, congestedSince == nil { congestedSince = .now }
    }

    /// Writes what the descriptor takes of the backlog (it was reported writable).
    func flush() {
        guard count > 0, !failed else { return }
        start += writeNow(bytes[start...])
        if start == bytes.count {
            bytes = []
            start = 0
        } else if start > 65_536, start * 2 > bytes.count {
            bytes.removeFirst(start)
            start = 0
        }
        if congestedSince != nil, count <= lowWater {
            congestedSince = nil
            onDrained?()
        }
    }

    /// Drops the backlog (a client that stopped reading, at its end): what was never sent is
    /// lost, and an escape sequence it cut is cancelled (`CAN`) before the next bytes.
    func discard() {
        guard count > 0 else { return }
        totals.dropped += count
        bytes = cancelsSequences ? [0x18] : []
        start = 0
        if isatty(fd) == 1 { _ = tcflush(fd, TCOFLUSH) }
        congestedSince = nil
        flush()
    }

    /// Writes as much of `slice` as the descriptor takes without waiting; marks the queue
    /// failed on an error other than a full descriptor.
    private func writeNow(_ slice: ArraySlice<UInt8>) -> Int {
        var offset = 0
        while offset < slice.count {
            let written = writeSlice(fd, slice.dropFirst(offset))
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                if written < 0 && errno != EAGAIN && errno != EWOULDBLOCK {
                    failed = true
                    onFailed?()
                }
                break
            }
        }
        totals.written += offset
        return offset
    }
}

/// `write(2)` of `bytes`; not on the main actor, so the closure it hands `withUnsafeBytes`
/// makes no run-time executor check.
private func writeSlice(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
    bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}
