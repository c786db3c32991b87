import Testing
import TetherTesting
import TetherUI

@MainActor
@Suite("Panel")
struct PanelTests {
    @Test("a panel draws a box with its title in the top border")
    func titleInBorder() throws {
        let pilot = try Pilot(root: Panel(title: "Sign in", Label("hi")), size: Size(width: 20, height: 3))
        #expect(pilot.lines[0] == "┌─ Sign in ────────┐")
        #expect(pilot.lines[2] == "└──────────────────┘")
    }

    @Test("a panel without a title draws a plain top border")
    func noTitle() throws {
        let pilot = try Pilot(root: Panel(Label("hi")), size: Size(width: 8, height: 3))
        #expect(pilot.lines[0] == "┌──────┐")
    }

    @Test("the child sits inside the border after one column of padding")
    func childInside() throws {
        let pilot = try Pilot(root: Panel(title: "T", Label("hi")), size: Size(width: 10, height: 3))
        #expect(pilot.lines[1] == "│ hi     │")
    }

    @Test("custom padding moves the child further in")
    func customPadding() throws {
        let pilot = try Pilot(root: Panel(padding: Insets(all: 1), Label("hi")), size: Size(width: 8, height: 5))
        #expect(pilot.lines[1] == "│      │")
        #expect(pilot.lines[2] == "│ hi   │")
    }

    @Test("a centred panel is as big as its child and border, and wide enough for its title")
    func centredPanelSize() throws {
        let pilot = try Pilot(root: Center(Panel(title: "Title", Label("x"))), size: Size(width: 15, height: 5))
        #expect(pilot.lines == ["", "  ┌─ Title ─┐", "  │ x       │", "  └─────────┘", ""])
    }

    @Test("a long title is cut with an ellipsis to leave border on each side")
    func longTitle() throws {
        let pilot = try Pilot(root: Panel(title: "A very long title", Label("x")), size: Size(width: 12, height: 3))
        #expect(pilot.lines[0] == "┌─ A ver… ─┐")
    }
}
