import CFuzzDriver
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TetherUI

/// The draft file format (`DraftFile`, read through `JSONDecoder` by `DraftDecoding`): any
/// bytes at a draft's path are read without crashing and without recursion the input can
/// deepen; they are a draft or refused with a reason, never both; a draft that reads is written
/// back (`DraftFile.write`) to text that reads to the same entries.
func fuzzDrafts(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let path = draftPath
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fuzzFailure("cannot write \(path)") }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let file = DraftFile(path: path)
    switch file.read() {
    case .none:
        fuzzFailure("a file that exists read as no draft")
    case .refused(let reason):
        if reason.isEmpty { fuzzFailure("a refusal without a reason") }
    case .draft(let entries):
        guard file.write(entries) == nil else { fuzzFailure("a draft that read could not be written back") }
        guard case .draft(let again) = file.read() else { fuzzFailure("a draft written back did not read") }
        guard again.count == entries.count,
            zip(again, entries).allSatisfy({ $0.key == $1.key && same($0.value, $1.value) })
        else { fuzzFailure("a draft written back read as other entries") }
    }
    return 0
}

/// Whether two draft values are the same (a number by its bits: NaN is not in a draft).
func same(_ a: DraftData, _ b: DraftData) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): return x == y || (x.isNaN && y.isNaN)
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    default: return a == b
    }
}

/// One file per process, in the temporary folder.
let draftPath = "/tmp/tether-fuzz-draft-\(getpid()).json"

// Last, so that the globals above are initialised first (main.swift runs top to bottom).
exit(tether_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzDrafts))
