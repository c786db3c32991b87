import TetherReactive

/// A country a user can live in; some are not served yet (shown disabled).
public struct Country: Hashable, Sendable {
    public let name: String
    public let code: String

    public init(_ name: String, _ code: String) {
        self.name = name
        self.code = code
    }

    /// The countries offered, with a few CJK and accented names.
    public static let all: [Country] = [
        ("Argentina", "AR"), ("Australia", "AU"), ("Brazil", "BR"), ("Canada", "CA"), ("Côte d’Ivoire", "CI"),
        ("Denmark", "DK"), ("France", "FR"), ("Germany", "DE"), ("India", "IN"), ("Italy", "IT"),
        ("Japan 日本", "JP"), ("Kenya", "KE"), ("Mexico", "MX"), ("Netherlands", "NL"), ("Norway", "NO"),
        ("Portugal", "PT"), ("South Korea 한국", "KR"), ("Spain", "ES"), ("Sweden", "SE"),
        ("United Kingdom", "GB"), ("United States", "US"),
    ].map { Country($0.0, $0.1) }

    /// Countries not served yet.
    public static let unavailable: Set<Country> = [Country("Kenya", "KE")]
}

/// A subscription plan.
public enum Plan: String, CaseIterable, Hashable, Sendable {
    case free = "Free"
    case pro = "Pro"
    case team = "Team"
}

/// How we may contact the user.
public enum Contact: String, CaseIterable, Hashable, Sendable {
    case email = "Email"
    case sms = "SMS"
    case post = "Post"
}

/// The sign-up form's state: plain relays, a debounced city search run by a command, and a
/// submit command enabled once the form is complete.
@MainActor
public final class SignupViewModel {
    public let countries = BehaviorRelay(value: Country.all)
    public let country = BehaviorRelay<Country?>(value: nil)
    public let plan = BehaviorRelay<Plan?>(value: .free)
    public let contact = BehaviorRelay<Set<Contact>>(value: [.email])
    public let city = BehaviorRelay(value: "")
    /// The age in years (a typed field: the text is parsed and checked against 0...150).
    public let age = BehaviorRelay(value: 30)
    /// A few lines about the user (a text area).
    public let about = BehaviorRelay(value: "")
    /// What the city search last found.
    public let citySuggestions = BehaviorRelay<[String]>(value: [])
    /// Finds cities starting with (or containing) the typed text, after a simulated delay.
    public let searchCities: Command<String, [String]>
    /// Sign up: enabled once a country, a plan, a way to contact and a city are given.
    public let submit: Command<Void, Void>
    private let bag = DisposeBag()

    /// The cities the search knows.
    public static let cities = [
        "Amsterdam", "Barcelona", "Berlin", "Bern", "Bergen", "Bordeaux", "Buenos Aires", "Copenhagen", "Lisbon",
        "London", "Lyon", "Madrid", "Marseille", "Milan", "Montreal", "Munich", "Osaka", "Oslo", "Paris", "Porto",
        "Rome", "Seoul", "Stockholm", "Sydney", "Tokyo", "Toronto", "Vancouver",
    ]

    /// A view model whose search waits `debounce` after the last keystroke and then
    /// `searchDelay` (a pretend network call), both on `scheduler`.
    public init(
        scheduler: any Scheduler, debounce: Duration = .milliseconds(250), searchDelay: Duration = .milliseconds(50)
    ) {
        searchCities = Command(allowsConcurrentExecution: true) { typed in
            try await scheduler.sleep(for: searchDelay)
            return SignupViewModel.search(typed)
        }
        let complete = Observable.combineLatest(country, plan, contact, city) { country, plan, contact, city in
            country != nil && plan != nil && !contact.isEmpty && !city.isEmpty
        }
        submit = Command(enabledIf: complete) { Observable.just(()) }
        city.skip(1).distinctUntilChanged().debounce(debounce, scheduler: scheduler)
            .subscribe(onNext: { [searchCities] typed in _ = searchCities.execute(typed) }).disposed(by: bag)
        searchCities.values.bind(to: citySuggestions).disposed(by: bag)
    }

    /// The cities matching `typed`: those starting with it first, then those containing it; at most 6.
    public static func search(_ typed: String) -> [String] {
        let query = typed.lowercased()
        guard !query.isEmpty else { return [] }
        let starting = cities.filter { $0.lowercased().hasPrefix(query) }
        let containing = cities.filter { !$0.lowercased().hasPrefix(query) && $0.lowercased().contains(query) }
        return Array((starting + containing).prefix(6))
    }

    /// One line describing the sign-up.
    public var summary: String {
        let contacts = Contact.allCases.filter(contact.value.contains).map(\.rawValue).joined(separator: "+")
        return
            "signed up: \(country.value?.name ?? "-"), \(plan.value?.rawValue ?? "-"), \(contacts), \(city.value), age \(age.value)"
    }
}
