import TetherReactive

/// Records every event an observable sends.
@MainActor
final class Recorder<Element>: ObserverType {
    private(set) var events: [Event<Element>] = []

    func on(_ event: Event<Element>) { events.append(event) }

    var values: [Element] { events.compactMap(\.element) }
    var isCompleted: Bool { events.contains { if case .completed = $0 { true } else { false } } }
    var error: (any Error)? { events.lazy.compactMap(\.error).first }
    var terminalCount: Int { events.count { $0.isTerminal } }
    /// The events as short strings, e.g. `["next(1)", "completed"]`.
    var descriptions: [String] { events.map(\.description) }
}

struct TestError: Error, Equatable { var code = 1 }
