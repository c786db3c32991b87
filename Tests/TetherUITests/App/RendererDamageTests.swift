import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A one-row widget that counts how often it is drawn.
@MainActor
private final class CountingLabel: Widget {
    let text: String
    var draws = 0

    init(_ text: String) {
        self.text = text
        super.init()
    }

    override func preferredSize(for proposal: Size) -> Size { Size(width: text.count, height: 1) }

    override func draw(in canvas: inout Canvas, context: DrawContext) {
        draws += 1
        canvas.put(text, at: .zero)
    }
}

/// A panel around a fixed-width label on its first row, three counting rows, and a
/// fixed-width label on its last row: the two labels change, the rows between do not.
@MainActor
private struct Screen {
    let top = Label("top", width: 10)
    let bottom = Label("bottom", width: 10)
    let middle = [CountingLabel("one"), CountingLabel("two"), CountingLabel("three")]
    let pilot: Pilot

    /// With `verifying`, every partial redraw is also drawn in full and compared (which
    /// draws every widget once more).
    init(verifying: Bool = false) throws {
        let rows: [Widget] = [top] + middle + [bottom]
        pilot = try Pilot(root: Panel(title: "T", VStack(rows)), size: Size(width: 20, height: 7))
        pilot.app.verifiesPartialRedraws = verifying
    }
}

@MainActor
@Suite("Renderer: damaged rows")
struct RendererDamageTests {
    @Test("two widgets far apart that change together redraw their own rows, not the rows between them")
    func rowsBetweenNotDrawn() throws {
        let screen = try Screen()
        let draws = screen.middle.map(\.draws)
        screen.top.text = "TOP"
        screen.bottom.text = "BOTTOM"
        #expect(
            screen.pilot.lines == [
                "┌─ T ──────────────┐", "│ TOP              │", "│ one              │", "│ two              │",
                "│ three            │", "│ BOTTOM           │", "└──────────────────┘",
            ])
        #expect(screen.middle.map(\.draws) == draws)
    }

    @Test("a partial redraw of rows far apart gives the frame that drawing everything gives")
    func sameAsFullRedraw() throws {
        let screen = try Screen(verifying: true)
        let before = screen.pilot.app.partialRedrawCount
        screen.top.text = "中文"
        screen.bottom.text = "b"
        _ = screen.pilot.screen
        screen.top.text = "x"
        _ = screen.pilot.screen
        #expect(screen.pilot.app.partialRedrawCount - before == 2)
        #expect(screen.pilot.app.partialRedrawMismatches == 0)
        #expect(screen.pilot.backend.hintViolations.isEmpty)
        #expect(screen.pilot.lines[1] == "│ x                │")
    }

    @Test("the rows a partial redraw does not draw are the last frame's rows, not copies of them")
    func undrawnRowsShared() throws {
        let screen = try Screen()
        let last = screen.pilot.backend.screen
        screen.top.text = "TOP"
        screen.bottom.text = "BOTTOM"
        _ = screen.pilot.screen
        let frame = screen.pilot.backend.screen
        #expect((0..<7).map { frame.sharesRow($0, with: last) } == [true, false, true, true, true, false, true])
    }

    @Test("a widget changed twice before a render is drawn once, on its own rows")
    func damageMergedPerRender() throws {
        let screen = try Screen()
        let draws = screen.middle[1].draws
        screen.middle[1].setNeedsDisplay()
        screen.middle[1].setNeedsDisplay()
        _ = screen.pilot.screen
        #expect(screen.middle[1].draws == draws + 1)
        #expect(screen.middle[0].draws == 1 && screen.middle[2].draws == 1)
    }
}
