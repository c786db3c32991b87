import TetherReactive
import TetherUI

/// One thing the catalog shows: a live example, its view model's state beside it, and the
/// lines of code that make it.
@MainActor
public struct CatalogEntry {
    /// What the entry is.
    public enum Group: String, CaseIterable, Sendable {
        case widgets = "Widgets"
        case containers = "Containers"
        case presentations = "Presentations"
    }

    public let group: Group
    /// The name in the list (`TextField`).
    public let title: String
    /// The live example, bound to the entry's view model.
    public let example: Widget
    /// The view model's state, one line each, as it changes.
    public let state: [Observable<String>]
    /// The few lines of code that make the example.
    public let code: [String]
}

/// The view model's state as a line: `name: "Ada"`.
@MainActor
func quoted(_ name: String, _ value: BehaviorRelay<String>) -> Observable<String> {
    value.asObservable().map { "\(name): \"\($0)\"" }
}

/// A value as a line: `isOn: true`.
@MainActor
func line<Value>(_ name: String, _ value: BehaviorRelay<Value>) -> Observable<String> {
    value.asObservable().map { "\(name): \($0)" }
}
