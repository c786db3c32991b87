import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with fields "A" (row 0) and "B" (row 1), both starting at column 3.
@MainActor
private func twoFields(
    size: Size = Size(width: 20, height: 4), keyMap: KeyMap = .default,
    configure: (Application) -> Void = { _ in }
) throws -> (Pilot, TextField, TextField) {
    let a = TextField(), b = TextField()
    let form = Form()
    form.addField("A", a)
    form.addField("B", b)
    return (try Pilot(root: form, size: size, keyMap: keyMap, configure: configure), a, b)
}

@MainActor
@Suite("Pilot")
struct PilotTests {
    @Test("the pilot renders the app as soon as it is created")
    func rendersAtStart() throws {
        let (pilot, _, _) = try twoFields()
        #expect(pilot.lines[0] == "A")
        #expect(pilot.backend.presentCount == 1)
        #expect(pilot.backend.isRunning)
    }

    @Test("type presses one key per grapheme and the screen shows the result")
    func typeGraphemes() throws {
        let (pilot, _, _) = try twoFields()
        pilot.type("ok中")
        #expect(pilot.lines[0] == "A  ok中")
    }

    @Test("a newline in typed text presses Enter")
    func typeNewline() throws {
        var keys: [KeyEvent] = []
        let (pilot, _, _) = try twoFields { app in
            app.addKeyHandler(.beforeWidgets) {
                keys.append($0); return false
            }
        }
        pilot.type("a\n")
        #expect(keys == [.character("a"), .enter])
    }

    @Test("a tab in typed text presses Tab and moves focus")
    func typeTab() throws {
        let (pilot, _, b) = try twoFields()
        pilot.type("x\ty")
        #expect(pilot.focusedWidget === b)
        #expect(pilot.lines[1] == "B  y")
    }

    @Test("press with times presses the key that many times")
    func pressTimes() throws {
        let (pilot, _, _) = try twoFields()
        pilot.type("abcd")
        pilot.press(.backspace, times: 3)
        #expect(pilot.lines[0] == "A  a")
    }

    @Test("paste delivers the text as one paste event, not as keys")
    func pasteIsOneEvent() throws {
        var keys = 0
        let (pilot, _, _) = try twoFields { app in
            app.addKeyHandler(.beforeWidgets) { _ in
                keys += 1; return false
            }
        }
        pilot.paste("hello")
        #expect(keys == 0)
        #expect(pilot.lines[0] == "A  hello")
    }

    @Test("click(on:) clicks the widget at the given offset from its left edge")
    func clickOnWidget() throws {
        let (pilot, _, b) = try twoFields()
        pilot.click(on: b)
        #expect(pilot.focusedWidget === b)
        #expect(pilot.cursor == Point(x: 3, y: 1))
    }

    @Test("click(at:) clicks the given cell")
    func clickAt() throws {
        let (pilot, _, b) = try twoFields()
        pilot.click(at: Point(x: 10, y: 1))
        #expect(pilot.focusedWidget === b)
    }

