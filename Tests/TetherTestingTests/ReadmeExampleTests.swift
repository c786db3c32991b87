import Testing
import TetherTesting
import TetherUI

/// The README's "Testing your app" example, verbatim, so the README cannot drift.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("Typing a name shows it in its field") @MainActor
    func typingShowsTheName() throws {
        let field = TextField(), save = Button("Save")
        let form = Form()
        form.addField("Name", field)
        form.addButtons([save])
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 6))
        pilot.type("Ada")
        #expect(pilot.lines[0] == "Name  Ada")
    }
}
