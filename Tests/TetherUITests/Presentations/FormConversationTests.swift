import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with a Handle checked by a slow server (taken: `ada`) and a Save button bound to
/// the form's submit command; counts what was saved.
@MainActor
private final class HandleForm {
    let form = Form()
    let handle: FormField<String>
    let save = Button("Save")
    var saved: [String] = []
    lazy var saveCommand = Command<Void, String>(body: { [unowned self] in
        self.saved.append(self.handle.value)
        return "Saved"
    })

    init() {
        handle = form.addField("Handle", TextField(), key: "handle").required()
        handle.description = "Your public name"
        handle.validate(
            AsyncValidator(debounce: .milliseconds(300), checking: "Checking the handle…") { handle in
                await Task.yield()
                return handle == "ada" ? .invalid("@ada is taken") : .valid
            })
        form.addButtons([save], default: save)
        save.bind(form.submitCommand(running: saveCommand))
    }
}

@MainActor
@Suite("The form model in the accessible presentation")
struct FormConversationTests {
    @Test("a field's description is read before its question, which says the field is required")
    func descriptionRead() throws {
        let model = HandleForm()
        let pilot = try TranscriptPilot(root: model.form)
        #expect(pilot.transcript == "Your public name.\nHandle (required): ")
    }

    @Test("an answer a rule refuses is said once, then only the prompt line is repeated")
    func refusedAnswerAskedAgain() throws {
        let model = HandleForm()
        let pilot = try TranscriptPilot(root: model.form)
        pilot.answer("")
        #expect(pilot.transcript == "Your public name.\nHandle (required): \nHandle is required.\nHandle (required): ")
    }

    @Test("an answer whose check is pending waits for its verdict at the field; piped lines wait meanwhile")
    func pendingCheckWaitedAtField() async throws {
        let model = HandleForm()
        let pilot = try TranscriptPilot(root: model.form)
        pilot.answer("grace", "y")
        #expect(pilot.transcript.hasSuffix("Handle (required): grace\nChecking the handle…\n"), "\(pilot.transcript)")
        #expect(model.saved.isEmpty)
        await pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(model.saved == ["grace"])
        #expect(
            pilot.transcript.hasSuffix("Checking the handle…\nSave? [Y/n]: y\nSave…\nSaved.\n"), "\(pilot.transcript)")
        #expect(pilot.exit == .quit)
    }

    @Test("a check that refuses is said at its field and the field asked again, never after Save…")
    func refusedCheckSaidAtField() async throws {
        let model = HandleForm()
        let pilot = try TranscriptPilot(root: model.form)
        pilot.answer("ada")
        await pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(
            pilot.transcript.hasSuffix("Checking the handle…\n@ada is taken.\nHandle (required): "),
            "\(pilot.transcript)")
        #expect(!pilot.transcript.contains("Save"))
        pilot.answer("grace")
        await pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(pilot.transcript.hasSuffix("Save? [Y/n]: "), "\(pilot.transcript)")
        pilot.answer("y")
        await pilot.settle()
        #expect(model.saved == ["grace"])
    }

    @Test("an answer given from outside whose check is pending is waited for before Save, and a refusal asks it")
    func outsideAnswerCheckedBeforeSave() async throws {
        let model = HandleForm()
        let pilot = try TranscriptPilot(root: model.form) { _ in
            _ = (model.handle.widget as? TextField)?.applyAccessibleAnswer("ada")
            model.handle.isAnsweredFromOutside = true
        }
        #expect(pilot.transcript.hasSuffix("Checking the handle…\n"), "\(pilot.transcript)")
        await pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(!pilot.transcript.contains("Save…"), "\(pilot.transcript)")
        #expect(pilot.transcript.hasSuffix("@ada is taken.\nHandle (required): "), "\(pilot.transcript)")
        #expect(model.saved.isEmpty)
    }
}