    @Test("drag presses, moves and releases along the row")
    func dragAlongRow() throws {
        let slider = Slider(value: 0, in: 0...19)
        let form = Form()
        form.addRow(slider)
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 2))
        var values: [Double] = []
        let subscription = slider.rx.value.changed.subscribe(onNext: { values.append($0) })
        defer { subscription.dispose() }
        pilot.drag(from: Point(x: 1, y: 0), to: Point(x: 4, y: 0))
        #expect(values == [1, 2, 3])
    }

    @Test("scroll turns the wheel up for positive steps and down for negative ones")
    func scrollWheel() throws {
        let slider = Slider(value: 10, in: 0...19)
        let form = Form()
        form.addRow(slider)
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 2))
        pilot.scroll(at: .zero, steps: 2)
        #expect(slider.value == 12)
        pilot.scroll(at: .zero, steps: -3)
        #expect(slider.value == 9)
    }

    @Test("resize changes the terminal size and renders at the new size")
    func resize() throws {
        let (pilot, _, _) = try twoFields()
        pilot.resize(to: Size(width: 30, height: 6))
        #expect(pilot.backend.size == Size(width: 30, height: 6))
        #expect(pilot.lines.count == 6)
        #expect(pilot.lines[1] == "B")
    }

    @Test("advance moves virtual time, runs due timers and renders")
    func advanceTime() throws {
        let label = Label("waiting")
        let pilot = try Pilot(root: label, size: Size(width: 10, height: 1))
        let timer = pilot.scheduler.schedule(after: .seconds(2)) { label.text = "done" }
        defer { timer.dispose() }
        pilot.advance(by: .seconds(1))
        #expect(pilot.screen == "waiting")
        pilot.advance(by: .seconds(1))
        #expect(pilot.screen == "done")
        #expect(pilot.scheduler.now == .seconds(2))
    }

    @Test("settle lets pending async work on the main actor run, then renders")
    func settleRunsAsyncWork() async throws {
        let label = Label("before")
        let pilot = try Pilot(root: label, size: Size(width: 10, height: 1))
        Task { @MainActor in
            await Task.yield()
            label.text = "after"
        }
        #expect(pilot.screen == "before")
        await pilot.settle()
        #expect(pilot.screen == "after")
    }

    @Test("a model write from the test shows at the next read of lines, with no advance or settle")
    func modelWriteShowsOnRead() throws {
        let label = Label("")
        let status = BehaviorRelay(value: "old")
        let binding = status.bind(to: label.rx.text)
        defer { binding.dispose() }
        let pilot = try Pilot(root: label, size: Size(width: 10, height: 1))
        #expect(pilot.lines == ["old"])
        status.accept("new")
        #expect(pilot.lines == ["new"])
        #expect(pilot.screen == "new")
    }

    @Test("disabling the focused field from the test moves focus and the cursor at the next read")
    func modelWriteMovesCursorOnRead() throws {
        let (pilot, a, b) = try twoFields()
        #expect(pilot.cursor == Point(x: 3, y: 0))
        a.rx.isEnabled.onNext(false)
        #expect(pilot.cursor == Point(x: 3, y: 1))
        #expect(pilot.focusedWidget === b)
    }

    @Test("lines has one entry per terminal row, trailing spaces trimmed")
    func linesPerRow() throws {
        let (pilot, _, _) = try twoFields(size: Size(width: 20, height: 5))
        #expect(pilot.lines == ["A", "B", "", "", ""])
        #expect(pilot.screen == "A\nB\n\n\n")
    }

    @Test("cursor is nil when the focused widget shows no caret")
    func cursorHidden() throws {
        let form = Form()
        form.addRow(Toggle("On"))
        let pilot = try Pilot(root: form, size: Size(width: 10, height: 1))
        #expect(pilot.focusedWidget != nil)
        #expect(pilot.cursor == nil)
    }

    @Test("configure adjusts the application before it starts")
    func configureRunsFirst() throws {
        var keys = KeyMap.default
        keys.bind(.ctrl("n"), to: .focusNext)
        let (pilot, _, b) = try twoFields { app in app.keyMap = keys }
        pilot.press(.ctrl("n"))
        #expect(pilot.focusedWidget === b)
    }

    @Test("colors: 0 makes a monochrome terminal")
    func monochromeOption() throws {
        let pilot = try Pilot(root: Label("x"), colors: 0)
        #expect(pilot.backend.capabilities.colors == 0)
        #expect(pilot.app.theme == Theme.default.withoutColors)
    }

    @Test("cellsWritten grows with what each render changes")
    func cellsWrittenGrows() throws {
        let (pilot, _, _) = try twoFields()
        #expect(pilot.cellsWritten == 20 * 4)
        pilot.type("z")
        #expect(pilot.cellsWritten > 20 * 4)
    }

    @Test("runUntilIdle runs a debounce, a check waiting on the clock and the save after it in one call")
    func runUntilIdleChainsClockAndTasks() async throws {
        let scheduler = TestScheduler()
        var saved: [String] = []
        let save = Button("Save")
        let handle = BehaviorRelay(value: "")
        let command = Command<Void, Void>(enabledIf: Observable.just(true)) { () async throws in
            try await scheduler.sleep(for: .milliseconds(200))
            saved.append(handle.value)
        }
        let form = Form {
            Field("Handle", key: "handle", TextField())
                .validate(
                    AsyncValidator(debounce: .milliseconds(300)) { value in
                        try? await scheduler.sleep(for: .milliseconds(500))
                        return value == "ada" ? .invalid("taken") : .valid
                    }
                )
                .bound(to: handle)
            Buttons([save], default: save).submitting(command)
        }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 6), scheduler: scheduler)
        pilot.type("grace\t\n")
        await pilot.runUntilIdle()
        #expect(saved == ["grace"])
        #expect(scheduler.now >= .milliseconds(1_000))
    }

    @Test("runUntilIdle stops once the clock has moved its limit when a timer repeats for ever")
    func runUntilIdleStopsAtLimit() async throws {
        var ticks = 0
        let (pilot, _, _) = try twoFields()
        let timer = pilot.scheduler.schedulePeriodic(every: .milliseconds(100)) { ticks += 1 }
        defer { timer.dispose() }
        await pilot.runUntilIdle(limit: .seconds(1))
        #expect(ticks == 10)
        #expect(pilot.scheduler.now == .seconds(1))
    }
}
