#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TetherTesting
import TetherUI

/// A fresh, empty folder under the system's temporary directory.
func makeTemporaryFolder(_ prefix: String) -> String {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer in
        mkdtemp(buffer.baseAddress!).map { String(cString: $0) } ?? "/tmp/\(prefix)-failed"
    }
}

/// The contents of the file at `path`, or `nil` when it cannot be read.
func readFile(_ path: String) -> String? {
    guard case .bytes(let bytes) = readFileBytes(atPath: path) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

@MainActor
@Suite("Snapshots")
struct SnapshotTests {
    private func labelPilot(_ text: String) throws -> (Pilot, Label) {
        let label = Label(text)
        return (try Pilot(root: VStack([Label("title"), label]), size: Size(width: 12, height: 3)), label)
    }

    @Test("a first comparison records the screen as the reference file and throws, marked as recorded")
    func recordsMissingSnapshot() throws {
        let folder = makeTemporaryFolder("tether-snapshot") + "/__Snapshots__/Example"
        let (pilot, _) = try labelPilot("hello")
        let error = #expect(throws: SnapshotMismatch.self) { try pilot.assertSnapshot(named: "hello", in: folder) }
        #expect(error?.recorded == true)
        #expect(error?.path == "\(folder)/hello.txt")
        #expect(readFile("\(folder)/hello.txt") == "title\nhello\n\n")
    }

    @Test("a comparison with a matching reference file passes")
    func passesOnMatch() throws {
        let folder = makeTemporaryFolder("tether-snapshot")
        let (pilot, _) = try labelPilot("hello")
        _ = try? pilot.assertSnapshot(named: "screen", in: folder)
        try pilot.assertSnapshot(named: "screen", in: folder)
    }

    @Test("a screen that differs from its reference throws a mismatch naming the differing line")
    func mismatchThrows() throws {
        let folder = makeTemporaryFolder("tether-snapshot")
        let (pilot, label) = try labelPilot("hello")
        _ = try? pilot.assertSnapshot(named: "screen", in: folder)
        label.text = "goodbye"
        let error = #expect(throws: SnapshotMismatch.self) { try pilot.assertSnapshot(named: "screen", in: folder) }
        #expect(error?.recorded == false)
        #expect(error?.message == "screen does not match \(folder)/screen.txt:\n  line 2:\n  - hello\n  + goodbye")
        #expect(readFile("\(folder)/screen.txt") == "title\nhello\n\n", "a mismatch must not overwrite the reference")
    }

    @Test("a mismatch fails the test that asserts the snapshot")
    func mismatchFailsTheTest() throws {
        let folder = makeTemporaryFolder("tether-snapshot")
        let (pilot, label) = try labelPilot("hello")
        _ = try? pilot.assertSnapshot(named: "screen", in: folder)
        label.text = "changed"
        try withKnownIssue("the screen no longer matches its reference") {
            try pilot.assertSnapshot(named: "screen", in: folder)
        } matching: { issue in
            issue.error is SnapshotMismatch
        }
    }

    @Test("the default folder is __Snapshots__/<test file name> next to the test file")
    func defaultFolderFollowsTheTestFile() throws {
        let (pilot, _) = try labelPilot("hello")
        _ = try? pilot.assertSnapshot(named: "screen", filePath: "/tmp/tether-snapshot-default/ExampleTests.swift")
        #expect(readFile("/tmp/tether-snapshot-default/__Snapshots__/ExampleTests/screen.txt") == "title\nhello\n\n")
    }
}
