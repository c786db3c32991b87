import Testing
import TetherReactive
import TetherTesting
import TetherUI

private enum Contact: String, Hashable, CaseIterable {
    case email = "Email"
    case sms = "SMS"
    case post = "Post"
}

/// A form of one field labelled `label`, in the accessible presentation (no default button:
/// the run ends once the field is answered).
@MainActor
func makeTranscript(_ label: String, _ widget: Widget) throws -> TranscriptPilot {
    let form = Form()
    form.addField(label, widget)
    return try TranscriptPilot(root: form)
}

@MainActor
@Suite("Picker and Dropdown in the accessible presentation")
struct SingleChoicePromptTests {
    let countries = [germany, france, spain]

    @Test("a picker lists its options numbered and a number chooses one as the user, reported through <->")
    func pickerNumberChooses() throws {
        let picker = Picker(options: countries, selection: france, title: \.name)
        let model = BehaviorRelay<Country?>(value: france)
        let binding = picker.rx.selection <-> model
        defer { binding.dispose() }
        let pilot = try makeTranscript("Country", picker)
        pilot.answer("3")
        #expect(
            pilot.transcript == """
                Country: 3 options.
                1) Germany
                2) France
                3) Spain
                Country (a number from 1 to 3) [France]: 3

                """)
        #expect(model.value == spain)
        #expect(pilot.exit == .quit)
    }

    @Test("a picker takes an option's exact title, ignoring case")
    func pickerTitleChooses() throws {
        let picker = Picker(options: countries, title: \.name)
        let pilot = try makeTranscript("Country", picker)
        pilot.answer("  germany ")
        #expect(picker.selection == germany)
    }

    @Test("a number outside the list is said once and only the prompt line is repeated, not the options")
    func pickerOutOfRange() throws {
        let picker = Picker(options: countries, selection: france, title: \.name)
        let pilot = try makeTranscript("Country", picker)
        pilot.answer("7")
        #expect(
            pilot.lines.suffix(3) == [
                "Country (a number from 1 to 3) [France]: 7", "There is no option 7: enter a number from 1 to 3.",
                "Country (a number from 1 to 3) [France]: ",
            ])
        #expect(picker.selection == france)
        #expect(pilot.exit == nil)
    }

    @Test("an empty answer keeps the picker's current choice")
    func pickerEmptyKeeps() throws {
        let picker = Picker(options: countries, selection: france, title: \.name)
        let model = BehaviorRelay<Country?>(value: france)
        var reported = 0
        let binding = picker.rx.selection <-> model
        let watch = picker.rx.selection.changed.subscribe(onNext: { _ in reported += 1 })
        defer {
            binding.dispose()
            watch.dispose()
        }
        let pilot = try makeTranscript("Country", picker)
        pilot.answer("")
        #expect(picker.selection == france)
        #expect(reported == 0)
        #expect(pilot.exit == .quit)
    }

    @Test("a disabled option is listed as not available and refused")
    func pickerDisabledRefused() throws {
        let picker = Picker(options: countries, title: \.name)
        picker.disabledOptions = [france]
        let pilot = try makeTranscript("Country", picker)
        pilot.answer("2")
        #expect(pilot.transcript.hasPrefix("Country: 3 options.\n1) Germany\n2) France (not available)\n3) Spain\n"))
        #expect(pilot.transcript.contains("France is not available: choose another option.\n"))
        #expect(picker.selection == nil)
        #expect(pilot.exit == nil)
    }

    @Test("a dropdown shows its placeholder as a hint and a number chooses as from the open list")
    func dropdownNumberChooses() throws {
        let dropdown = Dropdown(options: countries, placeholder: "choose a country", title: \.name)
        let model = BehaviorRelay<Country?>(value: nil)
        let binding = dropdown.rx.selection <-> model
        defer { binding.dispose() }
        let pilot = try makeTranscript("Country", dropdown)
        pilot.answer("2")
        #expect(pilot.lines[4] == "Country (hint: choose a country; a number from 1 to 3): 2")
        #expect(model.value == france)
        #expect(!dropdown.isOpen)
    }

    @Test("a word that is no option is told what to answer and the dropdown is asked again")
    func dropdownInvalidAskedAgain() throws {
        let dropdown = Dropdown(options: countries, selection: spain, title: \.name)
        let pilot = try makeTranscript("Country", dropdown)
        pilot.answer("Atlantis")
        #expect(pilot.lines[5] == "Enter a number from 1 to 3 (“Atlantis” is not one of the options).")
        #expect(pilot.lines.last == "Country (a number from 1 to 3) [Spain]: ")
        #expect(dropdown.selection == spain)
    }

    @Test("more than nine options are listed nine at a time, and more after the last page starts again")
    func longListPaged() throws {
        let picker = Picker(options: (1...12).map { "Option \($0)" })
        let pilot = try makeTranscript("Pick", picker)
        #expect(pilot.lines.count == 12)
        #expect(pilot.lines[10] == "Options 1 to 9 of 12: type more for the next ones, a number, or part of a name.")
        pilot.answer("more")
        #expect(
            Array(pilot.lines.suffix(3)) == [
                "12) Option 12", "Options 10 to 12 of 12: type a number or part of a name (more starts again).",
                "Pick (a number from 1 to 12 or part of a name): ",
            ])
        pilot.answer("more")
        #expect(pilot.lines.suffix(11).first == "1) Option 1")
        pilot.answer("option 1")
        #expect(picker.selection == "Option 1")
    }

    @Test("an empty answer keeps the dropdown's choice")
    func dropdownEmptyKeeps() throws {
        let dropdown = Dropdown(options: countries, selection: spain, title: \.name)
        let pilot = try makeTranscript("Country", dropdown)
        pilot.answer("")
        #expect(dropdown.selection == spain)
        #expect(pilot.exit == .quit)
    }

    @Test("input ending while a dropdown is asked fails the run, naming the field")
    func dropdownEndOfInput() throws {
        let dropdown = Dropdown(options: countries, title: \.name)
        let pilot = try makeTranscript("Country", dropdown)
        pilot.answer("9")
        pilot.endInput()
        #expect(pilot.error as? AccessibleInputError == AccessibleInputError(unanswered: "Country"))
        #expect(dropdown.selection == nil)
    }
}

