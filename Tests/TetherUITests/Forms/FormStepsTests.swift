import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// What the step tests share: a Create button that counts its presses, and a condition
/// that skips a step.
@MainActor
private final class Wizard {
    let create = Button("Create")
    let skipMachine = BehaviorRelay(value: false)
    let created = BehaviorRelay(value: 0)
    let bag = DisposeBag()

    init() {
        create.rx.tap.subscribe(onNext: { [created] in created.accept(created.value + 1) }).disposed(by: bag)
    }
}

@MainActor
@Suite("Form steps")
struct FormStepsTests {
    @Test("a form in steps shows the first step, its number and title, and Next")
    func firstStep() throws {
        let form = Form {
            Step("Account") { Field("Name", key: "name", TextField()) }
            Step("Machine") { Field("Host", key: "host", TextField()) }
        }
        let pilot = try Pilot(root: form, size: Size(width: 30, height: 6))
        #expect(pilot.lines.prefix(3) == ["Step 1 of 2: Account", "Name", "      [ Next ]"])
        #expect(!pilot.screen.contains("Host"))
        #expect(!pilot.screen.contains("Back"))
    }

    @Test("Next with an invalid field stays, says which field and focuses it")
    func nextBlockedByInvalidField() throws {
        let name = TextField()
        let form = Form {
            Step("Account") { Field("Name", key: "name", name).required() }
            Step("Machine") { Field("Host", key: "host", TextField()) }
        }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.press(.enter)
        #expect(pilot.screen.contains("Step 1 of 2: Account"))
        #expect(pilot.screen.contains("Name is required"))
        #expect(pilot.screen.contains("Name needs attention"))
        #expect(pilot.focusedWidget === name)
    }

    @Test("Next refused by an invalid field says so in the form's kept row under it: Next does not move")
    func refusedNextMovesNoButton() throws {
        let form = Form {
            Step("Account") { Field("Name", key: "name", TextField()).required() }
            Step("Machine") { Field("Host", key: "host", TextField()) }
        }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        let before = try #require(pilot.lines.firstIndex { $0.contains("[ Next ]") })
        pilot.press(.enter)
        #expect(pilot.lines[before + 1].contains("Name needs attention"), "\(pilot.lines)")
        #expect(pilot.lines[before].contains("[ Next ]"), "Next moved:\n\(pilot.screen)")
    }

    @Test("Next checks only the current step's fields")
    func nextChecksOnlyCurrentStep() throws {
        let host = TextField()
        let form = Form {
            Step("Account") { Field("Name", key: "name", TextField(text: "ada")).required() }
            Step("Machine") { Field("Host", key: "host", host).required() }
        }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.press(.enter)
        #expect(pilot.screen.contains("Step 2 of 2: Machine"))
        #expect(!pilot.screen.contains("required"))
        #expect(pilot.focusedWidget === host)
    }

    @Test("Back is never blocked and keeps what was typed")
    func backKeepsText() throws {
        let name = TextField()
        let form = Form {
            Step("Account") { Field("Name", key: "name", name) }
            Step("Machine") { Field("Host", key: "host", TextField()).required() }
        }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.type("ada")
        pilot.press(.enter)
        #expect(pilot.screen.contains("Step 2 of 2"))
        form.goBack()
        pilot.advance(by: .zero)
        #expect(pilot.screen.contains("Step 1 of 2: Account"))
        #expect(name.text == "ada")
        #expect(pilot.lines[1].hasPrefix("Name    ada"))
    }

    @Test("the Back button goes to the previous step with an invalid field on the current one")
    func backButton() throws {
        let form = Form {
            Step("Account") { Field("Name", key: "name", TextField(text: "ada")) }
            Step("Machine") { Field("Host", key: "host", TextField()).required() }
        }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.press(.enter)
        pilot.press(.tab)
        #expect(pilot.focusedWidget.map { "\($0)" } == "Button(\"Back\")")
        pilot.press(.enter)
        #expect(pilot.screen.contains("Step 1 of 2: Account"))
    }

