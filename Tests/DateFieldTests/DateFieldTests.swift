import Foundation
import Testing
import TetherDateField
import TetherReactive
import TetherTesting
import TetherUI

@MainActor
@Suite("DateField")
struct DateFieldTests {
    @Test("the field shows its date as day/month/year after the label")
    func drawing() throws {
        let screen = DateFieldForm()
        let pilot = try screen.pilot()
        #expect(pilot.lines[0] == "Born  27/11/2026")
    }

    @Test("Up and Down change the day, which wraps within its month")
    func upDownDay() throws {
        let screen = DateFieldForm(date: DateComponents(year: 2026, month: 2, day: 28))
        let pilot = try screen.pilot()
        pilot.press(.up)
        #expect(pilot.lines[0] == "Born  01/02/2026")
        pilot.press(.down, .down)
        #expect(pilot.lines[0] == "Born  27/02/2026")
    }

    @Test("Right moves to the month and the year, Left back, and Up changes the focused segment")
    func segments() throws {
        let screen = DateFieldForm()
        let pilot = try screen.pilot()
        pilot.press(.right)
        #expect(screen.field.focusedSegment == .month)
        pilot.press(.up)
        #expect(pilot.lines[0] == "Born  27/12/2026")
        pilot.press(.right, .down)
        #expect(pilot.lines[0] == "Born  27/12/2025")
        pilot.press(.left, .up)
        #expect(pilot.lines[0] == "Born  27/01/2025")
    }

    @Test("the caret sits on the focused segment")
    func caret() throws {
        let screen = DateFieldForm()
        let pilot = try screen.pilot()
        #expect(pilot.cursor == Point(x: 6, y: 0))
        pilot.press(.right, .right)
        #expect(pilot.cursor == Point(x: 12, y: 0))
    }

    @Test("typed digits fill the day, the month and the year in turn")
    func typedDigits() throws {
        let screen = DateFieldForm()
        let pilot = try screen.pilot()
        pilot.type("05031999")
        #expect(pilot.lines[0] == "Born  05/03/1999")
        #expect(screen.model.value == DateComponents(year: 1999, month: 3, day: 5))
    }

    @Test("a digit that no second digit could follow fills the segment and goes on")
    func earlyAdvance() throws {
        let screen = DateFieldForm()
        let pilot = try screen.pilot()
        pilot.type("42")
        #expect(pilot.lines[0] == "Born  04/02/2026")
        #expect(screen.field.focusedSegment == .year)
    }

    @Test("a year typed in part shows the digits so far and reaches the model only when whole")
    func partialYear() throws {
        let screen = DateFieldForm()
        let pilot = try screen.pilot()
        pilot.press(.right, .right)
        pilot.type("19")
        #expect(pilot.lines[0] == "Born  27/11/19__")
        #expect(screen.model.value == novemberTwentySeventh)
        pilot.type("84")
        #expect(screen.model.value == DateComponents(year: 1984, month: 11, day: 27))
    }

    @Test("a day typed in part reaches the model when the user leaves the segment")
    func partialDayEnteredOnLeaving() throws {
        let screen = DateFieldForm()
        let pilot = try screen.pilot()
        pilot.type("1")
        #expect(pilot.lines[0] == "Born  1_/11/2026")
        #expect(screen.model.value == novemberTwentySeventh)
        pilot.press(.right)
        #expect(pilot.lines[0] == "Born  01/11/2026")
        #expect(screen.model.value == DateComponents(year: 2026, month: 11, day: 1))
    }

    @Test("31 February is refused: the model keeps the last date and the row says why")
    func invalidDateRefused() throws {
        let screen = DateFieldForm(date: DateComponents(year: 2026, month: 1, day: 31))
        let pilot = try screen.pilot()
        pilot.press(.right, .up)
        #expect(pilot.lines[0] == "Born  31/02/2026")
        #expect(pilot.lines[1] == "      31 February 2026 is not a date:")
        #expect(screen.model.value == DateComponents(year: 2026, month: 1, day: 31))
        #expect(screen.field.problem == "31 February 2026 is not a date: February 2026 has 28 days.")
    }

