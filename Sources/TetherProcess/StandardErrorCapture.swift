#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The real standard error while it is captured; -1 when nothing is captured.
private let savedStandardError = Atomic<Int32>(-1)
/// The file standard error writes to while captured.
private let captureFile = Atomic<Int32>(-1)

/// Keeps what the program writes to standard error while a session owns the terminal that
/// standard error shows on, and writes it out once the terminal is given back.
///
/// A line written to the terminal while the screen is the program's is erased with the
/// alternate screen, or drawn over by the next frame inline: a Swift runtime's
/// "Fatal error: …" line was lost that way, and the user saw only "Illegal instruction".
/// While captured, descriptor 2 points at an unlinked temporary file (writes never block,
/// however much is logged); ``end()``, the `exit()` hook and the crash handler put the
/// real standard error back and copy the file's contents to it — after the terminal was
/// restored, so they land on the shell's screen. The crash handler does so before it hands
/// the signal on, so the runtime's backtrace follows the message.
///
/// Only standard error that is a terminal is captured; redirected to a file or a pipe, it
/// is left alone.
@MainActor
package final class StandardErrorCapture {
    private init() {}

    /// Starts capturing when standard error is a terminal; `nil` when it is not, or no
    /// temporary file could be made (then nothing changes).
    package static func begin() -> StandardErrorCapture? {
        guard savedStandardError.load(ordering: .sequentiallyConsistent) < 0, isatty(STDERR_FILENO) == 1 else {
            return nil
        }
        let directory = (getenv("TMPDIR").map { String(cString: $0) }).flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/tether-stderr-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return nil }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0, dup2(file, STDERR_FILENO) >= 0 else {
            if saved >= 0 { close(saved) }
            close(file)
            return nil
        }
        captureFile.store(file, ordering: .sequentiallyConsistent)
        savedStandardError.store(saved, ordering: .sequentiallyConsistent)
        return StandardErrorCapture()
    }

    /// Puts standard error back and writes out what was captured. Idempotent.
    package func end() {
        releaseStandardError()
    }
}

/// Puts the real standard error back on descriptor 2 and copies what was captured to it,
/// then closes the capture. Async-signal-safe (atomics, `dup2`, `lseek`, `read`, `write`,
/// `close`), so the crash handler can call it; does nothing when nothing is captured.
func releaseStandardError() {
    let saved = savedStandardError.exchange(-1, ordering: .sequentiallyConsistent)
    let file = captureFile.exchange(-1, ordering: .sequentiallyConsistent)
    guard saved >= 0, file >= 0 else { return }
    _ = dup2(saved, STDERR_FILENO)
    _ = lseek(file, 0, SEEK_SET)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
        while true {
            let count = read(file, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            writeAllSignalSafe(STDERR_FILENO, buffer.baseAddress!, count: count)
        }
    }
    close(file)
    close(saved)
}
