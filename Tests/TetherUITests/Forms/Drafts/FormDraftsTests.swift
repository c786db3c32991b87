#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A fresh path for a draft file, removed when the test ends.
private func draftPath(_ name: String = #function) -> String {
    let path = "/tmp/tether-draft-\(getpid())-\(name.filter(\.isLetter)).json"
    unlink(path)
    return path
}

/// The draft file's text, or `nil` when there is none.
private func contents(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 1024)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return text
}

private enum Plan: String, DraftValue, Hashable { case free, pro }

/// A sign-up form with a name, a password, a token marked secret, a port and a plan.
@MainActor
private func signUp(drafts path: String) -> (Form, FormField<String>) {
    let form = Form()
    let name = form.addField("Name", TextField(), key: "name")
    form.addField("Password", SecureField(), key: "password")
    form.addField("Token", TextField(), key: "token").isSecret = true
    form.addField("Port", TextField(), key: "port", as: .integer(in: 1...65_535), value: 80)
    let plan = Picker(options: [Plan.free, .pro], selection: .free, axis: .horizontal, title: \.rawValue)
    form.addField("Plan", plan, key: "plan")
    form.keepDrafts(at: path, debounce: .milliseconds(500))
    return (form, name)
}

@MainActor
@Suite("Drafts")
struct FormDraftsTests {
    @Test("values are saved by key a debounce after the last change, never a secret")
    func savedAfterDebounce() throws {
        let path = draftPath()
        defer { unlink(path) }
        let (form, _) = signUp(drafts: path)
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.type("Ada\thunter2\tsecret-token\t")
        #expect((form.field(forKey: "password") as? FormField<String>)?.value == "hunter2")
        #expect((form.field(forKey: "token") as? FormField<String>)?.value == "secret-token")
        pilot.advance(by: .milliseconds(400))
        #expect(contents(path) == nil)
        pilot.advance(by: .milliseconds(100))
        let text = try #require(contents(path))
        #expect(text.contains("\"name\": \"Ada\""))
        #expect(text.contains("\"port\": 80"))
        #expect(text.contains("\"plan\": \"free\""))
        #expect(!text.contains("hunter2"))
        #expect(!text.contains("secret-token"))
        #expect(!text.contains("password"))
    }