@MainActor
@Suite("CheckList in the accessible presentation")
struct CheckListPromptTests {
    private func contactList(_ selection: Set<Contact> = [], minimum: Int? = nil, maximum: Int? = nil) -> CheckList<
        Contact
    > {
        CheckList(
            options: Contact.allCases, selection: selection, minimumCount: minimum, maximumCount: maximum,
            title: \.rawValue)
    }

    @Test("numbers separated by commas check exactly those options, as one user change through <->")
    func numbersCheck() throws {
        let list = contactList([.email])
        let model = BehaviorRelay<Set<Contact>>(value: [.email])
        var reported: [Set<Contact>] = []
        let binding = list.rx.selection <-> model
        let watch = list.rx.selection.changed.subscribe(onNext: { reported.append($0) })
        defer {
            binding.dispose()
            watch.dispose()
        }
        let pilot = try makeTranscript("Contact", list)
        pilot.answer("2, 3")
        #expect(
            pilot.transcript == """
                Contact: 3 options.
                1) Email
                2) SMS
                3) Post
                Contact (numbers from 1 to 3 separated by commas, - for none) [Email]: 2, 3

                """)
        #expect(model.value == [.sms, .post])
        #expect(reported == [[.sms, .post]])
    }

    @Test("an empty answer keeps the checks")
    func emptyKeeps() throws {
        let list = contactList([.email, .post])
        let pilot = try makeTranscript("Contact", list)
        pilot.answer("")
        #expect(list.selection == [.email, .post])
        #expect(pilot.exit == .quit)
    }

    @Test("a dash unchecks every option")
    func dashChecksNone() throws {
        let list = contactList([.sms, .post])
        let pilot = try makeTranscript("Contact", list)
        pilot.answer("-")
        #expect(list.selection.isEmpty)
    }

    @Test("a check list that needs at least one does not offer a dash for none")
    func minimumOffersNoDash() throws {
        let list = contactList([.email], minimum: 1)
        let pilot = try makeTranscript("Contact", list)
        #expect(pilot.lines.last == "Contact (numbers from 1 to 3 separated by commas) [Email]: ")
    }

    @Test(
        "a check list in a required field does not offer a dash for none; none is refused saying the field is required")
    func requiredOffersNoDash() throws {
        let list = contactList()
        let form = Form { Field("Contact", key: "contact", list).required() }
        let pilot = try TranscriptPilot(root: form)
        #expect(pilot.lines.last == "Contact (required; numbers from 1 to 3 separated by commas) [none]: ")
        pilot.answer("-")
        #expect(pilot.lines.contains("Contact is required."), "\(pilot.lines)")
        #expect(pilot.lines.last == "Contact (required; numbers from 1 to 3 separated by commas): ")
        pilot.answer("2")
        #expect(list.selection == [.sms])
    }

    @Test("a check list refused after the submit lists its options again without the refused checks as default")
    func refusedAfterSubmitOffersNoDefault() async throws {
        let list = contactList()
        let save = Button("Save")
        let command = Command<Void, Void>(enabledIf: Observable.just(true)) { () async throws in
            guard !list.selection.contains(.post) else {
                throw FieldRefusal(key: "contact", message: "Post is not sent abroad")
            }
        }
        let form = Form {
            Field("Contact", key: "contact", list)
            Buttons([save], default: save).submitting(command)
        }
        let pilot = try TranscriptPilot(root: form)
        pilot.answer("3", "y")
        await pilot.settle()
        #expect(
            pilot.transcript.hasSuffix(
                """
                Post is not sent abroad.
                Contact: 3 options.
                1) Email
                2) SMS
                3) Post
                Contact (numbers from 1 to 3 separated by commas, - for none): 
                """), "\(pilot.transcript)")
        pilot.answer("1", "y")
        await pilot.settle()
        #expect(pilot.exit == .quit)
    }

    @Test("fewer options than the minimum is said as a sentence, nothing changes and the list is asked again")
    func minimumAskedAgain() throws {
        let list = contactList([.email], minimum: 1)
        let pilot = try makeTranscript("Contact", list)
        pilot.answer("none")
        #expect(pilot.lines[5] == "Choose at least 1.")
        #expect(pilot.lines.last == "Contact (numbers from 1 to 3 separated by commas) [Email]: ")
        #expect(list.selection == [.email])
        pilot.answer("1,2")
        #expect(list.selection == [.email, .sms])
        #expect(pilot.exit == .quit)
    }

    @Test("more options than the maximum is refused with its sentence")
    func maximumRefused() throws {
        let list = contactList(maximum: 2)
        let pilot = try makeTranscript("Contact", list)
        pilot.answer("1,2,3")
        #expect(pilot.lines[5] == "Choose at most 2.")
        #expect(list.selection.isEmpty)
    }

    @Test("a number outside the list is refused with the range and how to separate numbers")
    func outOfRangeRefused() throws {
        let list = contactList([.email])
        let pilot = try makeTranscript("Contact", list)
        pilot.answer("1, 4")
        #expect(pilot.lines[5] == "There is no option 4: enter a number from 1 to 3. Separate numbers with commas.")
        #expect(list.selection == [.email])
    }

    @Test("a checked disabled option stays checked whatever the answer")
    func disabledKept() throws {
        let list = contactList([.post])
        list.disabledOptions = [.post]
        let pilot = try makeTranscript("Contact", list)
        pilot.answer("1")
        #expect(pilot.transcript.contains("3) Post (not available)\n"))
        #expect(list.selection == [.email, .post])
    }

    @Test("input ending while a check list is asked fails the run and changes nothing")
    func endOfInput() throws {
        let list = contactList([.email], minimum: 1)
        let pilot = try makeTranscript("Contact", list)
        pilot.answer("-")
        pilot.endInput()
        #expect(pilot.error as? AccessibleInputError == AccessibleInputError(unanswered: "Contact"))
        #expect(list.selection == [.email])
    }
}
