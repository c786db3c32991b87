import Testing

/// The way-out oracle's reading of the modes libvterm does not report.
@Suite("ModeTracker")
struct ModeTrackerTests {
    private func tracked(_ chunks: String...) -> ModeTracker {
        var tracker = ModeTracker()
        for chunk in chunks { tracker.feed(Array(chunk.utf8)) }
        return tracker
    }

    @Test("DEC modes set and reset, several in one sequence, the last word on each counting")
    func decModes() {
        let tracker = tracked("\u{1B}[?2004;1004h\u{1B}[?1000h", "\u{1B}[?2004l")
        #expect(tracker.setModes == [1004, 1000])
    }

    @Test("a sequence cut anywhere across feeds reads as if whole")
    func splitAcrossFeeds() {
        let tracker = tracked("\u{1B}", "[?", "10", "04h")
        #expect(tracker.setModes == [1004])
    }

    @Test("kitty keyboard pushes and pops, a pop of several, never below zero")
    func kittyStack() {
        #expect(tracked("\u{1B}[>1u\u{1B}[>1u\u{1B}[<u").keyboardStackDepth == 1)
        #expect(tracked("\u{1B}[>1u\u{1B}[>1u\u{1B}[<2u").keyboardStackDepth == 0)
        #expect(tracked("\u{1B}[<u").keyboardStackDepth == 0)
        #expect(tracked("\u{1B}[>1u\u{1B}[=1u").keyboardStackDepth == 1)
    }

    @Test("modifyOtherKeys set to 1 and reset")
    func modifyOtherKeys() {
        #expect(tracked("\u{1B}[>4;1m").modifyOtherKeys == 1)
        #expect(tracked("\u{1B}[>4;1m\u{1B}[>4m").modifyOtherKeys == 0)
    }

    @Test("queries and other sequences (DECRQM, the kitty query, SGR, text) change nothing")
    func othersIgnored() {
        let tracker = tracked("\u{1B}[?2026$p\u{1B}[?u\u{1B}[1;31mtext\u{1B}[?25l\u{1B}7")
        #expect(tracker.setModes.isEmpty)
        #expect(tracker.keyboardStackDepth == 0 && tracker.modifyOtherKeys == 0)
    }
}
