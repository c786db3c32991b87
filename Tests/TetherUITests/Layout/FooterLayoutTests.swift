import Testing
import TetherTesting
import TetherUI

@MainActor
@Suite("FooterLayout")
struct FooterLayoutTests {
    @Test("the footer sits on the bottom row and the content takes every row above it")
    func footerOnBottomRow() throws {
        let content = Center(Label("middle"))
        let footer = Label("footer")
        let pilot = try Pilot(root: FooterLayout(content, footer: footer), size: Size(width: 10, height: 5))
        #expect(pilot.lines.map { $0.trimmingSuffixSpaces } == ["", "  middle", "", "", "footer"])
        #expect(content.frame == Rect(x: 0, y: 0, width: 10, height: 4))
    }

    @Test("a hidden footer gives its row back to the content")
    func hiddenFooter() throws {
        let content = Center(Label("middle"))
        let footer = Label("footer")
        footer.isHidden = true
        let pilot = try Pilot(root: FooterLayout(content, footer: footer), size: Size(width: 10, height: 5))
        #expect(content.frame == Rect(x: 0, y: 0, width: 10, height: 5))
        #expect(!pilot.screen.contains("footer"))
    }
}

extension String {
    fileprivate var trimmingSuffixSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
