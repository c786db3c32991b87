import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with one field labelled "Name": the label column is 6 wide, so the field's
/// text starts at column 6 of row 0.
@MainActor
private func makePilot(
    for field: TextField, size: Size = Size(width: 40, height: 6),
    configure: (Application) -> Void = { _ in }
) throws -> Pilot {
    let form = Form()
    form.addField("Name", field)
    return try Pilot(root: form, size: size, configure: configure)
}

@MainActor
@Suite("TextField")
struct TextFieldTests {
    // MARK: Typing and drawing

    @Test("typed characters are inserted and shown after the label")
    func typingInserts() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("demo")
        #expect(pilot.lines[0] == "Name  demo")
    }

    @Test("the placeholder shows while the field is empty and goes once it has text")
    func placeholder() throws {
        let pilot = try makePilot(for: TextField(placeholder: "your name"))
        #expect(pilot.lines[0] == "Name  your name")
        pilot.type("x")
        #expect(pilot.lines[0] == "Name  x")
    }

    @Test("the terminal cursor sits at the caret")
    func caretIsCursor() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("abc")
        #expect(pilot.cursor == Point(x: 9, y: 0))
    }

    @Test("CJK and emoji text renders two columns per wide grapheme")
    func wideRendering() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("中文👍ab")
        #expect(pilot.lines[0] == "Name  中文👍ab")
        #expect(pilot.backend.screen[6, 0].grapheme == "中")
        #expect(pilot.backend.screen[7, 0].isContinuation)
        #expect(pilot.backend.screen[10, 0].grapheme == "👍")
        #expect(pilot.backend.screen[12, 0].grapheme == "a")
        #expect(pilot.cursor == Point(x: 14, y: 0))
    }

    // MARK: Moving by grapheme

    @Test("Left moves the caret back one grapheme")
    func leftArrow() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("ab")
        pilot.press(.left)
        pilot.type("X")
        #expect(pilot.lines[0] == "Name  aXb")
    }

    @Test("Right moves the caret forward one grapheme")
    func rightArrow() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("ab")
        pilot.press(.home, .right)
        pilot.type("X")
        #expect(pilot.lines[0] == "Name  aXb")
    }

    @Test("Ctrl-B and Ctrl-F move the caret by one grapheme")
    func ctrlBF() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("abc")
        pilot.press(.ctrl("b"), .ctrl("b"), .ctrl("f"))
        pilot.type("X")
        #expect(pilot.lines[0] == "Name  abXc")
    }

    @Test("Left steps over a CJK character as one grapheme of two columns")
    func leftOverCJK() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("a中")
        pilot.press(.left)
        #expect(pilot.cursor == Point(x: 7, y: 0))
        pilot.type("X")
        #expect(pilot.lines[0] == "Name  aX中")
    }

    @Test("Left steps over a multi-scalar emoji grapheme in one press")
    func leftOverEmoji() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("a👨‍👩‍👧")
        pilot.press(.left)
        pilot.type("X")
        #expect(pilot.lines[0] == "Name  aX👨‍👩‍👧")
    }

    // MARK: Moving by word

    @Test("Alt-B moves to the start of the previous word")
    func altB() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("hello big world")
        pilot.press(.alt("b"), .alt("b"))
        pilot.type("X")
        #expect(pilot.lines[0] == "Name  hello Xbig world")
    }

    @Test("Alt-F moves to the end of the next word")
    func altF() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("hello big world")
        pilot.press(.home, .alt("f"), .alt("f"))
        pilot.type("X")
        #expect(pilot.lines[0] == "Name  hello bigX world")
    }

    @Test("Ctrl-Left and Ctrl-Right move by word")
    func ctrlArrows() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("one two three")
        pilot.press(
            KeyEvent(.left, modifiers: .ctrl), KeyEvent(.left, modifiers: .ctrl),
            KeyEvent(.right, modifiers: .ctrl))
        pilot.type("X")
        #expect(pilot.lines[0] == "Name  one twoX three")
    }

    // MARK: Start and end

    @Test("Home and End move the caret to the start and the end")
    func homeEnd() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("mid")
        pilot.press(.home)
        pilot.type("<")
        pilot.press(.end)
        pilot.type(">")
        #expect(pilot.lines[0] == "Name  <mid>")
    }

    @Test("Ctrl-A and Ctrl-E move the caret to the start and the end")
    func ctrlAE() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("mid")
        pilot.press(.ctrl("a"))
        pilot.type("<")
        pilot.press(.ctrl("e"))
        pilot.type(">")
        #expect(pilot.lines[0] == "Name  <mid>")
    }

    // MARK: Deleting

    @Test("Backspace deletes the grapheme left of the caret")
    func backspace() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("ab中")
        pilot.press(.backspace)
        #expect(pilot.lines[0] == "Name  ab")
        #expect(pilot.cursor == Point(x: 8, y: 0))
    }

    @Test("Delete removes the grapheme right of the caret")
    func deleteKey() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("abc")
        pilot.press(.home, .delete)
        #expect(pilot.lines[0] == "Name  bc")
    }

    @Test("Ctrl-D removes the grapheme right of the caret")
    func ctrlD() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("abc")
        pilot.press(.left, .left, .ctrl("d"))
        #expect(pilot.lines[0] == "Name  ac")
    }

    @Test("Ctrl-W deletes the word left of the caret")
    func ctrlW() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("hello world")
        pilot.press(.ctrl("w"))
        #expect(pilot.lines[0] == "Name  hello")
        #expect(pilot.cursor == Point(x: 12, y: 0))
    }

    @Test("Alt-D deletes the word right of the caret")
    func altD() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("hello world")
        pilot.press(.home, .alt("d"))
        #expect(pilot.lines[0] == "Name   world")
    }

    @Test("Ctrl-U deletes from the start to the caret")
    func ctrlU() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("hello world")
        pilot.press(.alt("b"), .ctrl("u"))
        #expect(pilot.lines[0] == "Name  world")
        #expect(pilot.cursor == Point(x: 6, y: 0))
    }

    @Test("Ctrl-K deletes from the caret to the end")
    func ctrlK() throws {
        let pilot = try makePilot(for: TextField())
        pilot.type("hello world")
        pilot.press(.alt("b"), .ctrl("k"))
        #expect(pilot.lines[0] == "Name  hello")
    }

    // MARK: Scrolling

    @Test("long text in a narrow field scrolls to keep the caret visible")
    func horizontalScroll() throws {
        let field = TextField(width: 5)
        let pilot = try makePilot(for: field)
        pilot.type("abcdefghij")
        #expect(pilot.lines[0] == "Name  ghij")
        #expect(pilot.cursor == Point(x: 10, y: 0))
        pilot.press(.home)
        #expect(pilot.lines[0] == "Name  abcde")
        #expect(pilot.cursor == Point(x: 6, y: 0))
    }

    // MARK: Limits and filters

    @Test("maxLength counts graphemes and stops typing beyond it")
    func maxLengthTyping() throws {
        let pilot = try makePilot(for: TextField(maxLength: 3))
        pilot.type("中👍🏽ab")
        #expect(pilot.lines[0] == "Name  中👍🏽a")
    }

    @Test("maxLength cuts a paste to the room left")
    func maxLengthPaste() throws {
        let pilot = try makePilot(for: TextField(maxLength: 4))
        pilot.type("a")
        pilot.paste("bcdefg")
        #expect(pilot.lines[0] == "Name  abcd")
    }

    @Test("the digits filter drops other characters from typing and pastes")
    func digitsFilter() throws {
        let pilot = try makePilot(for: TextField(inputFilter: .digits))
        pilot.type("a1b2")
        pilot.paste("x3-4")
        #expect(pilot.lines[0] == "Name  1234")
    }

    // MARK: Model writes

    @Test("a write through the rx.text sink while editing keeps the caret where it was")
    func sinkWriteKeepsCaret() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("hello")
        pilot.press(.left, .left)
        field.rx.text.onNext("HELLO world")
        pilot.type("X")
        #expect(pilot.lines[0] == "Name  HELXLO world")
    }

    @Test("a write shorter than the caret position clamps the caret to the new end")
    func sinkWriteClampsCaret() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("hello")
        field.rx.text.onNext("hi")
        pilot.type("!")
        #expect(pilot.lines[0] == "Name  hi!")
        #expect(pilot.cursor == Point(x: 9, y: 0))
    }

    @Test("a relay write through <-> while editing keeps the caret, never jumping to the end")
    func relayWriteKeepsCaret() throws {
        let field = TextField()
        let name = BehaviorRelay(value: "")
        let binding = field.rx.text <-> name
        defer { binding.dispose() }
        let pilot = try makePilot(for: field)
        pilot.type("abcd")
        pilot.press(.home, .right)
        name.accept("ABCD")
        pilot.type("-")
        #expect(pilot.lines[0] == "Name  A-BCD")
        #expect(name.value == "A-BCD")
    }

    @Test("user edits are reported on rx.text but programmatic writes are not")
    func editsReportedWritesNot() throws {
        let field = TextField()
        var reported: [String] = []
        let subscription = field.rx.text.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        let pilot = try makePilot(for: field)
        pilot.type("ab")
        field.rx.text.onNext("model")
        pilot.press(.backspace)
        #expect(reported == ["a", "ab", "mdel"])
    }

    // MARK: Paste

    @Test("a paste is one edit: one value on rx.text.changed")
    func pasteIsOneEdit() throws {
        let field = TextField()
        var reported: [String] = []
        let subscription = field.rx.text.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        let pilot = try makePilot(for: field)
        pilot.paste("hello world")
        #expect(reported == ["hello world"])
    }

    @Test("a paste drops line breaks")
    func pasteDropsNewlines() throws {
        let pilot = try makePilot(for: TextField())
        pilot.paste("ab\ncd\r\nef\r")
        #expect(pilot.lines[0] == "Name  abcdef")
    }

    @Test("a pasted tab does not move focus")
    func pastedTabKeepsFocus() throws {
        let first = TextField(), second = TextField()
        let form = Form()
        form.addField("A", first)
        form.addField("B", second)
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 4))
        pilot.paste("x\ty")
        #expect(pilot.focusedWidget === first)
        #expect(pilot.lines[0] == "A  xy")
    }

    @Test("a paste containing a shortcut key runs no key binding")
    func pasteRunsNoBindings() throws {
        let field = TextField()
        var keys = KeyMap.default
        keys.bind(.character("q"), to: .focusNext)
        var shortcutRan = false
        let pilot = try makePilot(for: field) { app in
            app.keyMap = keys
            app.onKey(.character("q")) { shortcutRan = true }
        }
        pilot.type("hello ")
        pilot.paste("q\u{17}")
        #expect(pilot.lines[0] == "Name  hello q")
        #expect(pilot.focusedWidget === field)
        #expect(!shortcutRan)
    }

    // MARK: Mouse and focus

    @Test("clicking in the text places the caret under the pointer")
    func clickPlacesCaret() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("hello")
        pilot.click(on: field, offset: 2)
        #expect(pilot.cursor == Point(x: 8, y: 0))
        pilot.type("X")
        #expect(pilot.lines[0] == "Name  heXllo")
    }

    @Test("clicking past the end of the text puts the caret at the end")
    func clickPastEnd() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("hi")
        pilot.press(.home)
        pilot.click(on: field, offset: 20)
        pilot.type("!")
        #expect(pilot.lines[0] == "Name  hi!")
    }

    @Test("rx.editingDidEnd fires when focus leaves the field")
    func editingDidEnd() throws {
        let first = TextField(), second = TextField()
        var ended = 0
        let subscription = first.rx.editingDidEnd.subscribe(onNext: { ended += 1 })
        defer { subscription.dispose() }
        let form = Form()
        form.addField("A", first)
        form.addField("B", second)
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 4))
        pilot.type("x")
        #expect(ended == 0)
        pilot.press(.tab)
        #expect(ended == 1)
    }
}
