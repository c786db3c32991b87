import Testing
import TetherReactive
import TetherTesting
@testable import TetherUI

/// An application adds at most its quota of new entries to the process-wide intern tables,
/// so one session of a server cannot fill them for the others.
@Suite("Intern quota")
@MainActor
struct InternQuotaTests {
    /// A grapheme longer than 15 bytes of UTF-8 that no other test draws: an `x` with eight
    /// combining marks chosen at random.
    private func uniqueLongGrapheme() -> String {
        let marks = (0..<8).map { _ in Character(Unicode.Scalar(UInt32.random(in: 0x300...0x36F))!) }
        return "x" + String(marks)
    }

    @Test("past its quota an application draws a new long grapheme as U+FFFD, and another application still draws it")
    func quotaSpent() throws {
        let graphemes = (0..<3).map { _ in uniqueLongGrapheme() }
        let spent = HeadlessBackend(size: Size(width: 20, height: 3))
        let first = Application(
            root: Label(graphemes.joined(separator: " ")), backend: spent, scheduler: TestScheduler())
        first.internQuota = InternQuota(limit: 2)
        try first.start()
        first.renderIfNeeded()
        #expect(spent.text.contains(graphemes[0]) && spent.text.contains(graphemes[1]))
        #expect(!spent.text.contains(graphemes[2]) && spent.text.contains("\u{FFFD}"))

        let other = HeadlessBackend(size: Size(width: 20, height: 3))
        let second = Application(root: Label(graphemes[2]), backend: other, scheduler: TestScheduler())
        try second.start()
        second.renderIfNeeded()
        #expect(other.text.contains(graphemes[2]))
        first.quit()
        second.quit()
    }

    @Test("an entry another application added costs nothing from the quota")
    func sharedEntriesAreFree() throws {
        let grapheme = uniqueLongGrapheme()
        let adding = Application(
            root: Label(grapheme), backend: HeadlessBackend(size: Size(width: 20, height: 3)),
            scheduler: TestScheduler())
        try adding.start()
        adding.renderIfNeeded()
        let backend = HeadlessBackend(size: Size(width: 20, height: 3))
        let spent = Application(root: Label(grapheme), backend: backend, scheduler: TestScheduler())
        spent.internQuota = InternQuota(limit: 0)
        try spent.start()
        spent.renderIfNeeded()
        #expect(backend.text.contains(grapheme))
        adding.quit()
        spent.quit()
    }
}