    @Test("a skipped step is passed over and not counted")
    func skippedStep() throws {
        let wizard = Wizard()
        wizard.skipMachine.accept(true)
        let form = Form {
            Step("Account") { Field("Name", key: "name", TextField(text: "ada")) }
            Step("Machine") { Field("Host", key: "host", TextField()) }.skipped(when: wizard.skipMachine)
            Step("Confirm") { Buttons([wizard.create], default: wizard.create) }
        }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        #expect(pilot.screen.contains("Step 1 of 2: Account"))
        pilot.press(.enter)
        #expect(pilot.screen.contains("Step 2 of 2: Confirm"))
        wizard.skipMachine.accept(false)
        pilot.advance(by: .zero)
        #expect(pilot.screen.contains("Step 3 of 3: Confirm"))
    }

    @Test("on the last step Enter presses the form's default button")
    func lastStepSubmits() throws {
        let wizard = Wizard()
        let form = Form {
            Step("Account") { Field("Name", key: "name", TextField(text: "ada")) }
            Step("Confirm") {
                Field("Note", key: "note", TextField())
                Buttons([wizard.create], default: wizard.create)
            }
        }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.press(.enter)
        #expect(wizard.created.value == 0)
        pilot.press(.enter)
        #expect(wizard.created.value == 1)
    }

    @Test("a submit with an invalid field on an earlier step shows that step and focuses the field")
    func submitGoesBackToInvalidStep() throws {
        let save = Command<Void, Void> {}
        let name = TextField(text: "ada")
        let button = Button("Save")
        let form = Form {
            Step("Account") { Field("Name", key: "name", name).required() }
            Step("Confirm") {
                Field("Note", key: "note", TextField())
                Buttons([button], default: button).submitting(save)
            }
        }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.press(.enter)
        #expect(pilot.screen.contains("Step 2 of 2"))
        name.text = ""
        pilot.press(.enter)
        #expect(pilot.screen.contains("Step 1 of 2: Account"))
        #expect(pilot.focusedWidget === name)
        #expect(pilot.screen.contains("Name needs attention"))
    }

    @Test("a refused submit names the fields of other steps with their step")
    func submitNamesOtherSteps() throws {
        let save = Command<Void, Void> {}
        let name = TextField(text: "ada")
        let button = Button("Save")
        let form = Form {
            Step("Account") { Field("Name", key: "name", name).required() }
            Step("Confirm") {
                Field("Note", key: "note", TextField()).required()
                Buttons([button], default: button).submitting(save)
            }
        }
        let pilot = try Pilot(root: form, size: Size(width: 60, height: 8))
        pilot.press(.enter)
        name.text = ""
        pilot.press(.enter)
        #expect(pilot.screen.contains("Step 1 of 2: Account"))
        #expect(pilot.screen.contains("2 fields need attention: Name, Note (step 2)"), "\(pilot.screen)")
    }

    @Test("a step's message keeps naming only that step's fields as they change")
    func stepMessageStaysOnStep() throws {
        let form = Form {
            Step("Account") {
                Field("Name", key: "name", TextField()).required()
                Field("Email", key: "email", TextField()).required()
            }
            Step("Machine") { Field("Host", key: "host", TextField()).required() }
        }
        let pilot = try Pilot(root: form, size: Size(width: 60, height: 10))
        pilot.press(.tab, .enter)
        #expect(pilot.screen.contains("2 fields need attention: Name, Email"))
        pilot.type("ada")
        #expect(pilot.screen.contains("Email needs attention"), "\(pilot.screen)")
        #expect(!pilot.screen.contains("Host"))
    }

    /// A form in two steps whose Handle is checked 300 ms after typing ("ada" is taken).
    func checkedHandleForm() throws -> (Pilot, FormField<String>) {
        let form = Form()
        form.addStep("Account")
        let handle = form.addField("Handle", TextField(), key: "handle")
        handle.validate(
            AsyncValidator(checking: "Checking the handle…") { $0 == "ada" ? .invalid("@ada is taken") : .valid })
        form.addStep("Profile")
        form.addField("Bio", TextField(), key: "bio")
        return (try Pilot(root: form, size: Size(width: 50, height: 8)), handle)
    }

