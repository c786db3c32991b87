import Testing
import TetherTesting
import TetherUI

@MainActor
@Suite("Label links")
struct LabelLinkTests {
    @Test("a label with a link shows its text, and its cells carry the link")
    func linkedLabelShowsText() throws {
        let pilot = try Pilot(root: Label("Docs", link: "https://example.com/docs"), size: Size(width: 10, height: 1))
        #expect(pilot.screen == "Docs")
        #expect(pilot.backend.screen[0, 0].style.link == "https://example.com/docs")
        #expect(pilot.backend.screen[3, 0].style.link == "https://example.com/docs")
        #expect(pilot.backend.screen[4, 0].style.link == nil)
    }

    @Test("removing a label's link redraws its cells without it")
    func removingTheLinkRedraws() throws {
        let label = Label("Docs", link: "https://example.com/docs")
        let pilot = try Pilot(root: label, size: Size(width: 10, height: 1))
        label.link = nil
        pilot.advance(by: .zero)
        #expect(pilot.screen == "Docs")
        #expect(pilot.backend.screen[0, 0].style.link == nil)
    }
}
