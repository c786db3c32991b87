import Testing
import TetherTesting
import TetherUI

@MainActor
@Suite("Center")
struct CenterTests {
    @Test("a centre places its child in the middle of its space")
    func centres() throws {
        let pilot = try Pilot(root: Center(Label("ab")), size: Size(width: 6, height: 3))
        #expect(pilot.lines == ["", "  ab", ""])
    }

    @Test("a centred child that grows keeps its top-left corner")
    func growingChildStays() throws {
        let label = Label("ab")
        let pilot = try Pilot(root: Center(label), size: Size(width: 8, height: 3))
        label.text = "abcd"
        pilot.advance(by: .zero)
        #expect(pilot.lines == ["", "   abcd", ""])
    }

    @Test("a resize centres a grown child again")
    func resizeCentresAgain() throws {
        let label = Label("ab")
        let pilot = try Pilot(root: Center(label), size: Size(width: 8, height: 3))
        label.text = "abcd"
        pilot.resize(to: Size(width: 10, height: 3))
        #expect(pilot.lines == ["", "   abcd", ""])
    }

    @Test("a grown child that no longer fits from its corner is centred again")
    func overflowRecentres() throws {
        let label = Label("ab")
        let pilot = try Pilot(root: Center(label), size: Size(width: 8, height: 3))
        label.text = "abcdefg"
        pilot.advance(by: .zero)
        #expect(pilot.lines == ["", "abcdefg", ""])
    }
}
