import Testing
import TetherTesting
import TetherUI

/// What the application does when the terminal's answer about its background comes after
/// the first frame (`TerminalEvent.backgroundChanged`).
@MainActor
@Suite("Application: the terminal's background")
struct ApplicationBackgroundTests {
    /// A form with a field and a button, drawn with `theme` on a fresh headless terminal.
    private func makePilot(theme: Theme = .default) throws -> Pilot {
        let form = Form()
        form.addField("Name", TextField())
        form.addRow(Button("Sign in"))
        return try Pilot(root: form, size: Size(width: 30, height: 4), theme: theme)
    }

    @Test("an answer whose theme variant is the one already drawn draws and writes nothing again")
    func sameVariantDrawsNothing() throws {
        let pilot = try makePilot()
        let presents = pilot.backend.presentCount
        let cells = pilot.backend.cellsWritten
        pilot.setTerminalBackground(.dark)
        #expect(pilot.app.theme == Theme.default)
        #expect(pilot.backend.presentCount == presents)
        #expect(pilot.backend.cellsWritten == cells)
    }

    @Test("an answer that changes the theme variant draws every cell again in the new variant's colours")
    func newVariantRedraws() throws {
        let pilot = try makePilot()
        let dark = pilot.backend.screen
        let light = try makePilot(theme: Theme.default.variant(for: .light)).backend.screen
        #expect(light != dark)
        pilot.setTerminalBackground(.light)
        #expect(pilot.app.theme == Theme.default.variant(for: .light))
        #expect(pilot.backend.screen == light)
    }
}
