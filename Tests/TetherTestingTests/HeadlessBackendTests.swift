import Testing
import TetherTesting
import TetherUI

/// A frame of `size` with `text` drawn at `point`.
@MainActor
private func frame(_ size: Size, _ text: String = "", at point: Point = .zero) -> Frame {
    let canvas = Canvas(size: size)
    canvas.put(text, at: point)
    return canvas.frame
}

@MainActor
@Suite("HeadlessBackend")
struct HeadlessBackendTests {
    @Test("a new backend has its size, a blank screen and no cursor")
    func initialState() {
        let backend = HeadlessBackend(size: Size(width: 4, height: 2), colors: 16, mouse: false)
        #expect(backend.size == Size(width: 4, height: 2))
        #expect(backend.capabilities == TerminalCapabilities(colors: 16, mouse: false))
        #expect(backend.text == "\n")
        #expect(backend.cursor == nil)
        #expect(!backend.isRunning)
    }

    @Test("the screen text trims trailing spaces on each row")
    func trimsTrailingSpaces() {
        let backend = HeadlessBackend(size: Size(width: 8, height: 2))
        backend.present(frame(Size(width: 8, height: 2), "a b  ", at: Point(x: 1, y: 1)), cursor: nil)
        #expect(backend.text == "\n a b")
    }

    @Test("the screen text keeps leading and inner spaces")
    func keepsInnerSpaces() {
        let backend = HeadlessBackend(size: Size(width: 8, height: 1))
        backend.present(frame(Size(width: 8, height: 1), "x  y", at: Point(x: 2, y: 0)), cursor: nil)
        #expect(backend.text == "  x  y")
    }

    @Test("present records the cursor, and nil hides it")
    func cursor() {
        let backend = HeadlessBackend(size: Size(width: 4, height: 2))
        backend.present(frame(Size(width: 4, height: 2)), cursor: Point(x: 2, y: 1))
        #expect(backend.cursor == Point(x: 2, y: 1))
        backend.present(frame(Size(width: 4, height: 2)), cursor: nil)
        #expect(backend.cursor == nil)
    }

    @Test("the first present writes every cell and an identical one writes none")
    func diffing() {
        let backend = HeadlessBackend(size: Size(width: 5, height: 2))
        backend.present(frame(Size(width: 5, height: 2), "hi"), cursor: nil)
        #expect(backend.cellsWritten == 10)
        backend.present(frame(Size(width: 5, height: 2), "hi"), cursor: nil)
        #expect(backend.cellsWritten == 10)
        #expect(backend.presentCount == 2)
    }

    @Test("a present writes only the cells that changed")
    func writesChanges() {
        let backend = HeadlessBackend(size: Size(width: 5, height: 2))
        backend.present(frame(Size(width: 5, height: 2), "hi"), cursor: nil)
        backend.present(frame(Size(width: 5, height: 2), "ho"), cursor: nil)
        #expect(backend.cellsWritten == 11)
    }

    @Test("resize changes the size, tells the handler, and makes the next present write everything")
    func resize() throws {
        let backend = HeadlessBackend(size: Size(width: 4, height: 1))
        var events: [TerminalEvent] = []
        try backend.start { events.append($0) }
        backend.present(frame(Size(width: 4, height: 1)), cursor: nil)
        backend.resize(to: Size(width: 6, height: 2))
        #expect(backend.size == Size(width: 6, height: 2))
        #expect(events == [.resized(Size(width: 6, height: 2))])
        backend.present(frame(Size(width: 6, height: 2)), cursor: nil)
        #expect(backend.cellsWritten == 4 + 12)
    }

    @Test("send delivers events to the handler while running, and nothing after stop")
    func sendAndStop() throws {
        let backend = HeadlessBackend()
        var events: [TerminalEvent] = []
        try backend.start { events.append($0) }
        #expect(backend.isRunning)
        backend.send(.input(.key(.enter)))
        backend.stop()
        backend.send(.input(.key(.tab)))
        #expect(!backend.isRunning)
        #expect(events == [.input(.key(.enter))])
    }

    @Test("suspend counts the suspension and asks for a full redraw")
    func suspend() throws {
        let backend = HeadlessBackend(size: Size(width: 3, height: 1))
        var events: [TerminalEvent] = []
        try backend.start { events.append($0) }
        backend.present(frame(Size(width: 3, height: 1), "abc"), cursor: nil)
        backend.suspend()
        #expect(backend.suspendCount == 1)
        #expect(events == [.redrawNeeded])
        backend.present(frame(Size(width: 3, height: 1), "abc"), cursor: nil)
        #expect(backend.cellsWritten == 6)
    }

    @Test("wide graphemes show once in the text, their continuation cell skipped")
    func wideText() {
        let backend = HeadlessBackend(size: Size(width: 6, height: 1))
        backend.present(frame(Size(width: 6, height: 1), "中a"), cursor: nil)
        #expect(backend.text == "中a")
    }

    @Test("a row that changed outside the changed-rows hint is recorded as a violation")
    func wrongHintIsCaught() {
        let size = Size(width: 6, height: 4)
        let backend = HeadlessBackend(size: size)
        backend.present(frame(size, "a"), cursor: nil)
        backend.present(frame(size, "b", at: Point(x: 0, y: 2)), cursor: nil, changedRows: 2..<4)
        #expect(backend.hintViolations == ["frame 2: row 0 changed outside the hinted rows 2..<4"])
    }

    @Test("a hint that covers every changed row, or no hint, records no violation")
    func rightHintPasses() {
        let size = Size(width: 6, height: 4)
        let backend = HeadlessBackend(size: size)
        backend.present(frame(size, "a"), cursor: nil)
        backend.present(frame(size, "b", at: Point(x: 0, y: 1)), cursor: nil, changedRows: 0..<2)
        backend.present(frame(size, "c", at: Point(x: 0, y: 3)), cursor: nil)
        #expect(backend.hintViolations.isEmpty)
        #expect(backend.text == "\n\n\nc")
    }

    @Test("the pilot records a test issue when a frame changes rows outside its hint")
    func pilotFailsOnWrongHint() throws {
        let pilot = try Pilot(root: Label("top"), size: Size(width: 6, height: 2))
        withKnownIssue("row 0 changed outside the hint 1..<2") {
            pilot.backend.present(frame(Size(width: 6, height: 2), "x"), cursor: nil, changedRows: 1..<2)
            _ = pilot.screen
        } matching: { issue in
            "\(issue)".contains("row 0 changed outside the hinted rows 1..<2")
        }
    }
}
