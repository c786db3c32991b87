import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with the fields "A" (row 0), "B" (row 1) and "C" (row 2); fields start at column 3.
@MainActor
private func makePilot(_ a: Widget, _ b: Widget, _ c: Widget) throws -> Pilot {
    let form = Form()
    form.addField("A", a)
    form.addField("B", b)
    form.addField("C", c)
    return try Pilot(root: form, size: Size(width: 30, height: 4))
}

@MainActor
@Suite("Widget")
struct WidgetTests {
    @Test("rx.isEnabled bound to false makes focus skip the widget")
    func disabledSkippedByFocus() throws {
        let a = TextField(), b = TextField(), c = TextField()
        let enabled = BehaviorRelay(value: true)
        let binding = enabled.bind(to: b.rx.isEnabled)
        defer { binding.dispose() }
        let pilot = try makePilot(a, b, c)
        enabled.accept(false)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === c)
    }

    @Test("rx.isEnabled bound back to true lets focus reach the widget again")
    func reenabled() throws {
        let a = TextField(), b = TextField(), c = TextField()
        let enabled = BehaviorRelay(value: false)
        let binding = enabled.bind(to: b.rx.isEnabled)
        defer { binding.dispose() }
        let pilot = try makePilot(a, b, c)
        enabled.accept(true)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === b)
    }

    @Test("a disabled widget is drawn in the theme's disabled (dimmed) style")
    func disabledDrawnDimmed() throws {
        let a = TextField(), b = TextField(text: "off"), c = TextField(text: "on")
        b.isEnabled = false
        let pilot = try makePilot(a, b, c)
        #expect(pilot.lines[1] == "B  off")
        #expect(pilot.backend.screen[3, 1].style == Theme.default.disabled)
        #expect(pilot.backend.screen[3, 1].style.attributes.contains(.dim))
        #expect(pilot.backend.screen[3, 2].style == Theme.default.field)
    }

    @Test("disabling the focused widget moves focus to the next one")
    func disablingFocusedMovesFocus() throws {
        let a = TextField(), b = TextField(), c = TextField()
        let pilot = try makePilot(a, b, c)
        a.rx.isEnabled.onNext(false)
        pilot.advance(by: .zero)
        #expect(pilot.focusedWidget === b)
        #expect(pilot.cursor == Point(x: 3, y: 1))
    }

    @Test("rx.isHidden bound to true removes the widget from the screen and from focus")
    func hidden() throws {
        let a = TextField(text: "a"), b = Toggle("Bee"), c = TextField(text: "c")
        let hidden = BehaviorRelay(value: false)
        let binding = hidden.bind(to: b.rx.isHidden)
        defer { binding.dispose() }
        let pilot = try makePilot(a, b, c)
        #expect(pilot.lines[1] == "B  [ ] Bee")
        hidden.accept(true)
        pilot.press(.tab)
        #expect(!pilot.screen.contains("Bee"))
        #expect(pilot.focusedWidget === c)
    }

    @Test("rx.isFocused starts with the current focus state and reports each change")
    func isFocused() throws {
        let a = TextField(), b = TextField(), c = TextField()
        let pilot = try makePilot(a, b, c)
        var states: [Bool] = []
        let subscription = b.rx.isFocused.subscribe(onNext: { states.append($0) })
        defer { subscription.dispose() }
        pilot.press(.tab, .tab, .tab)
        #expect(states == [false, true, false])
    }

    @Test("a custom widget subclass draws itself and takes the focus it asks for")
    func customWidget() throws {
        final class Star: Widget {
            override var canFocus: Bool { true }
            override func preferredSize(for proposal: Size) -> Size { Size(width: 1, height: 1) }
            override func draw(in canvas: inout Canvas, context: DrawContext) {
                canvas.put(isFocused ? "*" : "·", at: .zero)
            }
        }
        let star = Star()
        let pilot = try makePilot(TextField(), star, TextField())
        #expect(pilot.lines[1] == "B  ·")
        pilot.press(.tab)
        #expect(pilot.lines[1] == "B  *")
    }

    @Test("a label in a subtree added while the application runs is redrawn when its text changes")
    func subtreeAddedWhileRunningRedraws() throws {
        let root = VStack([Label("top")])
        let pilot = try Pilot(root: root, size: Size(width: 20, height: 3))
        let label = Label("old")
        root.addChild(VStack([label]))
        #expect(pilot.lines[1] == "old")
        label.text = "new"
        #expect(pilot.lines[1] == "new")
    }

    @Test("a label moved out of the tree and back into another part of it is redrawn when its text changes")
    func subtreeMovedRedraws() throws {
        let label = Label("old")
        let first = VStack([label]), second = VStack([])
        let pilot = try Pilot(root: VStack([first, second]), size: Size(width: 20, height: 3))
        #expect(pilot.lines[0] == "old")
        label.removeFromParent()
        label.text = "out"
        second.addChild(label)
        #expect(pilot.lines[0] == "out")
        label.text = "new"
        #expect(pilot.lines[0] == "new")
    }
}
