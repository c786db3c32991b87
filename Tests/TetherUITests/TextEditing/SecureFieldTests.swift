import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with one field labelled "Password": the field starts at column 10 of row 0.
@MainActor
private func makePilot(for field: SecureField) throws -> Pilot {
    let form = Form()
    form.addField("Password", field)
    return try Pilot(root: form, size: Size(width: 40, height: 4))
}

@MainActor
@Suite("SecureField")
struct SecureFieldTests {
    @Test("each grapheme shows as one mask character, whatever its width")
    func maskPerGrapheme() throws {
        let pilot = try makePilot(for: SecureField())
        pilot.type("a中👍🏽é")
        #expect(pilot.lines[0] == "Password  ••••")
        #expect(pilot.cursor == Point(x: 14, y: 0))
    }

    @Test("a custom mask character is used for every grapheme")
    func customMask() throws {
        let pilot = try makePilot(for: SecureField(mask: .character("*")))
        pilot.type("abc")
        #expect(pilot.lines[0] == "Password  ***")
    }

    @Test("the .none mask shows nothing and the cursor does not move while typing")
    func noneMask() throws {
        let pilot = try makePilot(for: SecureField(mask: .none))
        let before = pilot.cursor
        pilot.type("secret")
        #expect(pilot.lines[0] == "Password")
        #expect(before == Point(x: 10, y: 0))
        #expect(pilot.cursor == before)
    }

    @Test("Alt-B moves to the start of the whole line, not to a word break")
    func altBWholeLine() throws {
        let field = SecureField()
        let password = BehaviorRelay(value: "")
        let binding = field.rx.text <-> password
        defer { binding.dispose() }
        let pilot = try makePilot(for: field)
        pilot.type("ab cd")
        pilot.press(.alt("b"))
        #expect(pilot.cursor == Point(x: 10, y: 0))
        pilot.type("X")
        #expect(password.value == "Xab cd")
    }

    @Test("Alt-F moves to the end of the whole line")
    func altFWholeLine() throws {
        let field = SecureField()
        let password = BehaviorRelay(value: "")
        let binding = field.rx.text <-> password
        defer { binding.dispose() }
        let pilot = try makePilot(for: field)
        pilot.type("ab cd")
        pilot.press(.home, .alt("f"))
        #expect(pilot.cursor == Point(x: 15, y: 0))
    }

    @Test("Ctrl-W deletes everything left of the caret, not just the last word")
    func ctrlWWholeLine() throws {
        let field = SecureField()
        let password = BehaviorRelay(value: "")
        let binding = field.rx.text <-> password
        defer { binding.dispose() }
        let pilot = try makePilot(for: field)
        pilot.type("ab cd ef")
        pilot.press(.ctrl("w"))
        #expect(password.value == "")
        #expect(pilot.lines[0] == "Password")
    }

    @Test("Alt-D deletes everything right of the caret, not just the next word")
    func altDWholeLine() throws {
        let field = SecureField()
        let password = BehaviorRelay(value: "")
        let binding = field.rx.text <-> password
        defer { binding.dispose() }
        let pilot = try makePilot(for: field)
        pilot.type("ab cd ef")
        pilot.press(.home, .right, .alt("d"))
        #expect(password.value == "a")
        #expect(pilot.lines[0] == "Password  •")
    }

    @Test("the password never appears on the screen")
    func neverOnScreen() throws {
        let pilot = try makePilot(for: SecureField())
        pilot.type("hunter2")
        pilot.paste("swordfish")
        #expect(!pilot.screen.contains("hunter2"))
        #expect(!pilot.screen.contains("swordfish"))
        #expect(!pilot.screen.contains("h"))
    }

    @Test("the password appears in no description, debug description or dump")
    func neverInDescriptions() throws {
        let field = SecureField()
        let pilot = try makePilot(for: field)
        pilot.type("hunter2")
        var dumped = ""
        dump(field, to: &dumped)
        var dumpedTree = ""
        dump(pilot.app.root, to: &dumpedTree)
        #expect(!field.description.contains("hunter2"))
        #expect(!field.debugDescription.contains("hunter2"))
        #expect(!String(describing: field).contains("hunter2"))
        #expect(!String(reflecting: field).contains("hunter2"))
        #expect(!dumped.contains("hunter2"))
        #expect(!dumpedTree.contains("hunter2"))
        #expect(dumped.contains("SecureField"))
    }

    @Test("rx.isRevealed bound to true shows the text and false masks it again")
    func revealed() throws {
        let field = SecureField()
        let reveal = BehaviorRelay(value: false)
        let binding = reveal.bind(to: field.rx.isRevealed)
        defer { binding.dispose() }
        let pilot = try makePilot(for: field)
        pilot.type("hunter2")
        reveal.accept(true)
        pilot.advance(by: .zero)
        #expect(pilot.lines[0] == "Password  hunter2")
        reveal.accept(false)
        pilot.advance(by: .zero)
        #expect(pilot.lines[0] == "Password  •••••••")
    }
}
