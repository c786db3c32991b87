import Testing
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
@Suite("TextArea in the accessible presentation")
struct TextAreaPromptTests {
    @Test("a text area reads lines until an empty one and applies them as one user edit through <->")
    func linesUntilEmpty() throws {
        let area = TextArea(placeholder: "a few lines about you")
        let model = BehaviorRelay(value: "")
        var reported: [String] = []
        let binding = area.rx.text <-> model
        let watch = area.rx.text.changed.subscribe(onNext: { reported.append($0) })
        defer {
            binding.dispose()
            watch.dispose()
        }
        let pilot = try makeTranscript("About", area)
        pilot.answer("first line", "second line")
        #expect(pilot.exit == nil)
        pilot.answer("")
        #expect(
            pilot.transcript == """
                About (hint: a few lines about you; end with an empty line): first line
                second line


                """)
        #expect(model.value == "first line\nsecond line")
        #expect(reported == ["first line\nsecond line"])
        #expect(pilot.exit == .quit)
    }

    @Test("the text is shown as the default, its lines joined by slashes, and an empty first line keeps it")
    func emptyFirstLineKeeps() throws {
        let area = TextArea(text: "hello\nworld")
        let pilot = try makeTranscript("About", area)
        #expect(
            pilot.lines.last == "About (end with an empty line; an empty line first keeps the text) [hello / world]: ")
        pilot.answer("")
        #expect(area.text == "hello\nworld")
        #expect(pilot.exit == .quit)
    }

    @Test("the answer replacing the text is undone as one step")
    func answerUndoesAsOneStep() throws {
        let area = TextArea(text: "old")
        let pilot = try makeTranscript("About", area)
        pilot.answer("new one", "two", "")
        #expect(area.text == "new one\ntwo")
        #expect(area.perform(.undo))
        #expect(area.text == "old")
    }

    @Test("the length limit cuts the answer as it cuts a paste")
    func lengthLimit() throws {
        let area = TextArea(maxLength: 6)
        let pilot = try makeTranscript("About", area)
        pilot.answer("abc", "defgh", "")
        #expect(area.text == "abc\nde")
    }

    @Test("input ending before the empty line fails the run and leaves the text as it was")
    func endOfInputBeforeTerminator() throws {
        let area = TextArea(text: "kept")
        let pilot = try makeTranscript("About", area)
        pilot.answer("half an answer")
        pilot.endInput()
        #expect(pilot.error as? AccessibleInputError == AccessibleInputError(unanswered: "About"))
        #expect(area.text == "kept")
    }
}
