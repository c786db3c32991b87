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

    @Test("answers piped in while a check is pending are submitted once the check passes")
    func pipedAnswersWaitForCheck() async throws {
        let model = HandleForm()
        let pilot = try TranscriptPilot(root: model.form)
        pilot.answer("grace", "y")
        #expect(model.saved.isEmpty)
        await pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(model.saved == ["grace"])
        #expect(pilot.transcript.hasSuffix("Save? [Y/n]: y\nSave…\nSaved.\n"))
        #expect(pilot.exit == .quit)
    }

    @Test(
        "a check that fails after the submit says which field needs attention and asks it again, not offering the refused value"
    )
    func failedCheckAsksAgain() async throws {
        let model = HandleForm()
        let pilot = try TranscriptPilot(root: model.form)
        pilot.answer("ada", "y")
        await pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(model.saved.isEmpty)
        #expect(
            pilot.transcript.hasSuffix(
                "Save…\nHandle needs attention.\n@ada is taken.\nHandle (required): "))
        pilot.answer("grace", "y")
        await pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(model.saved == ["grace"])
    }
}
