import Testing
import TetherUI

@Suite("TextEditor")
struct TextEditorTests {
    @Test("a new editor holds its text with the caret at the end")
    func initialState() {
        let editor = TextEditor(text: "a中👍🏽")
        #expect(Array(editor.graphemes) == ["a", "中", "👍🏽"])
        #expect(editor.caret == 3)
        #expect(editor.text == "a中👍🏽")
    }

    @Test("insert puts text at the caret and moves the caret after it")
    func insert() {
        var editor = TextEditor(text: "ad")
        editor.moveLeft()
        let changed = editor.insert("bc")
        #expect(changed)
        #expect(editor.text == "abcd")
        #expect(editor.caret == 3)
    }

    @Test("inserting nothing reports no change")
    func insertEmpty() {
        var editor = TextEditor(text: "a")
        let changed = editor.insert("")
        #expect(!changed)
        #expect(editor.text == "a")
    }

    @Test("moveLeft and moveRight step by one grapheme and stop at the ends")
    func moveByGrapheme() {
        var editor = TextEditor(text: "中👨‍👩‍👧")
        editor.moveLeft()
        #expect(editor.caret == 1)
        editor.moveLeft()
        editor.moveLeft()
        #expect(editor.caret == 0)
        editor.moveRight()
        editor.moveRight()
        editor.moveRight()
        #expect(editor.caret == 2)
    }

    @Test("moveToStart and moveToEnd jump to the ends")
    func moveToEnds() {
        var editor = TextEditor(text: "abc")
        editor.moveToStart()
        #expect(editor.caret == 0)
        editor.moveToEnd()
        #expect(editor.caret == 3)
    }

    @Test("moveCaret clamps to the text")
    func moveCaretClamps() {
        var editor = TextEditor(text: "abc")
        editor.moveCaret(to: 10)
        #expect(editor.caret == 3)
        editor.moveCaret(to: -4)
        #expect(editor.caret == 0)
    }

    @Test("moveWordLeft goes to the start of the word before the caret, skipping punctuation")
    func moveWordLeft() {
        var editor = TextEditor(text: "foo_bar, baz")
        editor.moveWordLeft()
        #expect(editor.caret == 9)
        editor.moveWordLeft()
        #expect(editor.caret == 0)
    }

    @Test("moveWordRight goes to the end of the word after the caret")
    func moveWordRight() {
        var editor = TextEditor(text: "one, two")
        editor.moveToStart()
        editor.moveWordRight()
        #expect(editor.caret == 3)
        editor.moveWordRight()
        #expect(editor.caret == 8)
    }

    @Test("deleteBackward removes the grapheme before the caret and does nothing at the start")
    func deleteBackward() {
        var editor = TextEditor(text: "a中")
        let changed = editor.deleteBackward()
        #expect(changed)
        #expect(editor.text == "a")
        editor.moveToStart()
        let changedAtStart = editor.deleteBackward()
        #expect(!changedAtStart)
        #expect(editor.text == "a")
    }

    @Test("deleteForward removes the grapheme after the caret and does nothing at the end")
    func deleteForward() {
        var editor = TextEditor(text: "ab")
        let changedAtEnd = editor.deleteForward()
        #expect(!changedAtEnd)
        editor.moveToStart()
        let changed = editor.deleteForward()
        #expect(changed)
        #expect(editor.text == "b")
        #expect(editor.caret == 0)
    }

    @Test("deleteWordBackward removes the word before the caret with the spaces after it")
    func deleteWordBackward() {
        var editor = TextEditor(text: "hello big world")
        editor.moveWordLeft()
        let changed = editor.deleteWordBackward()
        #expect(changed)
        #expect(editor.text == "hello world")
        #expect(editor.caret == 6)
    }

    @Test("deleteWordForward removes up to the end of the next word")
    func deleteWordForward() {
        var editor = TextEditor(text: "hello big world")
        editor.moveCaret(to: 5)
        let changed = editor.deleteWordForward()
        #expect(changed)
        #expect(editor.text == "hello world")
        #expect(editor.caret == 5)
    }

    @Test("deleteToStart removes everything before the caret")
    func deleteToStart() {
        var editor = TextEditor(text: "abcd")
        editor.moveCaret(to: 2)
        let changed = editor.deleteToStart()
        #expect(changed)
        #expect(editor.text == "cd")
        #expect(editor.caret == 0)
    }