    @Test("Next with a check pending on its step waits for it, then stays on the step when it refuses")
    func nextWaitsForRefusingCheck() async throws {
        let (pilot, handle) = try checkedHandleForm()
        pilot.type("ada")
        pilot.press(.enter)
        #expect(pilot.screen.contains("Step 1 of 2: Account"))
        #expect(pilot.screen.contains("Checking the handle…"))
        #expect(pilot.screen.contains("⠋ Next"))
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(pilot.screen.contains("Step 1 of 2: Account"))
        #expect(pilot.screen.contains("@ada is taken"))
        #expect(pilot.screen.contains("Handle needs attention"))
        #expect(pilot.focusedWidget === handle.widget)
    }

    @Test("Next with a check pending on its step goes on once the check passes")
    func nextWaitsForPassingCheck() async throws {
        let (pilot, _) = try checkedHandleForm()
        pilot.type("grace")
        pilot.press(.enter)
        #expect(pilot.screen.contains("Step 1 of 2: Account"))
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(pilot.screen.contains("Step 2 of 2: Profile"), "\(pilot.screen)")
        #expect(pilot.screen.contains("Bio"))
    }

    @Test("rows before the first step show on every step")
    func commonRows() throws {
        let form = Form {
            Row(Label("Welcome"))
            Step("Account") { Field("Name", key: "name", TextField()) }
            Step("Machine") { Field("Host", key: "host", TextField()) }
        }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        #expect(pilot.lines[0].hasSuffix("Welcome"))
        pilot.press(.enter)
        #expect(pilot.lines[0].hasSuffix("Welcome"))
        #expect(pilot.screen.contains("Step 2 of 2: Machine"))
    }

    @Test("the key-help bar says Enter goes to the next step, and names the default button on the last")
    func keyHelpFollowsStep() throws {
        let create = Button("Create")
        let form = Form {
            Step("Account") { Field("Name", key: "name", TextField(text: "ada")) }
            Step("Confirm") {
                Field("Note", key: "note", TextField())
                Buttons([create], default: create)
            }
        }
        let pilot = try Pilot(root: FooterLayout(form, footer: KeyHelpBar()), size: Size(width: 80, height: 8))
        #expect(pilot.lines.last?.contains("Enter next") == true)
        pilot.press(.enter)
        #expect(pilot.lines.last?.contains("Enter create") == true)
    }

    @Test("rx.currentStep sends the step shown now and then each move")
    func currentStepObservable() throws {
        let form = Form {
            Step("Account") { Field("Name", key: "name", TextField()) }
            Step("Machine") { Field("Host", key: "host", TextField()) }
        }
        var titles: [String] = []
        let subscription = form.rx.currentStep.subscribe(onNext: { titles.append($0?.title ?? "-") })
        defer { subscription.dispose() }
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 8))
        pilot.press(.enter)
        form.goBack()
        #expect(titles == ["Account", "Machine", "Account"])
    }
}

@MainActor
@Suite("Form steps inline")
struct FormStepsInlineTests {
    @Test("inline, the band fits each step")
    func bandFitsEachStep() throws {
        let form = Form {
            Step("Account") {
                Field("Name", key: "name", TextField(text: "ada"))
                Field("Mail", key: "mail", TextField(text: "a@b"))
            }
            Step("Done") { Row(Label("ready")) }
        }
        let band = HeadlessBand(terminal: Size(width: 30, height: 10))
        let app = Application(root: form, backend: band, scheduler: TestScheduler())
        try app.start()
        app.renderIfNeeded()
        #expect(band.lines == ["Step 1 of 2: Account", "Name  ada", "Mail  a@b", "      [ Next ]"])
        band.press(.enter, .enter)
        app.renderIfNeeded()
        #expect(band.lines == ["Step 2 of 2: Done", "      ready", "      [ Back ]"])
        app.quit()
    }
}
