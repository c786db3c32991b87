import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with a text field (row 0) and a row of `buttons` (row 1, from column 6).
@MainActor
private func makePilot(_ buttons: [Button], field: TextField = TextField()) throws -> Pilot {
    let form = Form()
    form.addField("Name", field)
    form.addButtons(buttons)
    return try Pilot(root: form, size: Size(width: 40, height: 4))
}

@MainActor
@Suite("Button")
struct ButtonTests {
    @Test("a button is drawn as its title in brackets")
    func drawn() throws {
        let pilot = try makePilot([Button("Save"), Button("Cancel")])
        #expect(pilot.lines[1] == "      [ Save ] [ Cancel ]")
    }

    @Test("Enter on a focused button fires rx.tap")
    func enterFires() throws {
        let button = Button("Save")
        var taps = 0
        let subscription = button.rx.tap.subscribe(onNext: { taps += 1 })
        defer { subscription.dispose() }
        let pilot = try makePilot([button])
        pilot.press(.tab, .enter)
        #expect(taps == 1)
    }

    @Test("Space on a focused button fires rx.tap")
    func spaceFires() throws {
        let button = Button("Save")
        var taps = 0
        let subscription = button.rx.tap.subscribe(onNext: { taps += 1 })
        defer { subscription.dispose() }
        let pilot = try makePilot([button])
        pilot.press(.tab, .space)
        #expect(taps == 1)
    }

    @Test("a click fires rx.tap and focuses the button")
    func clickFires() throws {
        let button = Button("Save")
        var taps = 0
        let subscription = button.rx.tap.subscribe(onNext: { taps += 1 })
        defer { subscription.dispose() }
        let pilot = try makePilot([button])
        pilot.click(on: button, offset: 2)
        #expect(taps == 1)
        #expect(pilot.focusedWidget === button)
    }

    @Test("a disabled button does not fire on a click")
    func disabledDoesNotFire() throws {
        let button = Button("Save")
        button.isEnabled = false
        var taps = 0
        let subscription = button.rx.tap.subscribe(onNext: { taps += 1 })
        defer { subscription.dispose() }
        let pilot = try makePilot([button])
        pilot.click(on: button, offset: 2)
        pilot.press(.enter)
        #expect(taps == 0)
    }

    @Test("focus skips a disabled button")
    func disabledSkipped() throws {
        let save = Button("Save"), help = Button("Help"), cancel = Button("Cancel")
        help.isEnabled = false
        let pilot = try makePilot([save, help, cancel])
        pilot.press(.tab)
        #expect(pilot.focusedWidget === save)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === cancel)
    }

    @Test("a button bound to a command runs it on tap")
    func commandRuns() throws {
        var runs = 0
        let command = Command<Void, Void> { () -> Observable<Void> in
            runs += 1
            return .just(())
        }
        let button = Button("Save")
        button.bind(command)
        let pilot = try makePilot([button])
        pilot.press(.tab, .enter)
        #expect(runs == 1)
    }

