import Testing
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
@Suite("FormBuilder")
struct FormBuilderTests {
    @Test("a built form has the sections, fields and rules written, in order")
    func sectionsAndFields() throws {
        let email = BehaviorRelay(value: "ada@example.com")
        let form = Form {
            Section("You") {
                Field("Name", key: "name", TextField()).required()
                Field("Email", key: "email", TextField()).validate(.email()).bound(to: email)
            }
            Section("Machine") {
                Field("Cores", key: "cores", TextField(), as: .integer(in: 1...128), value: 8)
            }
        }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 6))
        // The one row free keeps Name's message row (kept rows go from the top while they fit).
        #expect(pilot.lines == ["You", "Name *", "", "Email   ada@example.com", "Machine", "Cores   8"])
        #expect(form.fields.map(\.key) == ["name", "email", "cores"])
        #expect(form.invalidFields.map(\.title) == ["Name"])
    }

    @Test("equal(toKey:) compares with the earlier field by key and follows its changes")
    func equalToKey() throws {
        let form = Form {
            Field("Password", key: "password", SecureField())
            Field("Confirm", key: "confirm", SecureField()).equal(toKey: "password", "The passwords differ")
        }
        let pilot = try Pilot(root: form, size: Size(width: 50, height: 6))
        pilot.type("secret\tsecrex\t")
        #expect(pilot.screen.contains("The passwords differ"))
        pilot.press(.backTab, .backTab, .backspace)
        pilot.type("x")
        #expect(!pilot.screen.contains("The passwords differ"))
        #expect(form.isValid)
    }

    @Test("if, if-else and for choose the fields built")
    func controlFlow() {
        let advanced = false
        let extras = ["proxy", "port"]
        let form = Form {
            if advanced {
                Field("Debug", key: "debug", Toggle("Debug"))
            } else {
                Field("Mode", key: "mode", TextField(text: "simple"))
            }
            for extra in extras { Field(extra, key: extra, TextField()) }
            if let first = extras.first { Field("First", key: "first-" + first, TextField()) }
        }
        #expect(form.fields.map(\.key) == ["mode", "proxy", "port", "first-proxy"])
    }

    @Test("a bound field writes the model two ways for as long as the form lives")
    func boundTwoWays() throws {
        let name = BehaviorRelay(value: "Ada")
        let form = Form { Field("Name", key: "name", TextField()).bound(to: name) }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 2))
        #expect(pilot.lines[0] == "Name  Ada")
        pilot.press(.end)
        pilot.type("!")
        #expect(name.value == "Ada!")
        name.accept("Grace")
        #expect(pilot.lines[0] == "Name  Grace")
    }

    @Test("a field shown by a condition appears and goes as the condition changes, keeping its value")
    func visibleWhen() throws {
        let useProxy = BehaviorRelay(value: false)
        let form = Form {
            Field("Proxy", key: "proxy", TextField(text: "http://p")).visible(when: useProxy)
            Field("Port", key: "port", TextField(text: "80"))
        }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 2))
        #expect(pilot.lines == ["Port   80", ""])
        useProxy.accept(true)
        #expect(pilot.lines == ["Proxy  http://p", "Port   80"])
    }

    @Test("a focused field hidden by its condition passes focus to the next field")
    func hiddenFocusMovesOn() throws {
        let useProxy = BehaviorRelay(value: true)
        let port = TextField(text: "80")
        let form = Form {
            Field("Proxy", key: "proxy", TextField(text: "http://p")).visible(when: useProxy)
            Field("Port", key: "port", port)
        }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 3))
        #expect(pilot.focusedWidget !== port)
        useProxy.accept(false)
        #expect(pilot.focusedWidget === port)
        #expect(pilot.lines == ["Port   80", "", ""])
    }

    @Test("a field hidden by its condition keeps its value in the model, and model writes show when it returns")
    func hiddenKeepsModel() throws {
        let useProxy = BehaviorRelay(value: true)
        let proxy = BehaviorRelay(value: "http://p")
        let form = Form {
            Field("Proxy", key: "proxy", TextField()).bound(to: proxy).visible(when: useProxy)
            Field("Port", key: "port", TextField(text: "80"))
        }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 2))
        pilot.type("x")
        useProxy.accept(false)
        #expect(proxy.value == "http://px")
        proxy.accept("http://q")
        useProxy.accept(true)
        #expect(pilot.lines[0] == "Proxy  http://q")
    }

    @Test("a field required by a condition is marked and checked only while the condition holds")
    func requiredWhen() throws {
        let company = BehaviorRelay(value: false)
        let save = Button("Save")
        let form = Form {
            Field("VAT", key: "vat", TextField()).required(when: company)
            Buttons([save], default: save).submitting(Command<Void, Void> {})
        }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 4))
        #expect(pilot.lines[0] == "VAT")
        #expect(form.isValid)
        company.accept(true)
        #expect(pilot.lines[0].hasPrefix("VAT *"))
        #expect(!form.isValid)
        pilot.press(.enter)
        #expect(pilot.screen.contains("VAT is required"))
    }

    @Test("buttons submitting a command run it through the form's submit")
    func buttonsSubmit() async throws {
        var saved = 0
        let save = Button("Save")
        let command = Command<Void, Void> { saved += 1 }
        let form = Form {
            Field("Name", key: "name", TextField()).required()
            Buttons([save], default: save).submitting(command)
        }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 5))
        pilot.press(.enter)
        #expect(pilot.screen.contains("Name needs attention"))
        pilot.type("Ada\n")
        await pilot.settle()
        #expect(saved == 1)
    }
}
