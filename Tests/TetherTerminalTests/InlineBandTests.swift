import Testing
import TetherUI
@testable import TetherCurses
@testable import TetherTerminal

/// ``InlineBand``: where an inline presentation's band goes and how input maps into it.
@MainActor
@Suite("Inline band")
struct InlineBandTests {
    static let xterm = TerminalStrings.load(term: "xterm-256color")!

    @Test("a cursor position report is read as a 0-based row and column, after other bytes")
    func parsesCursorReport() {
        let report = InlineBand.parseCursorReport(Array("x\u{1B}[12;5R".utf8))
        #expect(report?.row == 11 && report?.column == 4)
        #expect(InlineBand.parseCursorReport(Array("\u{1B}[12;5".utf8)) == nil)
    }

    @Test("the farewell bytes leave the final frame, a summary line or nothing, each with the cursor on the line below")
    func farewellBytes() {
        let band = InlineBand(top: 10, terminal: Size(width: 80, height: 24), strings: Self.xterm)
        _ = band.fit(height: 3)
        let esc = "\u{1B}"
        #expect(String(decoding: band.farewell(.finalFrame), as: UTF8.self) == "\(esc)[13;1H\r\n")
        let clear = (11...13).map { "\(esc)[\($0);1H\(esc)[K" }.joined()
        #expect(
            String(decoding: band.farewell(.summary("✔ Signed in as demo")), as: UTF8.self)
                == clear + "\(esc)[11;1H✔ Signed in as demo\r\n")
        #expect(String(decoding: band.farewell(.nothing), as: UTF8.self) == clear + "\(esc)[11;1H")
    }

    @Test("a mouse event moves up by the band's top, and one outside the band is dropped")
    func mouseIsBandLocal() {
        let band = InlineBand(top: 10, terminal: Size(width: 80, height: 24), strings: Self.xterm)
        _ = band.fit(height: 5)
        let inside = band.local(.mouse(MouseEvent(.press(.left), at: Point(x: 3, y: 12))))
        #expect(inside == .mouse(MouseEvent(.press(.left), at: Point(x: 3, y: 2))))
        #expect(band.local(.mouse(MouseEvent(.press(.left), at: Point(x: 3, y: 9)))) == nil)
        #expect(band.local(.key(.tab)) == .key(.tab))
    }

    @Test("a band that would run past the bottom scrolls the terminal and moves up")
    func makesRoomByScrolling() {
        let band = InlineBand(top: 20, terminal: Size(width: 80, height: 24), strings: Self.xterm)
        let bytes = band.fit(height: 7)
        #expect(band.top == 17 && band.height == 7)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[24;1H\n\n\n")
    }
}