    @Test("deleteToEnd removes everything after the caret")
    func deleteToEnd() {
        var editor = TextEditor(text: "abcd")
        editor.moveCaret(to: 1)
        let changed = editor.deleteToEnd()
        #expect(changed)
        #expect(editor.text == "a")
        #expect(editor.caret == 1)
    }

    @Test("replaceText keeps the caret where it was")
    func replaceKeepsCaret() {
        var editor = TextEditor(text: "hello")
        editor.moveCaret(to: 2)
        editor.replaceText("HELLO WORLD")
        #expect(editor.caret == 2)
    }

    @Test("replaceText clamps the caret to shorter text")
    func replaceClampsCaret() {
        var editor = TextEditor(text: "hello")
        editor.replaceText("hi")
        #expect(editor.caret == 2)
    }

    @Test("in line mode word moves go to the ends of the whole line")
    func lineModeMoves() {
        var editor = TextEditor(text: "ab cd ef", wordBoundaries: .line)
        editor.moveCaret(to: 4)
        editor.moveWordLeft()
        #expect(editor.caret == 0)
        editor.moveCaret(to: 4)
        editor.moveWordRight()
        #expect(editor.caret == 8)
    }

    @Test("in line mode word deletes remove everything on that side of the caret")
    func lineModeDeletes() {
        var editor = TextEditor(text: "ab cd ef", wordBoundaries: .line)
        editor.moveCaret(to: 4)
        editor.deleteWordBackward()
        #expect(editor.text == "d ef")
        editor.moveCaret(to: 1)
        editor.deleteWordForward()
        #expect(editor.text == "d")
    }
}

@Suite("GraphemeBuffer and the editor model")
struct GraphemeBufferTests {
    @Test("edits far apart in a long text keep every grapheme in order")
    func gapMoves() {
        var editor = TextEditor(text: String(repeating: "ab", count: 500))
        editor.moveCaret(to: 10)
        editor.insert("X")
        editor.moveCaret(to: 900)
        editor.insert("中")
        editor.moveCaret(to: 3)
        editor.deleteBackward()
        var expected = Array(String(repeating: "ab", count: 500))
        expected.insert("X", at: 10)
        expected.insert("中", at: 900)
        expected.remove(at: 2)
        #expect(Array(editor.graphemes) == expected)
        #expect(editor.text == String(expected))
    }

    @Test("a regional indicator typed after another joins it into one flag")
    func flagsJoin() {
        var editor = TextEditor(text: "a🇫")
        editor.insert("🇷")
        #expect(Array(editor.graphemes) == ["a", "🇫🇷"])
        #expect(editor.caret == 2)
    }

    @Test("a regional indicator typed before a run of them pairs the whole run again from its start")
    func flagRunRepairs() {
        var editor = TextEditor(text: "🇫🇫🇷")
        editor.moveToStart()
        editor.insert("🇫")
        #expect(Array(editor.graphemes) == ["🇫🇫", "🇫🇷"])
        editor.moveRight()
        editor.insert("_")
        #expect(editor.text == "🇫🇫🇫🇷_")
    }

    @Test("deleting what separates two runs of regional indicators pairs the joined run from its start")
    func flagRunAfterDelete() {
        var editor = TextEditor(text: "🇫x🇷🇩🇪")
        editor.moveToStart()
        editor.moveRight()
        editor.deleteForward()
        #expect(Array(editor.graphemes) == ["🇫🇷", "🇩🇪"])
    }

    @Test("an emoji typed before a lone joiner joins the emoji after it into one grapheme")
    func emojiBeforeJoiner() {
        var editor = TextEditor(text: "\u{200D}👩")
        editor.moveToStart()
        editor.insert("👍")
        #expect(Array(editor.graphemes) == ["👍\u{200D}👩"])
        #expect(editor.caret == 1)
    }

    @Test("undo and redo in the model restore text and caret without a terminal")
    func undoInModel() {
        var editor = TextEditor()
        for c in "one two" { editor.insert(String(c)) }
        editor.undo()
        #expect(editor.text == "one ")
        #expect(editor.caret == 4)
        editor.redo()
        #expect(editor.text == "one two")
        #expect(!editor.canRedo)
    }

    @Test("the undo history shows nothing in description or dump")
    func historyHidden() {
        var editor = TextEditor(wordBoundaries: .line)
        editor.insert("hunter2")
        editor.deleteToStart()
        var dumped = ""
        dump(editor, to: &dumped)
        #expect(!dumped.contains("hunter"))
        #expect(!dumped.contains("\"h\""))
    }
}