    @Test("fixing a refused date sends it to the model and clears the message")
    func invalidDateFixed() throws {
        let screen = DateFieldForm(date: DateComponents(year: 2026, month: 1, day: 31))
        let pilot = try screen.pilot()
        pilot.press(.right, .up, .left)
        pilot.type("28")
        #expect(pilot.lines[0] == "Born  28/02/2026")
        #expect(pilot.lines[1] == "")
        #expect(screen.model.value == DateComponents(year: 2026, month: 2, day: 28))
    }

    @Test("29 February is a date in a leap year")
    func leapDay() throws {
        let screen = DateFieldForm()
        let pilot = try screen.pilot()
        pilot.type("29022028")
        #expect(screen.field.problem == nil)
        #expect(screen.model.value == DateComponents(year: 2028, month: 2, day: 29))
    }

    @Test("a year outside the field's years is refused with the range")
    func yearOutOfRange() throws {
        let screen = DateFieldForm(years: 1900...2100)
        let pilot = try screen.pilot()
        pilot.press(.right, .right)
        pilot.type("1850")
        #expect(screen.field.problem == "The year must be from 1900 to 2100.")
        #expect(screen.model.value == novemberTwentySeventh)
    }

    @Test("rx.date gives the current date, then user edits only, never a model write")
    func reportsUserEditsOnly() throws {
        let screen = DateFieldForm()
        var reported: [DateComponents] = []
        let watch = screen.field.rx.date.subscribe(onNext: { reported.append($0) })
        defer { watch.dispose() }
        let pilot = try screen.pilot()
        screen.model.accept(DateComponents(year: 2000, month: 1, day: 1))
        #expect(pilot.lines[0] == "Born  01/01/2000")
        pilot.press(.up)
        #expect(
            reported == [novemberTwentySeventh, DateComponents(year: 2000, month: 1, day: 2)])
    }

    @Test("a model write of the same day, month and year changes nothing, whatever else it holds")
    func writeGuardedByEquality() throws {
        let screen = DateFieldForm(date: DateComponents(year: 2026, month: 1, day: 31))
        let pilot = try screen.pilot()
        pilot.press(.right, .up)
        screen.model.accept(DateComponents(year: 2026, month: 1, day: 31, hour: 9))
        #expect(pilot.lines[0] == "Born  31/02/2026")
    }

    @Test("a model write replaces a refused entry and clears its message")
    func writeClearsProblem() throws {
        let screen = DateFieldForm(date: DateComponents(year: 2026, month: 1, day: 31))
        let pilot = try screen.pilot()
        pilot.press(.right, .up)
        screen.model.accept(DateComponents(year: 2027, month: 3, day: 1))
        #expect(pilot.lines[0] == "Born  01/03/2027")
        #expect(pilot.lines[1] == "")
    }

    @Test("a model write that is not a date is ignored")
    func invalidWriteIgnored() throws {
        let screen = DateFieldForm()
        let pilot = try screen.pilot()
        screen.field.date = DateComponents(year: 2026, month: 2, day: 30)
        #expect(pilot.lines[0] == "Born  27/11/2026")
    }

    @Test("key help names the segment keys while the field has focus")
    func keyHelp() throws {
        let field = DateField(date: novemberTwentySeventh)
        let form = Form()
        form.addField("Born", field)
        let root = FooterLayout(form, footer: KeyHelpBar())
        let pilot = try Pilot(root: root, size: Size(width: 60, height: 3))
        #expect(pilot.lines[2].hasPrefix("←/→ day/month/year · ↑/↓ change · Tab next"))
    }

    @Test("a keyed form field holds the date field: a user edit makes the form dirty and its validator judges the date")
    func keyedField() throws {
        let field = DateField(date: novemberTwentySeventh)
        let form = Form()
        let born = form.addField("Born", field, key: "born")
            .validate(.rule("Not born yet.") { ($0.year ?? 0) <= 2026 })
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 4))
        #expect(!form.isDirty)
        pilot.press(.right, .right, .up)
        #expect(form.isDirty)
        #expect(born.value == DateComponents(year: 2027, month: 11, day: 27))
        #expect(born.validation == .invalid("Not born yet."))
        #expect(!form.isValid)
    }

    @Test("rx.date completes when the field goes away")
    func completesWithField() throws {
        var completed = false
        do {
            let field = DateField(date: novemberTwentySeventh)
            _ = field.rx.date.subscribe(onCompleted: { completed = true })
        }
        #expect(completed)
    }
}
