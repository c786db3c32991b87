import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form whose only row is `slider`, on a 30-column terminal. With the values 0…100 the
/// slider is 26 columns wide: `[` at 0, the track in columns 1…20, `]` at 21, the value at 23.
@MainActor
private func makePilot(for slider: Slider) throws -> Pilot {
    let form = Form()
    form.addRow(slider)
    return try Pilot(root: form, size: Size(width: 30, height: 3))
}

@MainActor
@Suite("Slider")
struct SliderTests {
    @Test("Right raises the value by one step and Left lowers it by one")
    func arrows() throws {
        let slider = Slider(value: 50, in: 0...100, step: 5)
        let pilot = try makePilot(for: slider)
        pilot.press(.right)
        #expect(slider.value == 55)
        pilot.press(.left, .left)
        #expect(slider.value == 45)
    }

    @Test("PgUp raises the value by ten steps and PgDn lowers it by ten")
    func pages() throws {
        let slider = Slider(value: 50, in: 0...100)
        let pilot = try makePilot(for: slider)
        pilot.press(.pageUp)
        #expect(pilot.lines[0].hasSuffix(" 60"))
        pilot.press(.pageDown, .pageDown)
        #expect(pilot.lines[0].hasSuffix(" 40"))
    }

    @Test("Home and End go to the bounds")
    func bounds() throws {
        let slider = Slider(value: 50, in: 10...90)
        let pilot = try makePilot(for: slider)
        pilot.press(.home)
        #expect(pilot.lines[0].hasSuffix(" 10"))
        pilot.press(.end)
        #expect(pilot.lines[0].hasSuffix(" 90"))
    }

    @Test("keys never move the value past the bounds")
    func keysClamp() throws {
        let slider = Slider(value: 95, in: 0...100)
        let pilot = try makePilot(for: slider)
        pilot.press(.pageUp)
        #expect(pilot.lines[0].hasSuffix(" 100"))
    }

    @Test("a write outside the range is clamped to it")
    func writeClamps() throws {
        let slider = Slider(value: 50, in: 0...100)
        let pilot = try makePilot(for: slider)
        slider.rx.value.onNext(150)
        pilot.advance(by: .zero)
        #expect(pilot.lines[0].hasSuffix(" 100"))
        slider.rx.value.onNext(-3)
        pilot.advance(by: .zero)
        #expect(pilot.lines[0].hasSuffix(" 0"))
    }

    @Test("a write between steps snaps to the nearest step")
    func writeSnaps() throws {
        let slider = Slider(value: 0, in: 0...100, step: 5)
        let pilot = try makePilot(for: slider)
        slider.rx.value.onNext(12)
        pilot.advance(by: .zero)
        #expect(pilot.lines[0].hasSuffix(" 10"))
        slider.rx.value.onNext(13)
        pilot.advance(by: .zero)
        #expect(pilot.lines[0].hasSuffix(" 15"))
    }

    @Test("a click on the track sets the value under the pointer")
    func clickSets() throws {
        let slider = Slider(value: 50, in: 0...100)
        let pilot = try makePilot(for: slider)
        pilot.click(at: Point(x: 1, y: 0))
        #expect(pilot.lines[0].hasSuffix(" 0"))
        pilot.click(at: Point(x: 20, y: 0))
        #expect(pilot.lines[0].hasSuffix(" 100"))
    }

    @Test("dragging along the track follows the pointer")
    func dragSets() throws {
        let slider = Slider(value: 0, in: 0...19)
        let pilot = try makePilot(for: slider)
        pilot.drag(from: Point(x: 1, y: 0), to: Point(x: 8, y: 0))
        #expect(slider.value == 7)
    }

    @Test("the wheel adjusts the focused slider one step per notch")
    func wheel() throws {
        let slider = Slider(value: 50, in: 0...100)
        let pilot = try makePilot(for: slider)
        pilot.scroll(at: Point(x: 5, y: 0), steps: 3)
        #expect(pilot.lines[0].hasSuffix(" 53"))
        pilot.scroll(at: Point(x: 5, y: 0), steps: -5)
        #expect(pilot.lines[0].hasSuffix(" 48"))
    }

    @Test("the track shows the knob at the value's place and the formatted value after it")
    func drawing() throws {
        let slider = Slider(value: 0, in: 0...100, format: { "\(Int($0))%" })
        let pilot = try makePilot(for: slider)
        #expect(pilot.lines[0] == "[●" + String(repeating: "─", count: 19) + "] 0%")
        pilot.press(.end)
        #expect(pilot.lines[0] == "[" + String(repeating: "━", count: 19) + "●] 100%")
    }

    @Test("rx.value reports user changes but not programmatic writes")
    func reportsUserChanges() throws {
        let slider = Slider(value: 50, in: 0...100)
        var reported: [Double] = []
        let subscription = slider.rx.value.changed.subscribe(onNext: { reported.append($0) })
        defer { subscription.dispose() }
        let pilot = try makePilot(for: slider)
        pilot.press(.right)
        slider.rx.value.onNext(10)
        pilot.press(.right)
        #expect(reported == [51, 11])
    }

    @Test("rx.intValue reports whole numbers and writes set the value")
    func intValue() throws {
        let slider = Slider(value: 3, in: 0...10)
        let level = BehaviorRelay(value: 7)
        let binding = slider.rx.intValue <-> level
        defer { binding.dispose() }
        let pilot = try makePilot(for: slider)
        #expect(pilot.lines[0].hasSuffix(" 7"))
        pilot.press(.right)
        #expect(level.value == 8)
    }
}
