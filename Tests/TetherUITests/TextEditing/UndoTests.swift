import Testing
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
private func makePilot(for field: Widget) throws -> Pilot {
    let form = Form()
    form.addField("Name", field)
    return try Pilot(root: form, size: Size(width: 40, height: 6))
}

private let undo = KeyEvent.ctrl("_")
private let redo = KeyEvent.ctrl("^")

@MainActor
@Suite("Undo and redo")
struct UndoTests {
    @Test("undo and redo are intents bound to Ctrl-_ and Ctrl-^, and Ctrl-Z still suspends")
    func keyMap() {
        #expect(KeyMap.default.keys(for: .undo) == [undo])
        #expect(KeyMap.default.keys(for: .redo) == [redo])
        #expect(KeyMap.default.intents(for: .ctrl("z")) == [.suspend])
    }

    @Test("Ctrl-_ undoes the last typed word and puts the caret back where it was")
    func undoesLastWord() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("hello world")
        pilot.press(undo)
        #expect(field.text == "hello ")
        #expect(field.caret == 6)
        pilot.press(undo)
        #expect(field.text == "")
        #expect(pilot.lines[0] == "Name")
    }

    @Test("Ctrl-^ redoes an undone step")
    func redoes() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("hello world")
        pilot.press(undo, undo, redo)
        #expect(field.text == "hello ")
        pilot.press(redo)
        #expect(pilot.lines[0] == "Name  hello world")
        #expect(field.caret == 11)
    }

    @Test("a paste is one undo step")
    func pasteIsOneStep() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("ab")
        pilot.paste("x y z")
        pilot.press(undo)
        #expect(field.text == "ab")
    }

    @Test("a word delete and a kill to the end are one step each")
    func deletesAreOneStep() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("one two three")
        pilot.press(.ctrl("w"))
        pilot.press(.home, .ctrl("k"))
        #expect(field.text == "")
        pilot.press(undo)
        #expect(field.text == "one two ")
        #expect(field.caret == 0)
        pilot.press(undo)
        #expect(field.text == "one two three")
        #expect(field.caret == 13)
    }

    @Test("a run of Backspaces is one undo step")
    func backspacesGroup() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("abcdef")
        pilot.press(.backspace, times: 3)
        pilot.press(undo)
        #expect(field.text == "abcdef")
    }

    @Test("moving the caret ends a typing step")
    func caretMoveEndsStep() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("ab")
        pilot.press(.left)
        pilot.type("c")
        #expect(field.text == "acb")
        pilot.press(undo)
        #expect(field.text == "ab")
        #expect(field.caret == 1)
    }

    @Test("a pause of more than a second in typing starts a new undo step, even inside a word")
    func pauseEndsStep() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("hel")
        pilot.advance(by: .milliseconds(1_001))
        pilot.type("lo")
        pilot.press(undo)
        #expect(field.text == "hel")
        #expect(field.caret == 3)
        pilot.press(undo)
        #expect(field.text == "")
    }

    @Test("typing with pauses of a second or less stays one undo step per word")
    func shortPausesKeepStep() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        for character in "hello" {
            pilot.type(String(character))
            pilot.advance(by: .seconds(1))
        }
        pilot.press(undo)
        #expect(field.text == "")
    }

    @Test("a pause in a run of Backspaces starts a new undo step")
    func pauseEndsDeletingStep() throws {
        let field = TextField()
        let pilot = try makePilot(for: field)
        pilot.type("abcd")
        pilot.advance(by: .seconds(2))
        pilot.press(.backspace)
        pilot.advance(by: .seconds(2))
        pilot.press(.backspace)
        #expect(field.text == "ab")
        pilot.press(undo)
        #expect(field.text == "abc")
    }

    @Test("a pause in typing starts a new undo step in a text area too")
    func pauseEndsStepInArea() throws {
        let area = TextArea(width: 20)
        let pilot = try makePilot(for: area)
        pilot.type("ab")
        pilot.advance(by: .seconds(2))
        pilot.type("cd")
        pilot.press(undo)
        #expect(area.text == "ab")
    }

    @Test("an undo is reported as a user edit on rx.text")
    func undoIsUserEdit() throws {
        let field = TextField()
        let model = BehaviorRelay(value: "")
        let binding = field.rx.text <-> model
        defer { binding.dispose() }
        let pilot = try makePilot(for: field)
        pilot.type("hi there")
        pilot.press(undo)
        #expect(model.value == "hi ")
    }

    @Test("a model write clears the field's undo history")
    func modelWriteClearsHistory() throws {
        let field = TextField()
        let model = BehaviorRelay(value: "")
        let binding = field.rx.text <-> model
        defer { binding.dispose() }
        let pilot = try makePilot(for: field)
        pilot.type("typed")
        model.accept("from model")
        pilot.press(undo)
        #expect(field.text == "from model")
        #expect(model.value == "from model")
    }

    @Test("undo in a password field takes back everything typed in one go, spaces and punctuation included")
    func secureFieldTypingIsOneStep() throws {
        let field = SecureField()
        let pilot = try makePilot(for: field)
        pilot.type("correct horse, battery-staple")
        pilot.press(undo)
        #expect(field.text == "")
        pilot.press(redo)
        #expect(field.text == "correct horse, battery-staple")
    }

    @Test("undo in a password field ends a step at a caret move, not at a word")
    func secureFieldStepEndsAtCaretMove() throws {
        let field = SecureField()
        let pilot = try makePilot(for: field)
        pilot.type("ab cd")
        pilot.press(.left)
        pilot.type("x y")
        pilot.press(undo)
        #expect(field.text == "ab cd")
        pilot.press(undo)
        #expect(field.text == "")
    }

    @Test("a SecureField undoes and its history appears in no description or dump")
    func secureFieldHistoryHidden() throws {
        let field = SecureField()
        let pilot = try makePilot(for: field)
        pilot.type("hunter2")
        pilot.press(.ctrl("w"))
        pilot.press(undo)
        #expect(field.text == "hunter2")
        pilot.press(.ctrl("w"))
        var dumped = ""
        dump(field, to: &dumped)
        var tree = ""
        dump(pilot.app.root, to: &tree)
        for text in [dumped, tree, field.description, field.debugDescription, String(reflecting: field)] {
            #expect(!text.contains("hunter"))
            #expect(!text.contains("h, u"))
        }
    }
}
