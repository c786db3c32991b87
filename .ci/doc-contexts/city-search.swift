// The sign-up view model and city field that the autocomplete example in
// docs/widgets-and-keys.md feeds.
import TetherReactive
import TetherUI

@MainActor
final class CityModel {
    let city = BehaviorRelay(value: "")
    let searchCities = Command<String, [String]> { prefix in
        ["Berlin", "Bern", "Bergen"].filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }
}

@MainActor let model = CityModel()
@MainActor let city = TextField()
@MainActor let bag = DisposeBag()
