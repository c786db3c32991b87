import Testing
import TetherReactive
import TetherTesting
@testable import TetherUI

/// A password field overwrites the text it lets go of (docs/reliability.md, "Secrets in
/// memory"): what its storage holds is its text and nothing else.
@MainActor
@Suite("SecureField memory")
struct SecureFieldMemoryTests {
    /// The non-zero bytes of the field's storage, less spaces (an overwritten `Character`
    /// slot holds a space), sorted.
    private func storedLetters(_ field: SecureField) -> [UInt8] {
        field.editor.graphemes.storedBytes.filter { $0 != 0 && $0 != 0x20 }.sorted()
    }

    /// The bytes an ASCII `text` leaves in storage: its code bytes, less spaces, sorted.
    private func expectedLetters(_ text: String) -> [UInt8] {
        text.utf8.filter { $0 != 0x20 }.sorted()
    }

    @Test("after edits in the middle and deletes, a password field's storage holds its text and nothing else")
    func storageHoldsOnlyTheText() throws {
        let field = SecureField()
        let pilot = try Pilot(root: field, size: Size(width: 40, height: 1))
        pilot.type("Xyzzy-Plugh-42")
        pilot.press(.left, times: 6)
        pilot.type("Qq")
        pilot.press(.backspace, times: 4)
        pilot.press(.right, times: 2)
        pilot.press(.delete, times: 2)
        #expect(field.text == "Xyzzy-ug42")
        #expect(storedLetters(field) == expectedLetters(field.text))
    }

    @Test("a password with non-ASCII graphemes, grown past its first storage, leaves nothing behind when deleted")
    func nonASCIIPasswordDeleted() throws {
        let field = SecureField()
        let pilot = try Pilot(root: field, size: Size(width: 40, height: 1))
        pilot.type(String(repeating: "pässwörd-", count: 12))
        pilot.press(.ctrl("u"))
        #expect(field.text.isEmpty)
        #expect(storedLetters(field).isEmpty)
    }

    @Test("a model write (a Reset) into a password field leaves only the new text in its storage")
    func modelWriteReplaces() throws {
        let field = SecureField()
        let model = BehaviorRelay(value: "")
        let binding = field.rx.text <-> model
        defer { binding.dispose() }
        let pilot = try Pilot(root: field, size: Size(width: 40, height: 1))
        pilot.type("wrong-password")
        model.accept("")
        #expect(storedLetters(field).isEmpty)
        #expect(!field.editor.canUndo)
        pilot.type("ok")
        #expect(storedLetters(field) == expectedLetters("ok"))
    }

    @Test("a password field's undo history forgets, and overwrites, what a Reset replaced")
    func undoHistoryWipedOnReset() throws {
        var editor = TextEditor(text: "", wordBoundaries: .line)
        editor.wipesText = true
        editor.insert("secret")
        editor.deleteWordBackward()
        #expect(editor.canUndo)
        editor.replaceText("")
        #expect(!editor.canUndo && !editor.undo())
        #expect(editor.graphemes.storedBytes.allSatisfy { $0 == 0 || $0 == 0x20 })
    }
}
