import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with a name field whose error follows `message`, and a mail field under it.
@MainActor
private func nameAndMail(message: BehaviorRelay<String?>, bag: DisposeBag) -> Form {
    let form = Form()
    let name = form.addField("Name", TextField(text: "x"))
    form.addField("Mail", TextField(text: "y"))
    message.bind(to: name.rx.error).disposed(by: bag)
    return form
}

/// A form with an Age whose any text is refused with a 34-column message, and a Name under
/// it, keeping `messageWidth` columns for messages.
@MainActor
private func ageAndName(messageWidth: Int) -> Form {
    let form = Form {
        Field("Age", key: "age", TextField(width: 6))
            .validate(
                Validator { (text: String) in text.isEmpty ? .valid : .invalid("Enter a whole number from 0 to 150") })
        Field("Name", key: "name", TextField(width: 6))
    }
    form.messageWidth = messageWidth
    return form
}

/// The error row of a form field, made when the first message is shown, in each presentation.
@MainActor
@Suite("Form error rows")
struct FormErrorRowTests {
    @Test("full screen: an error shown, hidden and shown again never moves the later rows")
    func fullScreenAgain() throws {
        let message = BehaviorRelay<String?>(value: nil)
        let bag = DisposeBag()
        let pilot = try Pilot(root: nameAndMail(message: message, bag: bag), size: Size(width: 30, height: 4))
        message.accept("too short")
        pilot.advance(by: .zero)
        message.accept(nil)
        pilot.advance(by: .zero)
        #expect(Array(pilot.lines[0...2]) == ["Name  x", "", "Mail  y"])
        message.accept("required")
        pilot.advance(by: .zero)
        #expect(Array(pilot.lines[0...2]) == ["Name  x", "      required", "Mail  y"])
    }

    @Test(
        "inline: the band keeps a row for a bound error from the start, so a message coming or going changes no height")
    func inlineBand() throws {
        let message = BehaviorRelay<String?>(value: nil)
        let bag = DisposeBag()
        let band = HeadlessBand(terminal: Size(width: 30, height: 10))
        let app = Application(
            root: nameAndMail(message: message, bag: bag), backend: band, scheduler: TestScheduler())
        try app.start()
        app.renderIfNeeded()
        #expect(band.lines == ["Name  x", "", "Mail  y"])
        message.accept("too short")
        app.renderIfNeeded()
        #expect(band.lines == ["Name  x", "      too short", "Mail  y"])
        message.accept(nil)
        app.renderIfNeeded()
        #expect(band.lines == ["Name  x", "", "Mail  y"])
        app.quit()
    }

