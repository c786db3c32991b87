import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A field on row 0, the opener on row 1, two labels under it; the popup lists three colours.
@MainActor
private struct PopupApp {
    let field = TextField(placeholder: "name")
    let popup = ListPopup(["Red", "Green", "Blue"])
    let opener: Opener
    let pilot: Pilot

    init(size: Size = Size(width: 20, height: 6), rowsAbove: Int = 0) throws {
        opener = Opener(popup: popup)
        let above = (0..<rowsAbove).map { Label("above \($0)") as Widget }
        let stack = VStack(alignment: .leading, [field] + above + [opener, Label("under one"), Label("under two")])
        pilot = try Pilot(root: stack, size: size)
        pilot.app.verifiesPartialRedraws = true
        pilot.press(.tab)
    }
}

@MainActor
@Suite("Popups")
struct PopupTests {
    @Test("a popup opens below its anchor, drawn above the widgets under it, and takes focus")
    func opensBelowAnchor() throws {
        let app = try PopupApp()
        app.pilot.press(.enter)
        #expect(Array(app.pilot.lines.prefix(5)) == ["name", "[open]", ">Red  one", " Greentwo", " Blue"])
        #expect(app.pilot.focusedWidget === app.popup)
    }

    @Test("near the bottom edge a popup opens above its anchor")
    func flipsAboveAtBottomEdge() throws {
        let app = try PopupApp(size: Size(width: 20, height: 6), rowsAbove: 3)
        app.pilot.press(.enter)
        #expect(app.pilot.lines == ["name", ">Red  0", " Green1", " Blue 2", "[open]", "under one"])
    }

    @Test("a popup taller than the room on both sides is cut to the larger room")
    func clippedToRoom() throws {
        let app = try PopupApp(size: Size(width: 20, height: 4))
        app.pilot.press(.enter)
        #expect(app.pilot.lines == ["name", "[open]", ">Red  one", " Greentwo"])
    }

    @Test("a popup wider than the room right of its anchor moves left to stay on screen")
    func movesLeftAtRightEdge() throws {
        let popup = ListPopup(["a long option"])
        let opener = Opener(popup: popup)
        let stack = HStack(spacing: 0, [Label("xxxxxxxxxxxx"), opener])
        let pilot = try Pilot(root: VStack(alignment: .leading, [stack, Label("")]), size: Size(width: 18, height: 3))
        pilot.press(.enter)
        #expect(pilot.lines[1] == "    >a long option")
    }

    @Test("keys and typed text go to the open popup, not to the form")
    func keysGoToPopupFirst() throws {
        let app = try PopupApp()
        app.pilot.press(.enter)
        app.pilot.press(.down)
        app.pilot.type("gr")
        #expect(app.pilot.lines[3] == ">Greentwo")
        #expect(app.pilot.lines[5] == "?gr")
        #expect(app.field.text == "")
    }

    @Test("Esc closes the popup, gives focus back to the anchor and leaves no stale cells")
    func escapeClosesAndRestores() throws {
        let app = try PopupApp()
        let before = app.pilot.screen
        app.pilot.press(.enter)
        app.pilot.press(.escape)
        #expect(app.pilot.screen == before)
        #expect(app.pilot.focusedWidget === app.opener)
        #expect(app.opener.dismissals == 1)
        #expect(app.popup.chosen.isEmpty)
    }

    @Test("Enter in the popup chooses, closes it and runs onDismiss once")
    func enterChoosesAndCloses() throws {
        let app = try PopupApp()
        app.pilot.press(.enter)
        app.pilot.press(.down, .enter)
        #expect(app.popup.chosen == ["Green"])
        #expect(app.opener.dismissals == 1)
        #expect(app.pilot.lines[2] == "under one")
        #expect(app.pilot.focusedWidget === app.opener)
    }

    @Test("a click outside the popup closes it and does not reach the widget under the pointer")
    func clickOutsideCloses() throws {
        let app = try PopupApp()
        app.pilot.press(.enter)
        app.pilot.click(on: app.field)
        #expect(app.pilot.lines[2] == "under one")
        #expect(app.pilot.focusedWidget === app.opener)
    }

    @Test("a click inside the popup acts on the popup")
    func clickInsideActs() throws {
        let app = try PopupApp()
        app.pilot.press(.enter)
        app.pilot.click(at: Point(x: 1, y: 4))
        #expect(app.popup.chosen == ["Blue"])
    }

    @Test("Tab moves focus only among the popup's widgets while it is open")
    func focusStaysInPopup() throws {
        let app = try PopupApp()
        app.pilot.press(.enter)
        app.pilot.press(.tab)
        app.pilot.press(.tab)
        #expect(app.pilot.focusedWidget === app.popup)
    }

    @Test("after a resize the popup is re-anchored to where its anchor moved")
    func reanchoredAfterResize() throws {
        let field = TextField(placeholder: "name")
        let popup = ListPopup(["Red", "Green"])
        let opener = Opener(popup: popup)
        let pilot = try Pilot(
            root: Center(VStack(alignment: .leading, [field, opener])), size: Size(width: 20, height: 6))
        pilot.press(.tab, .enter)
        pilot.resize(to: Size(width: 30, height: 10))
        let row = opener.frame.maxY
        #expect(pilot.lines[row].dropFirst(opener.frame.minX).hasPrefix("┌──────┐"))
        #expect(pilot.lines[row + 1].dropFirst(opener.frame.minX).hasPrefix("│>Red  │"))
        #expect(pilot.lines[row + 2].dropFirst(opener.frame.minX).hasPrefix("│ Green│"))
        #expect(pilot.lines.filter { $0.contains("Red") }.count == 1)
    }

    @Test("a popup whose anchor is hidden closes")
    func closesWhenAnchorHidden() throws {
        let app = try PopupApp()
        app.pilot.press(.enter)
        app.opener.isHidden = true
        app.pilot.advance(by: .zero)
        #expect(!app.pilot.screen.contains("Red"))
        #expect(app.opener.dismissals == 1)
        #expect(app.pilot.focusedWidget === app.field)
    }

    @Test("partial redraws inside an open popup draw the same frame as drawing everything")
    func partialRedrawsMatch() throws {
        let app = try PopupApp()
        app.pilot.press(.enter)
        app.pilot.press(.down, .down, .up)
        #expect(app.pilot.app.partialRedrawCount > 0)
        #expect(app.pilot.app.partialRedrawMismatches == 0)
        #expect(app.pilot.backend.hintViolations.isEmpty)
    }

    @Test("a popup with nothing focusable leaves focus where it was and hides a caret it covers")
    func caretUnderPopupHidden() throws {
        let field = TextField(text: "abc")
        let opener = Opener(popup: Label("tooltip!!"))
        let pilot = try Pilot(root: VStack(alignment: .leading, [field, opener]), size: Size(width: 20, height: 3))
        #expect(pilot.cursor == Point(x: 3, y: 0))
        opener.presentPopup(opener.popup, placement: .above)
        pilot.advance(by: .zero)
        #expect(pilot.lines[0] == "tooltip!!")
        #expect(pilot.focusedWidget === field)
        #expect(pilot.cursor == nil)
        pilot.press(.escape)
        #expect(pilot.lines[0] == "abc")
        #expect(pilot.cursor == Point(x: 3, y: 0))
    }
}
