import Testing
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
@Suite("Label")
struct LabelTests {
    @Test("a label shows its text")
    func shows() throws {
        let pilot = try Pilot(root: Label("Hello"), size: Size(width: 10, height: 1))
        #expect(pilot.screen == "Hello")
    }

    @Test("text wider than the label is cut with an ellipsis by display width")
    func truncatesByWidth() throws {
        let pilot = try Pilot(root: Label("中文字符串"), size: Size(width: 6, height: 1))
        #expect(pilot.screen == "中文…")
    }

    @Test("ASCII text wider than the label ends with an ellipsis in the last column")
    func truncatesASCII() throws {
        let pilot = try Pilot(root: Label("Hello world"), size: Size(width: 8, height: 1))
        #expect(pilot.screen == "Hello w…")
    }

    @Test("a wrapping label breaks long text at spaces onto more lines")
    func wraps() throws {
        let pilot = try Pilot(root: Label("one two three four", overflow: .wrap), size: Size(width: 9, height: 3))
        #expect(pilot.lines == ["one two", "three", "four"])
    }

    @Test("the rx.text binder replaces the text on screen")
    func textBinder() throws {
        let label = Label("old")
        let status = BehaviorRelay(value: "Signing in…")
        let pilot = try Pilot(root: label, size: Size(width: 20, height: 1))
        let binding = status.bind(to: label.rx.text)
        defer { binding.dispose() }
        pilot.advance(by: .zero)
        #expect(pilot.screen == "Signing in…")
        status.accept("Done")
        pilot.advance(by: .zero)
        #expect(pilot.screen == "Done")
    }

    @Test("rx.optionalText nil hides the label and a string shows it again")
    func optionalText() throws {
        let message = Label("")
        let error = BehaviorRelay<String?>(value: nil)
        let binding = error.bind(to: message.rx.optionalText)
        defer { binding.dispose() }
        let pilot = try Pilot(root: VStack([Label("top"), message, Label("bottom")]), size: Size(width: 20, height: 3))
        #expect(pilot.lines == ["top", "bottom", ""])
        error.accept("wrong password")
        pilot.advance(by: .zero)
        #expect(pilot.lines == ["top", "wrong password", "bottom"])
        error.accept(nil)
        pilot.advance(by: .zero)
        #expect(pilot.lines == ["top", "bottom", ""])
    }

    @Test("an error label draws in the theme's error style")
    func errorRole() throws {
        let pilot = try Pilot(root: Label("bad", role: .error), size: Size(width: 5, height: 1))
        #expect(pilot.backend.screen[0, 0].style == Theme.default.error)
    }
}
