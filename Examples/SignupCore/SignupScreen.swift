import TetherReactive
import TetherUI

/// The sign-up form: a Dropdown for the country (type to filter), a Picker for the plan, a
/// CheckList for the contact preferences (at least one), and a city field whose
/// suggestions come from the view model's debounced search, a typed age field (its parse
/// error in the form's error row) and a multi-line "about you" area. Every widget is bound
/// two ways.
@MainActor
public final class SignupScreen {
    public let viewModel: SignupViewModel
    public let country = Dropdown<Country>(placeholder: "choose a country", width: 24, title: \.name)
    public let plan = Picker<Plan>(options: Plan.allCases, axis: .horizontal, title: \.rawValue)
    public let contact = CheckList<Contact>(
        options: Contact.allCases, axis: .horizontal, minimumCount: 1,
        title: \.rawValue)
    public let city = TextField(placeholder: "start typing", width: 24)
    public let age = TextField(width: 5)
    public let about = TextArea(placeholder: "a few lines about you", minRows: 2, maxRows: 4, width: 30)
    public let submit = Button("Sign up")
    /// The keys of the focused field and the form, on the bottom row.
    public let keyHelp = KeyHelpBar()
    /// What the application shows.
    public let root: Widget
    /// The form, which asks before Esc throws changes away.
    public let form = Form()
    private let bag = DisposeBag()

    public init(viewModel: SignupViewModel) {
        self.viewModel = viewModel
        let form = self.form
        // Keyed fields that are required: marked `*`, and Enter on the disabled Sign up
        // names them and focuses the first.
        form.addField("Country", country, key: "country").required()
        // Keyed, so that changing them counts as a change Esc asks about.
        form.addField("Plan", plan, key: "plan")
        let contactField = form.addField("Contact", contact, key: "contact").required()
        form.addField("City", city, key: "city").required()  // the view model needs one to sign up
        let ageField = form.addField("Age", age, key: "age")  // its text, even one out of range
        form.addField("About", about, key: "about")
        form.addButtons([submit], default: submit)
        root = FooterLayout(Center(Panel(title: "Sign up", form)), footer: keyHelp)

        viewModel.countries.bind(to: country.rx.options).disposed(by: bag)
        country.disabledOptions = Country.unavailable
        (country.rx.selection <-> viewModel.country).disposed(by: bag)
        (plan.rx.selection <-> viewModel.plan).disposed(by: bag)
        (contact.rx.selection <-> viewModel.contact).disposed(by: bag)
        contact.rx.validationMessage.bind(to: contactField.rx.error).disposed(by: bag)
        (city.rx.text <-> viewModel.city).disposed(by: bag)
        viewModel.citySuggestions.bind(to: city.rx.suggestions).disposed(by: bag)
        (age.rx.value(as: .integer(in: 0...150)) <-> viewModel.age).disposed(by: bag)
        age.rx.parseError.bind(to: ageField.rx.error).disposed(by: bag)
        (about.rx.text <-> viewModel.about).disposed(by: bag)
        submit.progressText = "Signing up…"
        submit.bind(viewModel.submit, describeResult: { _ in "Signed up." })
    }

    /// Connects the screen's keys to `app`: Esc leaves without signing up, asking first
    /// when something was changed (an open list or suggestions close first), and `?` or F1
    /// list every key.
    public func attach(to app: Application) {
        app.onKey(.escape) { [weak self, weak app] in self?.form.confirmDiscard { app?.quit() } }
        app.showsKeyHelp = true
    }
}
