import Testing
import TetherTesting
import TetherUI

/// The buffer keeps a code per grapheme (its ASCII byte or its width) beside the graphemes;
/// drawing, scrolling and wrapping read the codes, so they must follow every edit and every
/// move of the gap.
@MainActor
@Suite("GraphemeBuffer codes")
struct GraphemeBufferCodesTests {
    @Test("wide graphemes typed among ASCII at both ends of a field keep their two columns")
    func fieldDrawsWidthsAfterEditsFarApart() throws {
        let field = TextField(text: "abcdef")
        let pilot = try Pilot(root: field, size: Size(width: 20, height: 1))
        pilot.press(.home)
        pilot.type("中")
        pilot.press(.end)
        pilot.type("字é")
        pilot.press(.left)
        pilot.press(.left)
        pilot.press(.backspace)
        #expect(pilot.lines[0] == "中abcde字é")
        #expect(pilot.cursor == Point(x: 7, y: 0))
    }

    @Test("a field scrolled to its caret measures wide graphemes inserted before the gap")
    func fieldScrollsByWidthsAfterEdits() throws {
        let field = TextField(text: "abcdefgh")
        let pilot = try Pilot(root: field, size: Size(width: 8, height: 1))
        pilot.press(.home)
        pilot.type("中文")
        pilot.press(.end)
        // 12 columns of text and the caret cell in 8: the last 7 columns show.
        #expect(pilot.lines[0] == "bcdefgh")
        pilot.press(.home)
        #expect(pilot.lines[0] == "中文abcd")
    }

    @Test("a text area wraps by the widths of graphemes inserted on both sides of the gap")
    func areaWrapsByWidthsAfterEdits() throws {
        let area = TextArea(minRows: 2, width: 12)
        let pilot = try Pilot(root: area, size: Size(width: 12, height: 3))
        pilot.type("中中中中中")
        pilot.press(.home)
        pilot.type("a")
        #expect(Array(pilot.lines.prefix(2)) == ["a中中中中中", ""])
        pilot.type("b")
        #expect(Array(pilot.lines.prefix(2)) == ["ab中中中中", "中"])
        pilot.press(.ctrlEnd)
        pilot.press(.backspace)
        #expect(Array(pilot.lines.prefix(2)) == ["ab中中中中", ""])
    }

    @Test("an LF typed right after a CR joins it into one grapheme")
    func lineFeedAfterCarriageReturnJoins() {
        var editor = TextEditor(text: "a\r")
        editor.insert("\n")
        #expect(Array(editor.graphemes) == ["a", "\r\n"])
        #expect(editor.caret == 2)
    }

    @Test("deleting what separates a CR from an LF joins them into one grapheme")
    func deletingBetweenCarriageReturnAndLineFeedJoins() {
        var editor = TextEditor(text: "\rx\n")
        editor.moveCaret(to: 2)
        editor.deleteBackward()
        #expect(Array(editor.graphemes) == ["\r\n"])
    }
}

private extension KeyEvent {
    static let ctrlEnd = KeyEvent(.end, modifiers: .ctrl)
}
