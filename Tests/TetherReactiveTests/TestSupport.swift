import TetherReactive

/// A weak reference, for leak checks.
final class Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
}

/// An object with no behaviour, captured by closures in leak checks.
final class Token {}

/// An ordered log of what happened, shared by the closures of a test.
@MainActor
final class Log {
    private(set) var entries: [String] = []
    func callAsFunction(_ entry: String) { entries.append(entry) }
}

/// Routes ``Diagnostics`` into arrays while `capture` runs, then restores the handlers.
@MainActor
final class DiagnosticsSpy {
    private(set) var bindingErrors: [String] = []
    private(set) var reports: [String] = []

    @discardableResult
    func capture<Result>(_ body: () throws -> Result) rethrows -> Result {
        let savedBindingHandler = Diagnostics.bindingErrorHandler
        let savedHandler = Diagnostics.handler
        Diagnostics.bindingErrorHandler = { [unowned self] in bindingErrors.append($0) }
        Diagnostics.handler = { [unowned self] in reports.append($0) }
        defer {
            Diagnostics.bindingErrorHandler = savedBindingHandler
            Diagnostics.handler = savedHandler
        }
        return try body()
    }
}

/// A stand-in for a widget: it holds a value, counts programmatic sets, and reports user
/// edits on `edits`, which completes when the control goes away.
@MainActor
final class FakeControl<Value> {
    var value: Value
    private(set) var setterCalls: [Value] = []
    let edits = PublishSubject<Value>()
    /// A misbehaving control reports its programmatic sets as edits.
    var reportsProgrammaticSets = false

    init(_ value: Value) { self.value = value }

    /// The user changes the value.
    func userEdit(_ newValue: Value) {
        value = newValue
        edits.onNext(newValue)
    }

    func programmaticSet(_ newValue: Value) {
        setterCalls.append(newValue)
        value = newValue
        if reportsProgrammaticSets { edits.onNext(newValue) }
    }

    func property(isEqual: ((Value, Value) -> Bool)?) -> ControlProperty<Value> {
        ControlProperty(
            control: self, getter: { $0.value }, setter: { $0.programmaticSet($1) },
            edits: edits, isEqual: isEqual)
    }

    isolated deinit { edits.onCompleted() }
}

extension FakeControl where Value: Equatable {
    /// The control's value, with the `==` equality guard.
    var property: ControlProperty<Value> {
        ControlProperty(control: self, getter: { $0.value }, setter: { $0.programmaticSet($1) }, edits: edits)
    }
}

/// Yields to other main-actor work until `condition` holds, at most `maxYields` times.
@MainActor
func eventually(maxYields: Int = 10_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<maxYields {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

/// Makes an async body wait until the test opens it.
@MainActor
final class Gate<Value: Sendable> {
    private var continuation: CheckedContinuation<Value, any Error>?
    private(set) var waitCount = 0

    var isWaiting: Bool { continuation != nil }

    func wait() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            self.continuation = continuation
            waitCount += 1
        }
    }

    func open(_ value: Value) {
        let continuation = self.continuation
        self.continuation = nil
        continuation?.resume(returning: value)
    }

    func fail(_ error: any Error) {
        let continuation = self.continuation
        self.continuation = nil
        continuation?.resume(throwing: error)
    }
}
