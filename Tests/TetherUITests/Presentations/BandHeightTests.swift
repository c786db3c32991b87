import Testing
import TetherReactive
import TetherTesting
@testable import TetherUI

/// How an inline band fits the tree (``Widget/contentHeight(for:)``): through any widget
/// that fills what it is offered, not only a ``Center`` at the root.
@Suite("Inline band height")
@MainActor
struct BandHeightTests {
    private func run(_ root: Widget) throws -> HeadlessBand {
        let band = HeadlessBand(terminal: Size(width: 30, height: 20))
        let app = Application(root: root, backend: band, scheduler: TestScheduler())
        try app.start()
        app.renderIfNeeded()
        return band
    }

    @Test("a centred label takes one row of the band, not the terminal's twenty")
    func centreAtTheRoot() throws {
        #expect(try run(Center(Label("Hello"))).size.height == 1)
    }

    @Test("a centre inside padding takes its content's rows and the padding's")
    func paddedCentre() throws {
        let band = try run(Padding(Insets(vertical: 1), Center(Label("Hello"))))
        #expect(band.size.height == 3)
        #expect(band.lines[1].contains("Hello"))
    }

    @Test("a centre inside a panel takes its content's rows and the border's")
    func centreInPanel() throws {
        #expect(try run(Panel(title: "T", Center(Label("Hello")))).size.height == 3)
    }

    @Test("a centre above a footer takes its content's rows and the footer's")
    func centreAboveFooter() throws {
        #expect(try run(FooterLayout(Center(Label("Hello")), footer: Label("keys"))).size.height == 2)
    }
}
