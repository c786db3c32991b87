#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A screen that did not match its reference file.
public struct SnapshotMismatch: Error, CustomStringConvertible, Sendable {
    /// The reference file.
    public let path: String
    /// What went wrong, with a line-by-line difference.
    public let message: String
    /// `true` when the screen was written as the new reference (there was none, or
    /// `TETHER_RECORD_SNAPSHOTS` is set) rather than compared.
    public let recorded: Bool

    public var description: String { message }
}

extension Pilot {
    /// Compares the screen, as plain text, with the reference file `name.txt` in a
    /// `__Snapshots__/<test file name>/` folder next to the test file.
    ///
    /// When the reference does not exist yet, or the environment variable
    /// `TETHER_RECORD_SNAPSHOTS` is set, the current screen is written as the reference and
    /// the call throws, so a recording run never passes by accident. Otherwise it throws a
    /// ``SnapshotMismatch`` listing the lines that differ.
    ///
    /// ```swift
    /// try pilot.assertSnapshot(named: "login-80x24")
    /// ```
    public func assertSnapshot(named name: String, filePath: StaticString = #filePath) throws {
        let testFile = "\(filePath)"
        let directory = testFile.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
            separator: "/")
        let testName =
            testFile.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "Tests"
        try assertSnapshot(named: name, in: "\(directory)/__Snapshots__/\(testName)")
    }

    /// Compares the screen, as plain text, with the reference file `name.txt` in `folder`
    /// (created when missing), recording it like ``assertSnapshot(named:filePath:)``.
    public func assertSnapshot(named name: String, in folder: String) throws {
        let path = "\(folder)/\(name).txt"
        let actual = screen + "\n"
        let recording = getenv("TETHER_RECORD_SNAPSHOTS") != nil
        guard !recording, let expected = SnapshotFile.read(path) else {
            SnapshotFile.makeDirectories(folder)
            SnapshotFile.write(actual, to: path)
            throw SnapshotMismatch(
                path: path, message: "recorded snapshot \(path); run again to compare against it",
                recorded: true)
        }
        guard expected != actual else { return }
        throw SnapshotMismatch(
            path: path, message: SnapshotFile.difference(expected: expected, actual: actual, path: path),
            recorded: false)
    }
}

enum SnapshotFile {
    static func read(_ path: String) -> String? {
        guard case .bytes(let bytes) = readFileBytes(atPath: path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) {
        guard let file = fopen(path, "wb") else { return }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    }

    static func makeDirectories(_ path: String) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/\(part)"
            mkdir(current, 0o755)
        }
    }

    static func difference(expected: String, actual: String, path: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var lines = ["screen does not match \(path):"]
        for index in 0..<max(old.count, new.count) {
            let a = index < old.count ? String(old[index]) : "", b = index < new.count ? String(new[index]) : ""
            if a != b {
                lines.append("  line \(index + 1):")
                lines.append("  - \(a)")
                lines.append("  + \(b)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
