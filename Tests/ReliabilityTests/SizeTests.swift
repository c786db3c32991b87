import Testing
import TetherTesting
@testable import TetherUI

extension DemoScreen {
    /// What the screen must show at `size` when the terminal is big enough for it: the
    /// form's labels; the welcome panel's lines once it is wide enough for them (below,
    /// they are truncated with "…").
    func mustShow(at size: Size) -> [String] {
        switch self {
        case .form, .signingIn, .failure, .lockout: ["Username", "Password", "Remember me", "Session"]
        case .success where size.width >= 28: ["Welcome", "Signed in as demo", "Press any key to exit."]
        case .success: ["┌─", "│  ", "└─"]
        }
    }
}

/// Every screen of the demo at sizes from 1×1 to 300×100 and through a storm of resizes
/// (docs/reliability.md, "Sizes").
@MainActor
@Suite("Sizes")
struct SizeTests {
    /// Every size up to 10×10, then a grid up to 300×100 around the usual terminal sizes.
    static let sampledSizes: [Size] = {
        // A pseudo-terminal can report no size at all before it is set up.
        var sizes: [Size] = [Size(width: 0, height: 0), Size(width: 0, height: 24), Size(width: 80, height: 0)]
        for width in 1...10 { for height in 1...10 { sizes.append(Size(width: width, height: height)) } }
        let widths = [11, 15, 20, 25, 30, 36, 40, 45, 50, 60, 70, 79, 80, 81, 100, 120, 150, 200, 250, 300]
        let heights = [11, 12, 13, 14, 16, 18, 20, 23, 24, 25, 30, 40, 50, 60, 80, 100]
        for width in widths { for height in heights { sizes.append(Size(width: width, height: height)) } }
        return sizes
    }()

    /// What is wrong with the terminal after rendering at `size`, or `nil`.
    static func renderProblem(_ pilot: Pilot, at size: Size) -> String? {
        let frame = pilot.backend.screen
        if frame.size != size { return "at \(size) the screen is \(frame.size)" }
        if let problem = frame.gridProblem { return "at \(size): \(problem)" }
        if size.width > 0, size.height > 0, !frame.showsSomething { return "at \(size) the screen is blank" }
        if let cursor = pilot.cursor, !Rect(origin: .zero, size: size).contains(cursor) {
            return "at \(size) the cursor is off the screen at \(cursor)"
        }
        return nil
    }

    /// The lines the "terminal too small" message takes at `size`: wrapped to the width,
    /// each line centred, the block centred vertically.
    static func tooSmallLines(needs minimum: Size, at size: Size) -> [String] {
        let wrapped = Renderer.tooSmallMessage(size: size, needs: minimum).wrapped(toWidth: max(1, size.width))
        let top = max(0, (size.height - wrapped.count) / 2)
        return (0..<size.height).map { y in
            guard wrapped.indices.contains(y - top) else { return "" }
            let line = wrapped[y - top]
            let indent = String(repeating: " ", count: max(0, (size.width - line.terminalWidth) / 2))
            return String((indent + line).reversed().drop { $0 == " " }.reversed())
        }
    }

    /// What is wrong with what the screen shows at `size`, or `nil`: the screen's
    /// ``DemoScreen/mustShow(at:)`` when the tree fits, else exactly the "too small" message.
    static func contentProblem(_ demo: Demo, _ which: DemoScreen, at size: Size) -> String? {
        guard size.width > 0, size.height > 0 else { return nil }
        let minimum = demo.pilot.app.root.minimumSize
        if size.width < minimum.width || size.height < minimum.height {
            let expected = tooSmallLines(needs: minimum, at: size)
            return demo.pilot.lines == expected ? nil : "at \(size) expected \(expected), got \(demo.pilot.lines)"
        }
        let screen = demo.pilot.screen
        let missing = which.mustShow(at: size).filter { !screen.contains($0) }
        return missing.isEmpty ? nil : "at \(size) (fits \(minimum)) missing \(missing) in:\n\(screen)"
    }

    @Test(
        "every screen renders a well-formed grid showing its fields, or 'terminal too small', at every size up to 10×10 and on a grid up to 300×100",
        arguments: DemoScreen.allCases)
    func rendersAtSampledSizes(_ which: DemoScreen) async throws {
        let demo = try await which.make()
        var problems: [String] = []
        for size in Self.sampledSizes {
            // The main actor is shared with every other suite's sessions: let them run.
            await Task.yield()
            demo.pilot.resize(to: size)
            if let problem = Self.renderProblem(demo.pilot, at: size) ?? Self.contentProblem(demo, which, at: size) {
                problems.append(problem)
            }
        }
        #expect(problems.isEmpty, "\(problems.count) sizes failed, first: \(problems.prefix(3))")
        print("Sizes: \(which) rendered at \(Self.sampledSizes.count) sizes")
    }

    @Test(
        "after a storm of 1,000 random resizes, back at 80×24 every screen shows the same, with text, carets and focus intact",
        arguments: DemoScreen.allCases)
    func survivesResizeStorm(_ which: DemoScreen) async throws {
        let demo = try await which.make()
        let before = DemoState(demo)
        var seed = SplitMix(state: 0x5712E + UInt64(which.rawValue.count))
        var problems: [String] = []
        for _ in 0..<1_000 {
            await Task.yield()
            let size =
                seed.chance(80)
                ? Size(width: 1 + seed.below(160), height: 1 + seed.below(50))
                : Size(width: 1 + seed.below(300), height: 1 + seed.below(100))
            demo.pilot.resize(to: size)
            if let problem = Self.renderProblem(demo.pilot, at: size) { problems.append(problem) }
        }
        demo.pilot.resize(to: Size(width: 80, height: 24))
        #expect(problems.isEmpty, "\(problems.count) resizes failed, first: \(problems.prefix(5))")
        let after = DemoState(demo)
        #expect(after == before, "before:\n\(before.screen)\nafter:\n\(after.screen)")
    }

    @Test("a click on the 'terminal too small' message changes nothing behind it")
    func clickWhileTooSmallDoesNothing() async throws {
        let demo = try await DemoScreen.form.make()
        let remember = demo.screen.remember.frame
        demo.pilot.resize(to: Size(width: 20, height: 5))
        #expect(demo.pilot.screen.contains("too small"))
        demo.pilot.click(at: Point(x: remember.minX, y: remember.minY))
        #expect(demo.screen.remember.isOn == false)
        #expect(demo.pilot.focusedWidget === demo.screen.password)
    }

    @Test("an unfocused field scrolled by a narrow terminal shows its whole text again back at 80×24")
    func unfocusedFieldScrollsBack() async throws {
        let demo = try Demo()
        demo.fill(username: "ada@example.com", password: "analytical")
        let minimum = demo.pilot.app.root.minimumSize
        let before = demo.pilot.screen
        #expect(before.contains("ada@example.com"))
        for size in [minimum, Size(width: 30, height: 8), Size(width: 80, height: 24)] { demo.pilot.resize(to: size) }
        #expect(demo.pilot.screen == before)
    }
}
