import Testing
import TetherTesting
import TetherUI

/// The copy key (Alt-W, ``Intent/copy``): the focused text to the clipboard, which the
/// headless backend records; a password never.
@MainActor
@Suite("Copy key")
struct CopyKeyTests {
    func pilot(_ root: Widget, clipboard: Bool = true) throws -> Pilot {
        let bar = KeyHelpBar()
        return try Pilot(root: FooterLayout(root, footer: bar), size: Size(width: 50, height: 6)) { app in
            (app.backend as? HeadlessBackend)?.takesClipboardCopies = clipboard
        }
    }

    @Test("Alt-W in a text field copies its text to the clipboard")
    func copiesTextField() throws {
        let field = TextField(text: "hello world")
        let pilot = try pilot(field)
        pilot.press(.alt("w"))
        #expect(pilot.backend.clipboard == ["hello world"])
        #expect(pilot.app.notice == Application.textCopied)
    }

    @Test("Alt-W in a text area copies its whole text")
    func copiesTextArea() throws {
        let area = TextArea(text: "one\ntwo")
        let pilot = try pilot(area)
        pilot.press(.alt("w"))
        #expect(pilot.backend.clipboard == ["one\ntwo"])
    }

    @Test("Alt-W in a secure field copies nothing and the key-help bar says why")
    func secureFieldRefuses() throws {
        let field = SecureField(text: "hunter2")
        let pilot = try pilot(field)
        pilot.press(.alt("w"))
        #expect(pilot.backend.clipboard.isEmpty)
        #expect(pilot.screen.contains(Application.passwordNotCopied))
        #expect(!pilot.screen.contains("hunter2"))
    }

    @Test("the notice goes at the next key")
    func noticeLastsUntilTheNextKey() throws {
        let pilot = try pilot(SecureField(text: "pw"))
        pilot.press(.alt("w"))
        pilot.press(.right)
        #expect(pilot.app.notice == nil)
        #expect(!pilot.screen.contains(Application.passwordNotCopied))
    }

    @Test("on a terminal without clipboard copies the user is told, and nothing is recorded")
    func terminalWithoutClipboard() throws {
        let pilot = try pilot(TextField(text: "x"), clipboard: false)
        pilot.press(.alt("w"))
        #expect(pilot.backend.clipboard.isEmpty)
        #expect(pilot.app.notice == Application.clipboardUnavailable)
    }

    @Test("the copy key is in the key map with its help, so the help overlay lists it")
    func copyKeyHasHelp() {
        #expect(KeyMap.default.intents(for: .alt("w")) == [.copy])
        #expect(KeyMap.default.help(for: .copy) == "copy")
        #expect(KeyMap.default.helpEntries.contains { $0.help == "copy" })
    }
}
