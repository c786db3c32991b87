import TetherReactive
import TetherUI

/// The onboarding form, written with the form builder: three steps (you, the machine,
/// notes) bound two ways to an ``OnboardingModel``, with descriptions, validators for each
/// field (an asynchronous "is this handle taken?" among them), a proxy field shown by a
/// toggle, drafts, and a Cancel that asks before discarding changes.
@MainActor
public final class OnboardingScreen {
    public let model: OnboardingModel
    public let form: Form
    public let save = Button("Save")
    public let cancel = Button("Cancel")
    /// The keys of the focused field and the form, on the bottom row.
    public let keyHelp = KeyHelpBar()
    /// What the application shows.
    public let root: Widget
    /// Set when the user chose to leave without saving.
    public internal(set) var cancelled = false
    let bag = DisposeBag()

    /// The screen for `model`; with `draftPath`, answers are kept in a draft there until saved.
    public init(model: OnboardingModel, draftPath: String? = nil) {
        self.model = model
        let (save, cancel) = (self.save, self.cancel)
        form = Form {
            OnboardingScreen.you(model)
            OnboardingScreen.machine(model)
            OnboardingScreen.notes(
                model, buttons: Buttons([save, cancel], default: save).submitting(model.save) { _ in "Saved." })
        }
        save.progressText = "Saving…"
        root = FooterLayout(Center(Panel(title: "Onboarding", form)), footer: keyHelp)
        if let draftPath { form.keepDrafts(at: draftPath) }
    }
}

extension OnboardingScreen {
    /// The "You" step: who is joining.
    static func you(_ model: OnboardingModel) -> Step {
        Step("You") {
            Field("Name", key: "name", TextField(placeholder: "Ada Lovelace", width: 28))
                .required().bound(to: model.name)
            Field("Email", key: "email", TextField(placeholder: "ada@example.com", width: 28))
                .required().validate(.email())
                .description("Where the invitation goes")
                .bound(to: model.email)
            Field("Handle", key: "handle", TextField(placeholder: "ada", width: 16))
                .required()
                .validate(.pattern("[A-Za-z0-9_-]+", "Use letters, digits, _ and - only"))
                .validate(AsyncValidator(checking: "Checking the handle…") { await model.checkHandle($0) })
                .description("Your name on the team's server")
                .bound(to: model.handle)
            Field("Password", key: "password", SecureField(placeholder: "8+ characters", width: 28))
                .required().validate(.length(min: 8)).bound(to: model.password)
            Field("Confirm", key: "confirm", SecureField(width: 28))
                .required()
                .equal(toKey: "password", "The passwords differ")
                .bound(to: model.confirmation)
        }
    }

    /// The "Machine" step: what to set up.
    static func machine(_ model: OnboardingModel) -> Step {
        Step("Machine") {
            Field("Shell", key: "shell", Picker(options: Shell.allCases, axis: .horizontal, title: \.rawValue))
                .required().bound(to: model.shell)
            Field(
                "Editor", key: "editor",
                Dropdown(options: OnboardingModel.editors, placeholder: "type to filter", width: 20)
            )
            .required().bound(to: model.editor)
            Field(
                "Languages", key: "languages",
                CheckList(options: Language.allCases, axis: .horizontal, title: \.rawValue)
            )
            .validate(.required("Choose at least one language")).bound(to: model.languages)
            Field("Proxy", key: "use-proxy", Toggle("Use a proxy")).bound(to: model.useProxy)
            Field("Proxy URL", key: "proxy", TextField(placeholder: "http://proxy:3128", width: 28))
                .required().validate(.pattern("https?://\\S+", "Enter a URL starting with http:// or https://"))
                .visible(when: model.useProxy).bound(to: model.proxy)
            Field("Cores", key: "cores", TextField(width: 5), as: .integer(in: 1...128), value: 8)
                .description("How many the builds may use")
                .bound(to: model.cores)
            Field("Font size", key: "font-size", Slider(value: 14, in: 8...24, step: 1))
                .bound(to: model.fontSize)
        }
    }

    /// The "Notes" step, which ends with the form's buttons.
    static func notes(_ model: OnboardingModel, buttons: Buttons) -> Step {
        Step("Notes") {
            Field(
                "Anything else", key: "notes",
                TextArea(placeholder: "anything we should know", minRows: 2, maxRows: 4, width: 28)
            )
            .bound(to: model.notes)
            Field("Share", key: "share-usage", Toggle("Share anonymous usage")).bound(to: model.shareUsage)
            buttons
        }
    }
}

extension OnboardingScreen {
    /// Connects the screen's keys to `app`: Esc and Cancel leave, asking first when
    /// something was changed; Save runs through the form's submit; `?` or F1 lists the keys.
    public func attach(to app: Application) {
        let leave: () -> Void = { [weak self, weak app] in
            guard let self else { return }
            self.form.confirmDiscard { [weak self, weak app] in
                self?.cancelled = true
                app?.quit()
            }
        }
        app.onKey(.escape, perform: leave)
        app.showsKeyHelp = true
        cancel.rx.tap.subscribe(onNext: leave).disposed(by: bag)
    }
}
