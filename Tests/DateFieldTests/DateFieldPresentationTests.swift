import Foundation
import Testing
import TetherDateField
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
@Suite("DateField in the accessible and scripted presentations")
struct DateFieldAccessibleTests {
    @Test("the field is asked by its label with the date as the default, and an answer reaches the model")
    func askedAndAnswered() throws {
        let screen = DateFieldForm()
        let pilot = try TranscriptPilot(root: screen.form, typed: true)
        #expect(pilot.lines.last == "Born (day/month/year) [27/11/2026]: ")
        pilot.answer("5/3/1999")
        #expect(screen.model.value == DateComponents(year: 1999, month: 3, day: 5))
        #expect(pilot.exit == .quit)
    }

    @Test("an empty answer keeps the date")
    func emptyKeeps() throws {
        let screen = DateFieldForm()
        let pilot = try TranscriptPilot(root: screen.form, typed: true)
        pilot.answer("")
        #expect(screen.model.value == novemberTwentySeventh)
        #expect(pilot.exit == .quit)
    }

    @Test("31 February is refused by ear with the reason, asked again, and a real date then accepted")
    func invalidAskedAgain() throws {
        let screen = DateFieldForm()
        let pilot = try TranscriptPilot(root: screen.form, typed: true)
        pilot.answer("31/02/2026")
        #expect(
            pilot.transcript.contains(
                "31 February 2026 is not a date: February 2026 has 28 days. Answer day/month/year, like 27/11/2026."))
        #expect(pilot.lines.last == "Born (day/month/year) [27/11/2026]: ")
        #expect(screen.model.value == novemberTwentySeventh)
        pilot.answer("2026-02-28")
        #expect(screen.model.value == DateComponents(year: 2026, month: 2, day: 28))
        #expect(pilot.exit == .quit)
    }

    @Test("an answer that is not a date at all says how to answer")
    func gibberish() throws {
        let screen = DateFieldForm()
        let pilot = try TranscriptPilot(root: screen.form, typed: true)
        pilot.answer("next tuesday")
        #expect(pilot.transcript.contains("next tuesday is not a date. Answer day/month/year, like 27/11/2026."))
        #expect(screen.model.value == novemberTwentySeventh)
    }

    @Test("scripted: piped answers fill the date and the transcript shows each prompt with its answer")
    func scripted() throws {
        let screen = DateFieldForm()
        let pilot = try TranscriptPilot(root: screen.form)
        pilot.answer("01.12.2030")
        #expect(pilot.transcript.hasPrefix("Born (day/month/year) [27/11/2026]: 01.12.2030\n"))
        #expect(screen.model.value == DateComponents(year: 2030, month: 12, day: 1))
        #expect(pilot.exit == .quit)
    }
}

@MainActor
@Suite("DateField inline")
struct DateFieldInlineTests {
    @Test("in the inline band the field draws, takes keys and shows its message like full screen")
    func inlineBand() throws {
        let screen = DateFieldForm(date: DateComponents(year: 2026, month: 1, day: 31))
        let band = HeadlessBand(terminal: Size(width: 40, height: 10))
        let app = Application(root: screen.form, backend: band, scheduler: TestScheduler())
        try app.start()
        app.renderIfNeeded()
        #expect(band.lines.first == "Born  31/01/2026")
        band.press(.right, .up)
        app.renderIfNeeded()
        #expect(band.lines.prefix(2) == ["Born  31/02/2026", "      31 February 2026 is not a date:"])
        band.press(.down)
        app.renderIfNeeded()
        #expect(band.lines.first == "Born  31/01/2026")
        #expect(screen.model.value == DateComponents(year: 2026, month: 1, day: 31))
        app.quit()
    }
}
