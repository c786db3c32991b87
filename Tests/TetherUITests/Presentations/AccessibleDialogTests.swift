import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A "Profile" panel around a form of a name, a secret and a Send button, with a status
/// row the app writes; counts the presses.
@MainActor
private final class ProfileForm {
    let form = Form()
    let name = TextField()
    let pin = SecureField(placeholder: "4 digits")
    let status = Label("", role: .error)
    let send = Button("Send")
    var sent = 0
    let bag = DisposeBag()
    lazy var root = Panel(title: "Profile", form)

    init() {
        form.addField("Name", name)
        form.addField("PIN", pin)
        form.addRow(status)
        form.addButtons([send], default: send)
        send.rx.tap.subscribe(onNext: { [unowned self] in self.sent += 1 }).disposed(by: bag)
    }
}

@MainActor
@Suite("The accessible dialog's timeline: introduction, going back, review")
struct AccessibleDialogTests {
    @Test("the panel's title and the number of questions are said before the first question")
    func introduction() throws {
        let profile = ProfileForm()
        let pilot = try TranscriptPilot(root: profile.root)
        #expect(
            pilot.lines == [
                "Profile.", "2 questions; answer < to go back to the previous one.", "Name: ",
            ])
    }

    @Test("< asks the previous question again, its answer as the default")
    func backAsksPrevious() throws {
        let profile = ProfileForm()
        let pilot = try TranscriptPilot(root: profile.root)
        pilot.answer("Ada", "<")
        #expect(pilot.lines.last == "Name [Ada]: ")
        pilot.answer("")
        #expect(profile.name.text == "Ada")
        #expect(pilot.lines.last == "PIN (hint: 4 digits; typing is hidden): ")
    }

    @Test("a toggle under a label of its own keeps its text in the question; alone, its text is the name")
    func toggleKeepsItsText() throws {
        let form = Form()
        form.addField("Proxy", Toggle("Use a proxy"))
        form.addField("", Toggle("Remember me"))
        let pilot = try TranscriptPilot(root: form)
        #expect(pilot.lines.last == "Proxy: Use a proxy [y/N]: ")
        pilot.answer("y")
        #expect(pilot.lines.last == "Remember me [y/N]: ")
    }

    @Test("a placeholder is said as a hint, never where a value goes")
    func placeholderIsAHint() throws {
        let form = Form()
        form.addField("Name", TextField(placeholder: "Ada Lovelace"))
        let pilot = try TranscriptPilot(root: form)
        #expect(pilot.lines.last == "Name (hint: Ada Lovelace): ")
    }

    @Test("< at the first question says so and asks it again")
    func backAtFirstQuestion() throws {
        let profile = ProfileForm()
        let pilot = try TranscriptPilot(root: profile.root)
        pilot.answer("<")
        #expect(pilot.lines.suffix(2) == ["This is the first question.", "Name: "])
    }

    @Test("the review lists every answer numbered, a secret as hidden, before the button's question")
    func reviewListsAnswers() throws {
        let profile = ProfileForm()
        let pilot = try TranscriptPilot(root: profile.root)
        pilot.answer("Ada", "1234")
        #expect(
            pilot.lines.suffix(5) == [
                "Your answers:", "1) Name: Ada", "2) PIN: (hidden)",
                "Type a number to change that answer, or < to go back.", "Send? [Y/n]: ",
            ])
        #expect(!pilot.transcript.contains("1234"))
    }

    @Test("a number at the review asks that answer again, then comes back to the review")
    func numberChangesAnswer() throws {
        let profile = ProfileForm()
        let pilot = try TranscriptPilot(root: profile.root)
        pilot.answer("Ada", "1234", "1")
        #expect(pilot.lines.last == "Name [Ada]: ")
        pilot.answer("Grace")
        #expect(pilot.lines.suffix(4).first == "1) Name: Grace")
        #expect(pilot.lines.last == "Send? [Y/n]: ")
        pilot.answer("y")
        #expect(profile.sent == 1)
    }

    @Test("change followed by a number works as the number alone")
    func changeWord() throws {
        let profile = ProfileForm()
        let pilot = try TranscriptPilot(root: profile.root)
        pilot.answer("Ada", "1234", "change 2")
        #expect(pilot.lines.last == "PIN (hint: 4 digits; empty keeps the current one; typing is hidden): ")
    }

    @Test("an answer at the review that is neither y, n nor a number says all three")
    func reviewOtherAnswer() throws {
        let profile = ProfileForm()
        let pilot = try TranscriptPilot(root: profile.root)
        pilot.answer("Ada", "1234", "maybe")
        #expect(
            pilot.lines.suffix(2) == [
                "Answer y to send, n to stop, or a number from 1 to 2 to change an answer.", "Send? [Y/n]: ",
            ])
    }

    @Test("a button the app disabled says the form's status after the review and waits for Enter, without looping")
    func unavailableSaysStatus() throws {
        let profile = ProfileForm()
        profile.status.text = "Too many attempts: try again in 30 s"
        profile.send.isEnabled = false
        let pilot = try TranscriptPilot(root: profile.root)
        pilot.answer("Ada", "1234")
        #expect(
            pilot.lines.suffix(4) == [
                "Type a number to change that answer, or < to go back.",
                "Send is not available now: Too many attempts: try again in 30 s.",
                "Press Enter to try again, a number to change an answer, or n to stop.", "Send? [Y/n]: ",
            ])
        profile.status.text = "Too many attempts: try again in 12 s"
        pilot.answer("")
        #expect(
            pilot.lines.suffix(3) == [
                "Send is not available now: Too many attempts: try again in 12 s.",
                "Press Enter to try again, a number to change an answer, or n to stop.", "Send? [Y/n]: ",
            ])
        #expect(pilot.exit == nil)
        profile.send.isEnabled = true
        pilot.answer("")
        #expect(profile.sent == 1)
        #expect(pilot.exit == .quit)
    }

    @Test("fields the app disabled are reviewed as not changeable, and no number is offered")
    func lockedFieldsReviewed() throws {
        let profile = ProfileForm()
        let pilot = try TranscriptPilot(root: profile.root)
        pilot.answer("Ada")
        profile.name.isEnabled = false
        profile.pin.isEnabled = false
        profile.send.isEnabled = false
        pilot.answer("1234")
        #expect(
            pilot.lines.suffix(6) == [
                "Your answers:", "1) Name: Ada (cannot be changed now)", "2) PIN: hidden (cannot be changed now)",
                "Send is not available now.", "Press Enter to try again or n to stop.", "Send? [Y/n]: ",
            ])
        pilot.answer("1")
        #expect(pilot.lines.suffix(2) == ["Name cannot be changed now.", "Send? [Y/n]: "])
    }

    @Test("input that ends at a required field names the field by its label alone, not as asked")
    func endedInputNamesTheLabel() throws {
        let form = Form()
        form.addField("City", TextField(), key: "city").required()
        let pilot = try TranscriptPilot(root: form)
        #expect(pilot.lines.last == "City (required): ")
        pilot.endInput()
        #expect(pilot.error as? AccessibleInputError == AccessibleInputError(unanswered: "City"))
    }

    @Test("Ctrl-D typed at a terminal is told to a person; the end of piped input keeps the script's wording")
    func endOfInputWording() {
        #expect(
            AccessibleInputError(unanswered: "PIN", typed: true).description
                == "stopped at PIN (Ctrl-D ends the input): nothing was submitted")
        #expect(
            AccessibleInputError(unanswered: "PIN").description
                == "input ended before the form was complete (no answer for PIN)")
    }
}

@MainActor
@Suite("Values the accessible presentation says readably")
struct ReadableValueTests {
    @Test("a text of only spaces is shown as how many spaces, not as invisible brackets")
    func spacesShownReadably() throws {
        let pilot = try makeTranscript("Username", TextField(text: "  "))
        #expect(pilot.lines.last == "Username [2 spaces]: ")
    }

    @Test("a slider answer between two steps is refused naming the steps around it")
    func sliderBetweenSteps() throws {
        let slider = Slider(value: 30, in: 5...120, step: 5)
        let pilot = try makeTranscript("Session", slider)
        pilot.answer("47")
        #expect(
            pilot.lines.suffix(2) == [
                "47 is not a step of 5: enter 45 or 50.", "Session (5 to 120 in steps of 5) [30]: ",
            ])
        #expect(slider.value == 30)
    }

    @Test("a text field offering suggestions does not read its typing placeholder")
    func suggestionsPlaceholderNotRead() throws {
        let city = TextField(placeholder: "start typing")
        city.suggestions = []
        let pilot = try makeTranscript("City", city)
        #expect(pilot.lines.last == "City: ")
    }
}
