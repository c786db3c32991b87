#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherReactive

/// Writes a program's result where a script reads it — standard output — and says when it
/// did not get there, so that a program never exits 0 with its result lost (standard
/// output on a full disk, a read-only file, a closed descriptor, a closed pipe).
///
/// ```swift
/// do {
///     try ProgramOutput.printResult("saved: \(name)")
/// } catch {
///     ProgramOutput.fail("settings-example: \(error)", status: ProgramOutput.failureStatus)
/// }
/// ```
///
/// Each call is one unbuffered `write(2)` loop (retried after an interruption or a short
/// write), so nothing waits in a `FILE` buffer to fail silently at `exit`. Writing to a
/// closed pipe fails with `EPIPE` rather than killing the process when `SIGPIPE` is
/// ignored; under the default disposition the process ends with `SIGPIPE`, as any Unix
/// tool does.
public enum ProgramOutput {
    /// The exit status for a result that could not be written: 74, `EX_IOERR` of
    /// `sysexits.h`.
    public static let failureStatus: Int32 = 74

    /// Why a result did not get out.
    public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The `errno` of the failed write.
        public let code: Int32

        /// For example "the result could not be written to standard output (No space
        /// left on device)".
        public var description: String {
            "the result could not be written to standard output (\(String(cString: strerror(code))))"
        }
    }

    /// Writes `text` and a line break to standard output, its control characters shown as
    /// visible escapes (``visible(_:)``): a result quoting what a user typed or piped never
    /// reaches a terminal as a control sequence.
    ///
    /// - Throws: ``WriteError`` when any byte of it could not be written.
    public static func printResult(_ text: String) throws(WriteError) {
        try write(Array((visible(text) + "\n").utf8), to: 1)
    }

    /// Writes `text` and a line break to standard error, its control characters shown as
    /// visible escapes, ignoring a failure (there is nowhere left to report it).
    public static func printError(_ text: String) {
        try? write(Array((visible(text) + "\n").utf8), to: 2)
    }

    /// `text` with every control character but the line break and the tab shown as a
    /// visible escape in caret notation (`ESC` as `^[`, `BEL` as `^G`) and C1 controls as
    /// U+FFFD: how to quote input (a typed answer, a piped line, a file's text) anywhere a
    /// terminal may read it. ``printResult(_:)``, ``printError(_:)`` and the accessible
    /// presentation apply it themselves.
    public static func visible(_ text: String) -> String { visibleControlCharacters(text) }

    /// Writes `message` and a line break to standard error and ends the process with
    /// `status`: for a command-line program whose run did not give its result (cancelled,
    /// or ``printResult(_:)`` failed). Call it after the application's run has returned,
    /// when the terminal is the shell's again.
    public static func fail(_ message: String, status: Int32) -> Never {
        printError(message)
        exit(status)
    }

    /// Writes every byte of `bytes` to `descriptor`.
    ///
    /// - Throws: ``WriteError`` with the `errno` of the first write that failed.
    package static func write(_ bytes: [UInt8], to descriptor: Int32) throws(WriteError) {
        if let code = writeAll(descriptor, bytes) { throw WriteError(code: code) }
    }
}

/// Writes all of `bytes` to `fd`, retrying after interruptions and short writes; returns
/// `nil` when every byte was written, else the `errno` of the write that failed (`EAGAIN`
/// for a non-blocking descriptor that is full).
package func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return written < 0 ? errno : EIO
        }
    }
    return nil
}
