#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_exported import struct TetherTesting.ProcessResult
import TetherTesting

/// Runs the tests' child processes (tmux, the built programs through `sh`) with
/// TetherTesting's ``ProgramRunner``, in the tests' environment.
public enum ProcessRunner {
    /// Runs `arguments` (the first looked up in `PATH`) with standard input from `stdinPath`
    /// and waits for it to end on a thread of its own (``ProgramRunner``).
    ///
    /// - Parameter environment: `NAME=value` entries; `nil` uses ``testEnvironment()``.
    @discardableResult
    public static func run(
        _ arguments: [String], environment: [String]? = nil,
        stdinPath: String = "/dev/null"
    ) async -> ProcessResult {
        await ProgramRunner.run(arguments, environment: environment ?? testEnvironment(), stdin: .path(stdinPath))
    }

    /// ``run(_:environment:stdinPath:)`` blocking the calling thread: only for commands that
    /// end at once (tmux's own commands), never for a program under test.
    @discardableResult
    static func runAndWait(
        _ arguments: [String], environment: [String]? = nil,
        stdinPath: String = "/dev/null"
    ) -> ProcessResult {
        ProgramRunner.runAndWait(arguments, environment: environment ?? testEnvironment(), stdin: .path(stdinPath))
    }

    /// This process's environment without tmux's variables, locale overrides or
    /// `NO_COLOR`, with a UTF-8 locale (`LANG=C.UTF-8`).
    public static func testEnvironment() -> [String] {
        let raw = readBytes(atPath: "/proc/self/environ") ?? []
        let dropped = ["TMUX=", "TMUX_PANE=", "LANG=", "LC_ALL=", "LC_CTYPE=", "NO_COLOR=", "COLUMNS=", "LINES="]
        var result = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter { entry in
            !dropped.contains { entry.hasPrefix($0) }
        }
        result.append("LANG=C.UTF-8")
        // Programs the tests start (login-demo, tether-curses-check) are built with the
        // test's sanitizer; LeakSanitizer checks the test process, valgrind the demo
        // (.ci/valgrind-demo), so a child's exit status stays the program's own.
        if let index = result.firstIndex(where: { $0.hasPrefix("ASAN_OPTIONS=") }) {
            result[index] += ":detect_leaks=0"
        } else {
            result.append("ASAN_OPTIONS=detect_leaks=0")
        }
        return result
    }
}

/// The bytes of the file at `path`, or `nil` when it cannot be opened.
public func readBytes(atPath path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return readToEnd(fd)
}

/// The text of the file at `path` (UTF-8), or `nil` when it cannot be opened.
public func readText(atPath path: String) -> String? {
    readBytes(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

/// Writes `text` (UTF-8) to the file at `path`, replacing it; `false` when it cannot be
/// written (`errno` says why).
@discardableResult
public func writeText(_ text: String, toPath path: String) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return writeAll(Array(text.utf8), to: fd)
}

/// `text` quoted for `/bin/sh`: in single quotes, with embedded single quotes escaped.
public func shellQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
}

/// The directory holding this test process's executable: where SwiftPM puts the
/// products it built (`.build/debug`), so a test can find a program it depends on.
public func buildProductsDirectory() -> String { ProgramRunner.productsDirectory }

/// A new empty directory `/tmp/<prefix>-XXXXXX` (`mkdtemp`), for a test's scratch files.
public func makeTemporaryDirectory(_ prefix: String) throws -> String {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    guard let path = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!).map { String(cString: $0) } })
    else { throw HarnessError("cannot create a directory in /tmp") }
    return path
}
