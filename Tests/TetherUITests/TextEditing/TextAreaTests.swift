import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with a 12-column "About" area (text from column 7, 11 columns of text and one
/// for the scroll indicator) and a "Next" field under it.
@MainActor
private func makePilot(for area: TextArea, size: Size = Size(width: 40, height: 12)) throws -> Pilot {
    let form = Form()
    form.addField("About", area)
    form.addField("Next", TextField())
    return try Pilot(root: form, size: size)
}

@MainActor
private func rows(_ pilot: Pilot, _ count: Int) -> [String] { Array(pilot.lines.prefix(count)) }

private extension KeyEvent {
    static let ctrlHome = KeyEvent(.home, modifiers: .ctrl)
    static let ctrlEnd = KeyEvent(.end, modifiers: .ctrl)
}

@MainActor
@Suite("TextArea")
struct TextAreaTests {
    @Test(
        "an edit just past the 256th grapheme of a long line re-wraps every row as a fresh area with that text does, caret included"
    )
    func editPastRememberedRowStart() throws {
        // Row starts are remembered every 256 graphemes of a hard line (RowStarts.spacing):
        // this edit sits just past the first remembered start, so a start that the edit moved
        // but was kept would show here as a wrong row.
        let words = (0..<120).map { "w\($0 % 10)\(String(repeating: "x", count: $0 % 4))" }.joined(separator: " ")
        let size = Size(width: 20, height: 80)
        let edited = TextArea(minRows: 1, maxRows: 78, width: 12)
        let editedPilot = try makePilot(for: edited, size: size)
        editedPilot.paste(words)
        editedPilot.press(.ctrlHome)
        editedPilot.press(.right, times: 262)
        editedPilot.press(.backspace, times: 3)
        let final = edited.text
        let fresh = TextArea(minRows: 1, maxRows: 78, width: 12)
        let freshPilot = try makePilot(for: fresh, size: size)
        freshPilot.paste(final)
        freshPilot.press(.ctrlHome)
        freshPilot.press(.right, times: 259)
        #expect(edited.text.count == words.count - 3)
        #expect(editedPilot.lines == freshPilot.lines)
        #expect(editedPilot.cursor == freshPilot.cursor)
    }

    @Test("Enter inserts a line break and both lines show")
    func enterBreaksLine() throws {
        let area = TextArea(minRows: 1, width: 12)
        let pilot = try makePilot(for: area)
        pilot.type("ab")
        pilot.press(.enter)
        pilot.type("cd")
        #expect(area.text == "ab\ncd")
        #expect(rows(pilot, 2) == ["About  ab", "       cd"])
        #expect(pilot.cursor == Point(x: 9, y: 1))
    }

    @Test("a long line wraps at the last space that fits")
    func wrapsAtWords() throws {
        let area = TextArea(minRows: 1, width: 12)
        let pilot = try makePilot(for: area)
        pilot.type("hello there world")
        #expect(rows(pilot, 2) == ["About  hello", "       there world"])
    }

    @Test("a word longer than a row breaks between graphemes")
    func longWordBreaks() throws {
        let area = TextArea(minRows: 1, width: 12)
        let pilot = try makePilot(for: area)
        pilot.type("abcdefghijklmn")
        #expect(rows(pilot, 2) == ["About  abcdefghijk", "       lmn"])
    }

    @Test("a wide character is never split across rows")
    func wideNotSplit() throws {
        let area = TextArea(minRows: 1, width: 12)
        let pilot = try makePilot(for: area)
        pilot.type("中文中文中文")
        #expect(rows(pilot, 2) == ["About  中文中文中", "       文"])
        #expect(pilot.cursor == Point(x: 9, y: 1))
    }

    @Test("a combining mark joins the grapheme before it")
    func combiningMark() throws {
        let area = TextArea(minRows: 1, width: 12)
        let pilot = try makePilot(for: area)
        pilot.type("e\u{301}")
        #expect(area.caret == 1)
        #expect(area.text == "é")
    }

    @Test("the area grows to maxRows, then scrolls and shows ▲ when text is above")
    func growsThenScrolls() throws {
        let area = TextArea(minRows: 1, maxRows: 3, width: 12)
        let pilot = try makePilot(for: area)
        pilot.type("a")
        #expect(rows(pilot, 2) == ["About  a", "Next"])
        pilot.paste("\nb\nc\nd")
        #expect(rows(pilot, 4) == ["About  b          ▲", "       c", "       d", "Next"])
    }

    @Test("▼ shows when there is more text below")
    func indicatorBelow() throws {
        let area = TextArea(text: "1\n2\n3\n4", minRows: 1, maxRows: 2, width: 12)
        let pilot = try makePilot(for: area)
        pilot.press(.ctrlHome)
        #expect(rows(pilot, 2) == ["About  1", "       2          ▼"])
    }

    @Test("↑ and ↓ move by visual row and keep the goal column")
    func verticalGoalColumn() throws {
        let area = TextArea(text: "abcdef\nab\nabcdef", width: 12)
        let pilot = try makePilot(for: area)
        pilot.press(.ctrlHome, .end)
        pilot.press(.down)
        #expect(area.caret == 9)
        pilot.press(.down)
        #expect(area.caret == 16)
        pilot.press(.up, .up)
        #expect(area.caret == 6)
    }

    @Test("↓ from the last row leaves the area for the next field")
    func downFromLastRowMovesFocus() throws {
        let area = TextArea(text: "one", width: 12)
        let pilot = try makePilot(for: area)
        pilot.press(.down)
        #expect(pilot.focusedWidget !== area)
    }

    @Test("Home and End go to the ends of the visual row, Ctrl-Home and Ctrl-End to the ends of the text")
    func homeEnd() throws {
        let area = TextArea(text: "hello there world", width: 12)
        let pilot = try makePilot(for: area)
        pilot.press(.home)
        #expect(area.caret == 6)
        pilot.press(.ctrlHome, .end)
        #expect(area.caret == 5)
        pilot.press(.ctrlEnd)
        #expect(area.caret == 17)
    }

    @Test("PgDn and PgUp move by a page")
    func pages() throws {
        let area = TextArea(text: (1...10).map(String.init).joined(separator: "\n"), minRows: 3, maxRows: 3, width: 12)
        let pilot = try makePilot(for: area)
        pilot.press(.ctrlHome, .pageDown)
        #expect(area.caret == 4)
        pilot.press(.pageUp)
        #expect(area.caret == 0)
    }

    @Test("Ctrl-K kills to the end of the line, then the line break")
    func killLine() throws {
        let area = TextArea(text: "ab\ncd", width: 12)
        let pilot = try makePilot(for: area)
        pilot.press(.ctrlHome, .right, .ctrl("k"))
        #expect(area.text == "a\ncd")
        pilot.press(.ctrl("k"))
        #expect(area.text == "acd")
    }

    @Test("a paste keeps its line breaks, turns CRLF and CR into LF, and is one undo step")
    func paste() throws {
        let area = TextArea(width: 12)
        let pilot = try makePilot(for: area)
        pilot.type("x")
        pilot.paste("a\r\nb\rc\nd")
        #expect(area.text == "xa\nb\nc\nd")
        pilot.press(.ctrl("_"))
        #expect(area.text == "x")
    }

    @Test("Tab leaves the area and Alt-Enter inserts a line break")
    func tabLeavesAltEnterBreaks() throws {
        let area = TextArea(width: 12)
        let pilot = try makePilot(for: area)
        pilot.type("a")
        pilot.press(KeyEvent(.enter, modifiers: .alt))
        #expect(area.text == "a\n")
        pilot.press(.tab)
        #expect(pilot.focusedWidget !== area)
    }

    @Test("with Enter rebound to activate, Ctrl-J and Alt-Enter still insert line breaks and Enter leaves")
    func ctrlJBreaksWhenEnterRebound() throws {
        var keys = KeyMap.default
        keys.rebind(.enter, to: .activate)
        let area = TextArea(width: 12)
        let form = Form()
        form.addField("About", area)
        form.addField("Next", TextField())
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 12), keyMap: keys)
        pilot.type("a")
        pilot.press(.ctrl("j"))
        pilot.type("b")
        pilot.press(KeyEvent(.enter, modifiers: .alt))
        pilot.type("c")
        #expect(area.text == "a\nb\nc")
        #expect(rows(pilot, 3) == ["About  a", "       b", "       c"])
        pilot.press(.enter)
        #expect(pilot.focusedWidget !== area)
        #expect(area.text == "a\nb\nc")
    }

    @Test("Shift-Enter, which the kitty protocol and modifyOtherKeys report apart from Enter, inserts a line break")
    func shiftEnterBreaks() throws {
        var keys = KeyMap.default
        keys.rebind(.enter, to: .activate)
        let area = TextArea(width: 12)
        let form = Form()
        form.addField("About", area)
        form.addField("Next", TextField())
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 12), keyMap: keys)
        pilot.type("a")
        pilot.press(KeyEvent(.enter, modifiers: .shift))
        pilot.type("b")
        #expect(area.text == "a\nb")
        #expect(pilot.focusedWidget === area)
    }

    @Test("rx.text reports user edits only and a model write keeps the caret, clamped")
    func binding() throws {
        let area = TextArea(width: 12)
        let model = BehaviorRelay(value: "start")
        let binding = area.rx.text <-> model
        defer { binding.dispose() }
        let pilot = try makePilot(for: area)
        pilot.press(.ctrlHome, .right, .right)
        pilot.type("X")
        #expect(model.value == "stXart")
        var reported: [String] = []
        let tap = area.rx.text.changed.subscribe(onNext: { reported.append($0) })
        defer { tap.dispose() }
        model.accept("ab")
        #expect(area.caret == 2)
        #expect(reported.isEmpty)
    }

    @Test("maxLength counts graphemes, line breaks included")
    func maxLength() throws {
        let area = TextArea(maxLength: 4, width: 12)
        let pilot = try makePilot(for: area)
        pilot.paste("ab\n中文xyz")
        #expect(area.text == "ab\n中")
    }

    @Test("a click places the caret on the row clicked")
    func click() throws {
        let area = TextArea(text: "hello\nworld", width: 12)
        let pilot = try makePilot(for: area)
        pilot.click(at: Point(x: 9, y: 1))
        #expect(area.caret == 8)
        #expect(pilot.cursor == Point(x: 9, y: 1))
    }

    @Test("the wheel scrolls without moving the caret")
    func wheel() throws {
        let area = TextArea(text: (1...10).map(String.init).joined(separator: "\n"), minRows: 3, maxRows: 3, width: 12)
        let pilot = try makePilot(for: area)
        #expect(rows(pilot, 1) == ["About  8          ▲"])
        pilot.scroll(at: Point(x: 8, y: 0), steps: 1)
        #expect(rows(pilot, 1) == ["About  5          ▲"])
        #expect(area.caret == 20)
    }

    @Test("a key the area does not handle leaves the view where the wheel put it")
    func unhandledKeyKeepsWheelScroll() throws {
        let area = TextArea(text: (1...10).map(String.init).joined(separator: "\n"), minRows: 3, maxRows: 3, width: 12)
        let pilot = try makePilot(for: area)
        pilot.scroll(at: Point(x: 8, y: 0), steps: 1)
        pilot.press(.down)  // on the last row: ↓ is not the area's, focus moves down
        #expect(pilot.focusedWidget !== area)
        #expect(rows(pilot, 1) == ["About  5          ▲"])
    }

    @Test("a control character typed after the wheel leaves the view where the wheel put it")
    func controlCharacterKeepsWheelScroll() throws {
        let area = TextArea(text: (1...10).map(String.init).joined(separator: "\n"), minRows: 3, maxRows: 3, width: 12)
        let pilot = try makePilot(for: area)
        pilot.scroll(at: Point(x: 8, y: 0), steps: 1)
        pilot.press(.character("\u{7F}"))  // DEL as a character: no binding, and never text
        #expect(area.text.count == 20)
        #expect(pilot.focusedWidget === area)
        #expect(rows(pilot, 3) == ["About  5          ▲", "       6", "       7          ▼"])
    }

    @Test("an emoji ending in a joiner keeps its two columns beside a zero-width vowel jamo")
    func joinerBesideJamo() throws {
        let area = TextArea(minRows: 1, maxRows: 2, width: 12)
        let pilot = try makePilot(for: area)
        let family = "👨‍👩‍👧\u{200D}"  // one grapheme: the family and a lone joiner after it
        pilot.type(family + "x" + family + "\u{1161}" + family + "\n-")
        pilot.press(.ctrlHome, .enter)
        #expect(area.text == "\n" + family + "x" + family + "\u{1161}" + family + "\n-")
        // 2 + 1 + 2 + 0 + 2 columns, then 4 blank ones and ▼ in the last column (11 of 12).
        #expect(rows(pilot, 2) == ["About", "       " + family + "x" + family + family + "    ▼"])
        #expect(pilot.cursor == Point(x: 7, y: 1))
    }
}
