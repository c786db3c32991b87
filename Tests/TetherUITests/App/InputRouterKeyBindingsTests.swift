import Testing
import TetherReactive
import TetherTesting
import TetherUI

extension Intent {
    fileprivate static let archive = Intent.custom("archive")
}

/// A widget with its own binding: `x` archives (counted), anywhere inside it.
@MainActor
private final class Archiver: Widget {
    var archived = 0
    private static let keys: KeyMap = {
        var keys = KeyMap()
        keys.bind(.character("x"), to: .archive, help: "archive")
        return keys
    }()

    init(_ child: Widget) {
        super.init()
        addChild(child)
    }

    override var keyBindings: KeyMap? { Self.keys }

    override func perform(_ intent: Intent) -> Bool {
        guard intent == .archive else { return false }
        archived += 1
        return true
    }
}

@MainActor
@Suite("Input router: a widget's own bindings")
struct InputRouterKeyBindingsTests {
    @Test("an ancestor's own binding acts for a focused widget that does not take the key")
    func ancestorBindingActs() throws {
        let toggle = Toggle("On")
        let archiver = Archiver(toggle)
        let pilot = try Pilot(root: archiver)
        pilot.type("x")
        #expect(archiver.archived == 1)
    }

    @Test("text typed into a focused field comes before an ancestor's own binding")
    func textBeforeAncestorBinding() throws {
        let field = TextField()
        let archiver = Archiver(field)
        let pilot = try Pilot(root: archiver)
        pilot.type("x")
        #expect(field.text == "x")
        #expect(archiver.archived == 0)
    }

    @Test("an app's own intent bound in the app's map reaches the widget that handles it")
    func appIntentReachesWidget() throws {
        var keys = KeyMap.default
        keys.bind(.ctrl("e"), to: .archive, help: "archive")
        let toggle = Toggle("On")
        let archiver = Archiver(toggle)
        let pilot = try Pilot(root: archiver, keyMap: keys)
        pilot.press(.ctrl("e"))
        #expect(archiver.archived == 1)
    }
}