    @Test("a required field keeps an empty row for its message, so a message coming moves nothing")
    func requiredKeepsRow() throws {
        let form = Form()
        form.addField("Name", TextField(), key: "name").required()
        form.addField("Mail", TextField(text: "y"))
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 4))
        #expect(Array(pilot.lines[0...2]) == ["Name *", "", "Mail    y"])
        pilot.press(.tab)
        #expect(Array(pilot.lines[0...2]) == ["Name *", "        Name is required", "Mail    y"])
    }

    @Test("a form taller than its space keeps no empty message rows")
    func tallFormKeepsNone() throws {
        let form = Form()
        form.addField("Name", TextField(), key: "name").required()
        form.addField("Mail", TextField(text: "y"))
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 2))
        #expect(pilot.lines == ["Name *", "Mail    y"])
    }

    @Test("accessible: a field whose first error appears on leaving it is told the error and asked again")
    func accessibleFirstError() throws {
        let form = Form()
        let nameField = TextField()
        let name = form.addField("Name", nameField)
        let bag = DisposeBag()
        nameField.rx.text.map { $0.count < 3 ? "Name is too short" : nil }.skip(1)
            .bind(to: name.rx.error).disposed(by: bag)
        let pilot = try TranscriptPilot(root: form)
        pilot.answer("ab")
        #expect(pilot.lines == ["Name: ab", "Name is too short.", "Name: "])
    }

    @Test("a message that comes or goes moves no column: a centred panel keeps its place and width")
    func messageMovesNoColumn() throws {
        let form = Form {
            Field("Age", key: "age", TextField(width: 6))
                .validate(
                    Validator { (text: String) in
                        text.count < 4 ? .valid : .invalid("Enter a whole number from 0 to 150")
                    })
            Field("Name", key: "name", TextField(width: 10))
        }
        let pilot = try Pilot(root: Center(Panel(title: "Sign up", form)), size: Size(width: 70, height: 10))
        let border = try #require(pilot.lines.first { $0.contains("┌") })
        pilot.type("12345\t")
        #expect(pilot.screen.contains("Enter a whole number from 0 to 150"), "\(pilot.screen)")
        #expect(pilot.lines.first { $0.contains("┌") } == border, "\(pilot.screen)")
    }

    @Test("a message longer than the form's message column wraps within it, never widening the form")
    func longMessageWraps() throws {
        let form = ageAndName(messageWidth: 20)
        let pilot = try Pilot(root: Center(form), size: Size(width: 60, height: 6))
        pilot.type("x\t")
        #expect(form.frame.width == 6 + 20)
        let lines = pilot.lines.map { $0.trimmingPrefix(while: { $0 == " " }) }
        #expect(lines.contains("Enter a whole number") && lines.contains("from 0 to 150"), "\(pilot.lines)")
    }

    @Test("a message that took two rows keeps them when it goes, so it coming back or going again moves nothing")
    func wrappedMessageKeepsItsRows() throws {
        let form = ageAndName(messageWidth: 20)
        form.validationTiming = .live
        let pilot = try Pilot(root: Center(form), size: Size(width: 60, height: 8))
        func nameRow() -> Int? { pilot.lines.firstIndex { $0.contains("Name") } }
        let before = try #require(nameRow())
        pilot.type("x")
        let shown = try #require(nameRow())
        #expect(shown == before + 1, "the first two-row message moves the rows below once")
        pilot.press(.backspace)
        #expect(!pilot.screen.contains("Enter a whole"))
        #expect(nameRow() == shown)
        pilot.type("y")
        #expect(pilot.screen.contains("from 0 to 150"))
        #expect(nameRow() == shown)
    }

    @Test("a rule's message known ahead that wraps keeps its rows from the start: its first showing moves nothing")
    func ruleMessageKeptFromStart() throws {
        try expectFirstMessageMovesNothing(
            Form {
                Field("Age", key: "age", TextField(width: 6))
                    .validate(.rule("Enter a whole number from 0 to 150") { $0.isEmpty })
                Field("Name", key: "name", TextField(width: 6))
            })
    }

    @Test("a typed field's message that wraps keeps its rows from the start: its first showing moves nothing")
    func typedMessageKeptFromStart() throws {
        try expectFirstMessageMovesNothing(
            Form {
                Field("Age", key: "age", TextField(width: 6), as: .integer(in: 0...150), value: 30)
                Field("Name", key: "name", TextField(width: 6))
            }, typing: "9\t", shows: "between 0 and 150")
    }

    /// Types `text` into the first field of `form` (messages 20 columns wide, shown live) and
    /// expects its message (ending `shown`) without the Name row under it moving.
    private func expectFirstMessageMovesNothing(
        _ form: Form, typing text: String = "x", shows shown: String = "from 0 to 150"
    ) throws {
        form.messageWidth = 20
        form.validationTiming = .live
        let pilot = try Pilot(root: Center(form), size: Size(width: 60, height: 8))
        func nameRow() -> Int? { pilot.lines.firstIndex { $0.contains("Name") } }
        let before = try #require(nameRow())
        pilot.type(text)
        #expect(pilot.screen.contains(shown), "\(pilot.screen)")
        #expect(nameRow() == before, "\(pilot.screen)")
    }

    @Test("keepRoom(for:) keeps rows for the longest message the app will set, so the first one moves nothing")
    func keepRoomForAppMessages() throws {
        let message = BehaviorRelay<String?>(value: nil)
        let bag = DisposeBag()
        let form = Form()
        let born = form.addField("Born", TextField(width: 10))
            .keepRoom(for: "31 November 2026 is not a date: November has 30 days.")
        form.addField("Name", TextField(width: 10))
        form.messageWidth = 30
        message.bind(to: born.rx.error).disposed(by: bag)
        let pilot = try Pilot(root: Center(form), size: Size(width: 60, height: 8))
        func nameRow() -> Int? { pilot.lines.firstIndex { $0.contains("Name") } }
        let before = try #require(nameRow())
        message.accept("31 April 2026 is not a date: April has 30 days.")
        pilot.renderChanges()
        #expect(pilot.screen.contains("April has 30 days."), "\(pilot.screen)")
        #expect(nameRow() == before, "\(pilot.screen)")
    }

    @Test("the form's message row keeps room for its longest summary, so Enter's summary moves nothing under the form")
    func summaryKeptFromStart() throws {
        let form = Form()
        form.addField("Username", TextField(width: 8), key: "username").required()
        form.addField("Password", SecureField(width: 8), key: "password").required()
        let save = Button("Sign in")
        form.addButtons([save], default: save)
        save.bind(form.submitCommand(running: Command<Void, Void>(body: {})))
        form.messageWidth = 20
        let pilot = try Pilot(root: VStack([form, Label("under the form")]), size: Size(width: 40, height: 16))
        func underRow() -> Int? { pilot.lines.firstIndex { $0.contains("under the form") } }
        let before = try #require(underRow())
        pilot.press(.tab, .enter)
        #expect(pilot.screen.contains("Username, Password"), "\(pilot.screen)")
        #expect(underRow() == before, "\(pilot.screen)")
    }
}
