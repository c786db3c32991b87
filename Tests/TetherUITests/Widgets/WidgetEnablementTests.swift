import Testing
import TetherTesting
import TetherUI

/// `isEffectivelyEnabled` follows the ancestors' `isEnabled` as it changes and as widgets
/// move in the tree (it is kept, not recomputed by walking the parents).
@MainActor
@Suite("Widget: effective enablement")
struct WidgetEnablementTests {
    @Test("disabling a container disables the widgets inside it, and enabling it enables them again")
    func containerDisables() throws {
        let field = TextField(), other = TextField()
        let inner = VStack([field])
        let root = VStack([inner, other])
        let pilot = try Pilot(root: root, size: Size(width: 20, height: 2))
        inner.isEnabled = false
        #expect(!field.isEffectivelyEnabled && other.isEffectivelyEnabled)
        #expect(pilot.focusedWidget === other)
        inner.isEnabled = true
        #expect(field.isEffectivelyEnabled)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === field)
    }

    @Test("a widget disabled itself stays disabled when its disabled container is enabled again")
    func ownStateKept() {
        let field = TextField()
        field.isEnabled = false
        let outer = VStack([VStack([field])])
        outer.isEnabled = false
        outer.isEnabled = true
        #expect(!field.isEffectivelyEnabled)
        field.isEnabled = true
        #expect(field.isEffectivelyEnabled)
    }

    @Test("a widget moved into a disabled container is disabled, and moved out of it enabled")
    func movedInAndOut() {
        let field = TextField()
        let disabled = VStack([])
        disabled.isEnabled = false
        let enabled = VStack([])
        VStack([disabled]).addChild(field)
        #expect(field.isEffectivelyEnabled)
        disabled.addChild(field)
        #expect(!field.isEffectivelyEnabled)
        enabled.addChild(field)
        #expect(field.isEffectivelyEnabled)
        disabled.addChild(field)
        field.removeFromParent()
        #expect(field.isEffectivelyEnabled)
    }

    @Test("a widget whose disabled parent goes away is enabled")
    func parentReleased() {
        let field = TextField()
        do {
            let parent = VStack([field])
            parent.isEnabled = false
            #expect(!field.isEffectivelyEnabled)
        }
        #expect(field.parent == nil)
        #expect(field.isEffectivelyEnabled)
    }
}
