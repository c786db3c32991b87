import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A popup that draws nothing at all in its 4×1 frame.
@MainActor
private final class Quiet: Widget {
    override func preferredSize(for proposal: Size) -> Size { Size(width: min(4, proposal.width), height: 1) }
}

/// The opener on row 0 and three rows of text under it, on a 12×5 screen.
@MainActor
private struct TextUnder {
    let opener: Opener
    let pilot: Pilot

    init(popup: Widget, size: Size = Size(width: 12, height: 5)) throws {
        opener = Opener(popup: popup)
        let rows: [Widget] = [opener, Label("0123456789"), Label("abcdefghij"), Label("ABCDEFGHIJ")]
        pilot = try Pilot(root: VStack(alignment: .leading, rows), size: size)
        pilot.app.verifiesPartialRedraws = true
    }
}

@MainActor
@Suite("Popup border and opacity")
struct PopupChromeTests {
    @Test("a popup paints every cell of its frame and border, so nothing under it shows through")
    func opaque() throws {
        let app = try TextUnder(popup: Quiet())
        app.opener.open()
        app.pilot.advance(by: .zero)
        #expect(app.pilot.lines == ["[open]", "┌────┐6789", "│    │ghij", "└────┘GHIJ", ""])
    }

    @Test("a popup opened with bordered: false is still opaque")
    func opaqueWithoutBorder() throws {
        let app = try TextUnder(popup: Quiet())
        app.opener.presentPopup(app.opener.popup, bordered: false)
        app.pilot.advance(by: .zero)
        #expect(app.pilot.lines == ["[open]", "    456789", "abcdefghij", "ABCDEFGHIJ", ""])
    }

    @Test("a list popup opens below its anchor inside a box in the theme's border style")
    func borderedBelow() throws {
        let app = try TextUnder(popup: ListPopup(["Red", "Green"]))
        app.pilot.press(.enter)
        #expect(app.pilot.lines == ["[open]", "┌──────┐89", "│>Red  │ij", "│ Green│IJ", "└──────┘"])
        #expect(app.pilot.backend.screen[0, 1].style == Theme.default.border)
        #expect(app.pilot.backend.screen[7, 2].style == Theme.default.border)
    }

    @Test("near the bottom edge a bordered popup opens above its anchor, its border clear of it")
    func borderedAbove() throws {
        let list = ListPopup(["Red", "Green"])
        let opener = Opener(popup: list)
        let rows: [Widget] = [Label("0123456789"), Label("abcdefghij"), Label("ABCDEFGHIJ"), Label("klm"), opener]
        let pilot = try Pilot(root: VStack(alignment: .leading, rows), size: Size(width: 12, height: 5))
        pilot.press(.enter)
        #expect(pilot.lines == ["┌──────┐89", "│>Red  │ij", "│ Green│IJ", "└──────┘", "[open]"])
    }

    @Test("a click on a popup's border does nothing and leaves the popup open")
    func clickOnBorder() throws {
        let list = ListPopup(["Red", "Green"])
        let app = try TextUnder(popup: list)
        app.pilot.press(.enter)
        app.pilot.click(at: Point(x: 0, y: 3))
        app.pilot.click(at: Point(x: 3, y: 4))
        #expect(list.chosen.isEmpty)
        #expect(app.pilot.focusedWidget === list)
        #expect(app.opener.dismissals == 0)
    }

    @Test("a click inside a bordered popup hits the row under the pointer")
    func clickInsideBorder() throws {
        let list = ListPopup(["Red", "Green"])
        let app = try TextUnder(popup: list)
        app.pilot.press(.enter)
        app.pilot.click(at: Point(x: 2, y: 3))
        #expect(list.chosen == ["Green"])
        #expect(app.pilot.lines[1] == "0123456789")
    }

    @Test("a click outside a bordered popup still closes it")
    func clickOutsideCloses() throws {
        let app = try TextUnder(popup: ListPopup(["Red", "Green"]))
        app.pilot.press(.enter)
        app.pilot.click(at: Point(x: 10, y: 3))
        #expect(app.opener.dismissals == 1)
        #expect(app.pilot.lines[2] == "abcdefghij")
    }

    @Test("with no room for a row inside a border, a popup opens without one")
    func borderDroppedWithoutRoom() throws {
        let app = try TextUnder(popup: ListPopup(["Red", "Green", "Blue"]), size: Size(width: 12, height: 3))
        app.pilot.press(.enter)
        #expect(app.pilot.lines == ["[open]", ">Red  6789", " Greenghij"])
    }

    @Test("at 80×8 a dropdown on the last row opens above it in a box and its rows still take clicks")
    func dropdownAt80By8() throws {
        let form = Form()
        for index in 1...5 { form.addField("Field \(index)", TextField(text: "value \(index)")) }
        let months = Dropdown(options: ["January", "February", "March", "April", "May", "June"], selection: "March")
        form.addField("Month", months)
        let pilot = try Pilot(root: form, size: Size(width: 80, height: 8))
        pilot.app.verifiesPartialRedraws = true
        months.focus()
        pilot.press(.enter)
        #expect(
            pilot.lines == [
                "Field 1  ┌────────────┐", "Field 2  │ March     ▲│", "Field 3  │ April      │",
                "Field 4  │ May       ▼│", "Field 5  └────────────┘", "Month    [March    ▾]", "", "",
            ])
        pilot.press(.up)
        let row = try #require(pilot.lines.firstIndex { $0.contains("│ February") })
        pilot.click(at: Point(x: 12, y: row))
        #expect(months.selection == "February")
        #expect(pilot.app.partialRedrawMismatches == 0)
    }

    @Test("closing a popup opened from code gives focus back to the widget that had it")
    func focusReturnsToPreviouslyFocused() throws {
        let field = TextField(text: "abc")
        let list = ListPopup(["Red", "Green"])
        let opener = Opener(popup: list)
        let pilot = try Pilot(root: VStack(alignment: .leading, [field, opener]), size: Size(width: 20, height: 8))
        opener.open()
        pilot.advance(by: .zero)
        #expect(pilot.focusedWidget === list)
        pilot.press(.escape)
        #expect(pilot.focusedWidget === field)
    }
}