    @Test("a button bound to a command follows the command's enabled state")
    func commandEnabled() throws {
        let allowed = BehaviorRelay(value: false)
        var runs = 0
        let command = Command<Void, Void>(enabledIf: allowed) { () -> Observable<Void> in
            runs += 1
            return .just(())
        }
        let button = Button("Save")
        button.bind(command)
        let field = TextField()
        let pilot = try makePilot([button], field: field)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === field)
        #expect(pilot.backend.screen[8, 1].style == Theme.default.disabled)
        allowed.accept(true)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === button)
        pilot.press(.enter)
        #expect(runs == 1)
    }

    @Test("a focused button its run disabled gets focus back when the run fails")
    func focusBackAfterFailedRun() throws {
        struct Refused: Error {}
        let outcome = PublishSubject<Void>()
        let command = Command<Void, Void> { () -> Observable<Void> in outcome.asObservable() }
        let save = Button("Save"), cancel = Button("Cancel")
        save.bind(command)
        let pilot = try makePilot([save, cancel])
        pilot.press(.tab, .enter)
        #expect(pilot.focusedWidget === cancel)
        outcome.onError(Refused())
        #expect(pilot.focusedWidget === save)
    }

    @Test("a button whose run ends at once keeps focus")
    func focusKeptAfterSynchronousRun() throws {
        let command = Command<Void, Void> { () -> Observable<Void> in .error(CommandError.disabled) }
        let save = Button("Save"), cancel = Button("Cancel")
        save.bind(command)
        let pilot = try makePilot([save, cancel])
        pilot.press(.tab, .enter)
        #expect(pilot.focusedWidget === save)
    }

    @Test("focus the person moved during a run stays where they put it when the run ends")
    func focusMovedDuringRunStays() throws {
        let outcome = PublishSubject<Void>()
        let command = Command<Void, Void> { () -> Observable<Void> in outcome.asObservable() }
        let save = Button("Save"), cancel = Button("Cancel")
        let field = TextField()
        save.bind(command)
        let pilot = try makePilot([save, cancel], field: field)
        pilot.press(.tab, .enter)
        pilot.press(.tab)
        #expect(pilot.focusedWidget === field)
        outcome.onCompleted()
        #expect(pilot.focusedWidget === field)
    }

    @Test("a busy button is as wide as an idle one: the button beside it does not move")
    func busyKeepsWidth() throws {
        let command = Command<Void, Void> { () -> Observable<Void> in .never() }
        let save = Button("Save")
        save.bind(command)
        let pilot = try makePilot([save, Button("Reset")])
        func resetColumn() -> Int? {
            let line = pilot.lines[1]
            return line.firstRange(of: "[ Reset ]").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        let idle = try #require(resetColumn())
        pilot.press(.tab, .enter)
        #expect(pilot.lines[1].contains("⠋ Save"))
        #expect(resetColumn() == idle, "\(pilot.lines[1])")
        command.cancelAll()
    }

    @Test("a button shows a spinner frame while its command executes, advancing every 80 ms")
    func spinner() throws {
        let command = Command<Void, Void> { () -> Observable<Void> in .never() }
        let button = Button("Save")
        button.bind(command)
        let pilot = try makePilot([button])
        #expect(pilot.lines[1] == "      [ Save ]")
        pilot.press(.tab, .enter)
        #expect(pilot.lines[1] == "      [⠋ Save]")
        pilot.advance(by: .milliseconds(80))
        #expect(pilot.lines[1] == "      [⠙ Save]")
        command.cancelAll()
        pilot.advance(by: .zero)
        #expect(pilot.lines[1] == "      [ Save ]")
    }

    @Test("the spinner's frames count the button's own ticks from when its command started, not the clock")
    func spinnerCountsItsOwnTicks() throws {
        let command = Command<Void, Void> { () -> Observable<Void> in .never() }
        let button = Button("Save")
        button.bind(command)
        let pilot = try makePilot([button])
        pilot.advance(by: .milliseconds(50))
        pilot.press(.tab, .enter)
        pilot.advance(by: .milliseconds(40))
        pilot.resize(to: Size(width: 41, height: 4))  // a full redraw between two ticks
        #expect(pilot.lines[1] == "      [⠋ Save]")
        pilot.advance(by: .milliseconds(40))
        #expect(pilot.lines[1] == "      [⠙ Save]")
        command.cancelAll()
    }

    @Test("an async command body completes after the pilot settles, and the spinner goes")
    func asyncCommand() async throws {
        var finished = false
        let command = Command<Void, Void> { () async throws in
            await Task.yield()
            finished = true
        }
        let button = Button("Save")
        button.bind(command)
        let pilot = try makePilot([button])
        pilot.press(.tab, .enter)
        #expect(!finished)
        #expect(pilot.lines[1] == "      [⠋ Save]")
        await pilot.settle()
        #expect(finished)
        #expect(pilot.lines[1] == "      [ Save ]")
    }
}