    @Test("a draft that cannot be saved says so once in the form's message row, and the form goes on")
    func unsavableSaidOnce() throws {
        let path = "/tmp/tether-no-such-folder-\(getpid())/draft.json"
        let (form, name) = signUp(drafts: path)
        let pilot = try Pilot(root: form, size: Size(width: 100, height: 10))
        pilot.type("Ada")
        pilot.advance(by: .seconds(1))
        let said = pilot.lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .joined(separator: " ")
        #expect(
            said.contains("The draft cannot be saved at \(path): No such file or directory. The form still works;"),
            "\(pilot.screen)")
        pilot.type(" L")
        pilot.advance(by: .seconds(1))
        #expect(!pilot.screen.contains("The draft cannot be saved"))
        #expect(name.value == "Ada L")
    }

    @Test("Ctrl-C before the debounce ends saves the draft at once: the last keys are not lost")
    func interruptSavesWaitingDraft() throws {
        let path = draftPath()
        defer { unlink(path) }
        let (form, _) = signUp(drafts: path)
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.type("Ada")
        #expect(contents(path) == nil)
        pilot.press(.ctrl("c"))
        #expect(pilot.app.exit != nil)
        #expect(contents(path)?.contains("Ada") == true, "\(contents(path) ?? "no draft")")
    }

    @Test("a form made clean again removes its draft")
    func cleanRemoves() throws {
        let path = draftPath()
        defer { unlink(path) }
        let (form, _) = signUp(drafts: path)
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.type("A")
        pilot.advance(by: .seconds(1))
        #expect(contents(path) != nil)
        pilot.press(.backspace)
        pilot.advance(by: .seconds(1))
        #expect(contents(path) == nil)
    }

    @Test("an edit only in a secret or in a field without a key writes no draft: it would hold nothing of it")
    func nothingToHoldNoDraft() throws {
        let path = draftPath()
        defer { unlink(path) }
        let form = Form()
        form.addField("Name", TextField(), key: "name")
        form.addField("Password", SecureField(), key: "password")
        form.addField("Note", TextField())
        form.keepDrafts(at: path, debounce: .zero)
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.type("\thunter2\tnot kept")
        #expect(form.isDirty)
        #expect(contents(path) == nil)
    }

    @Test("a draft found at the next start resumes as the user's edits, reaching the model")
    func resumeNextStart() throws {
        let path = draftPath()
        defer { unlink(path) }
        do {
            let (form, _) = signUp(drafts: path)
            let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
            pilot.type("Ada \"Countess\" \\ of Lovelace\t\t\t")
            pilot.press(.end, .backspace, .backspace)
            pilot.type("8080\t")
            pilot.press(.right)
            pilot.advance(by: .seconds(1))
        }
        let (form, name) = signUp(drafts: path)
        let model = BehaviorRelay(value: "")
        let binding = name.rx.value <-> model
        defer { binding.dispose() }
        let drafts = try #require(form.drafts)
        #expect(drafts.hasDraft)
        #expect(drafts.draftChanges == 3)
        drafts.resume()
        #expect(model.value == "Ada \"Countess\" \\ of Lovelace")
        #expect((form.field(forKey: "port") as? FormField<Int>)?.value == 8080)
        #expect((form.field(forKey: "plan") as? FormField<Plan?>)?.value == .pro)
        #expect(form.isDirty)
    }

    @Test("a draft restores what was on screen: a refused number as typed, with its message, the caret after the text")
    func refusedTextRestored() throws {
        let path = draftPath()
        defer { unlink(path) }
        do {
            let (form, _) = signUp(drafts: path)
            let pilot = try Pilot(root: form, size: Size(width: 60, height: 12))
            pilot.type("Ada\t\t\t")
            pilot.press(.end, .backspace, .backspace)
            pilot.type("70000")
            pilot.advance(by: .seconds(1))
            #expect(contents(path)?.contains("\"port\": \"70000\"") == true, "\(contents(path) ?? "")")
        }
        let (form, name) = signUp(drafts: path)
        let pilot = try Pilot(root: form, size: Size(width: 60, height: 12))
        pilot.advance(by: .zero)
        pilot.press(.enter)  // Resume
        let port = try #require(form.field(forKey: "port")?.widget as? TextField)
        #expect(port.text == "70000")
        #expect(port.caret == 5)
        #expect((name.widget as? TextField)?.caret == 3)
        #expect(pilot.screen.contains("Port      70000"), "\(pilot.screen)")
        port.focus()
        pilot.press(.tab)
        #expect(pilot.screen.contains("65535"), "\(pilot.screen)")
    }

    @Test("a draft waiting for an answer is not overwritten, and discard removes it")
    func waitingDraftKept() throws {
        let path = draftPath()
        defer { unlink(path) }
        do {
            let (form, _) = signUp(drafts: path)
            let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
            pilot.type("Ada")
            pilot.advance(by: .seconds(1))
        }
        let (form, _) = signUp(drafts: path)
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.type("Bob")
        pilot.advance(by: .seconds(1))
        #expect(contents(path)?.contains("Ada") == true)
        form.drafts?.discard()
        #expect(contents(path) == nil)
    }

    @Test("a successful submit removes the draft")
    func submitRemoves() async throws {
        let path = draftPath()
        defer { unlink(path) }
        let (form, _) = signUp(drafts: path)
        let save = Button("Save")
        form.addButtons([save], default: save)
        save.bind(form.submitCommand(running: Command<Void, Void> {}))
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 9))
        pilot.type("Ada")
        pilot.advance(by: .seconds(1))
        #expect(contents(path) != nil)
        save.press()
        await pilot.settle()
        #expect(contents(path) == nil)
    }

    @Test(
        "a submit whose command ends without a value (a refused sign-in) or with an error keeps the draft",
        arguments: ["no value", "error"])
    func refusedSubmitKeeps(_ ending: String) async throws {
        struct Refused: Error {}
        let path = draftPath() + ending.filter(\.isLetter)
        defer { unlink(path) }
        let (form, _) = signUp(drafts: path)
        let save = Button("Save")
        form.addButtons([save], default: save)
        let command = Command<Void, Void> { _ in ending == "error" ? .error(Refused()) : .empty() }
        save.bind(form.submitCommand(running: command))
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 9))
        pilot.type("Ada")
        pilot.advance(by: .seconds(1))
        #expect(contents(path)?.contains("Ada") == true)
        save.press()
        await pilot.settle()
        pilot.advance(by: .seconds(1))
        #expect(contents(path)?.contains("Ada") == true)
    }
}
