import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A join form whose command refuses a name that has joined already (`ada`) with a
/// ``FieldRefusal`` of the name field.
@MainActor
private final class JoinForm {
    let name = BehaviorRelay(value: "")
    let joined = BehaviorRelay<[String]>(value: ["ada"])
    let join: Button
    let form: Form

    init(showsSubmitErrors: Bool = true) {
        let name = self.name, joined = self.joined
        let join = Button("Join")
        self.join = join
        let command = Command<Void, String>(enabledIf: Observable.just(true)) { () async throws -> String in
            guard !joined.value.contains(name.value) else {
                throw FieldRefusal(key: "name", message: "\(name.value) has joined already: use your own name")
            }
            joined.accept(joined.value + [name.value])
            return name.value
        }
        form = Form {
            Field("Name", key: "name", TextField()).required().bound(to: name)
            Field("Note", key: "note", TextField())
            Buttons([join], default: join).submitting(command)
        }
        form.showsSubmitErrors = showsSubmitErrors
    }
}

@MainActor
@Suite("A field refused by a submit's command")
struct FieldRefusalTests {
    @Test("full screen: the refusal shows under its field, which takes focus and stays invalid until it changes")
    func shownUnderFieldUntilChanged() async throws {
        let model = JoinForm()
        let pilot = try Pilot(root: model.form, size: Size(width: 50, height: 8))
        pilot.type("ada\t\t\n")
        await pilot.settle()
        #expect(pilot.lines[1] == "        ada has joined already: use your own name", "\(pilot.screen)")
        #expect(pilot.focusedWidget === model.form.field(forKey: "name")?.widget)
        #expect(!model.join.isEffectivelyEnabled)
        pilot.type("x")
        #expect(!pilot.screen.contains("joined already"))
        #expect(model.join.isEffectivelyEnabled)
        pilot.type("\t\t\n")
        await pilot.settle()
        #expect(model.joined.value == ["ada", "adax"])
    }

    @Test("an app that says errors itself (showsSubmitErrors off) still gets the refusal under its field")
    func shownWithoutFormErrors() async throws {
        let model = JoinForm(showsSubmitErrors: false)
        let pilot = try Pilot(root: model.form, size: Size(width: 50, height: 8))
        pilot.type("ada\t\t\n")
        await pilot.settle()
        #expect(pilot.lines[1] == "        ada has joined already: use your own name", "\(pilot.screen)")
    }

    @Test("accessible: the refusal is said once and its field asked again without the refused value as default")
    func saidOnceAndAskedWithoutDefault() async throws {
        let model = JoinForm()
        let pilot = try TranscriptPilot(root: model.form)
        pilot.answer("ada", "", "y")
        await pilot.settle()
        #expect(
            pilot.transcript.hasSuffix("Join…\nada has joined already: use your own name.\nName (required): "),
            "\(pilot.transcript)")
        pilot.answer("grace", "y")
        await pilot.settle()
        #expect(model.joined.value == ["ada", "grace"])
    }

    @Test("a refusal of a field on an earlier step shows that step, with the message under the field and focus on it")
    func refusalOnEarlierStep() async throws {
        let handle = TextField()
        let save = Button("Save")
        let command = Command<Void, Void>(enabledIf: Observable.just(true)) { () async throws in
            throw FieldRefusal(key: "handle", message: "@\(handle.text) is taken: try another")
        }
        let form = Form {
            Step("You") { Field("Handle", key: "handle", handle) }
            Step("Machine") { Field("Host", key: "host", TextField()) }
            Buttons([save], default: save).submitting(command)
        }
        let pilot = try Pilot(root: form, size: Size(width: 50, height: 10))
        pilot.type("ada")
        pilot.press(.enter)  // Next
        #expect(pilot.screen.contains("Step 2 of 2: Machine"))
        save.focus()
        pilot.press(.enter)
        await pilot.settle()
        #expect(pilot.screen.contains("Step 1 of 2: You"), "\(pilot.screen)")
        #expect(pilot.screen.contains("@ada is taken: try another"))
        #expect(pilot.focusedWidget === handle)
    }
}
