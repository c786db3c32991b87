#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import TetherReactive

/// Records every event an observable sends.
@MainActor
final class Recorder<Element>: ObserverType {
    private(set) var events: [Event<Element>] = []
    func on(_ event: Event<Element>) { events.append(event) }
    var values: [Element] { events.compactMap(\.element) }
    var descriptions: [String] { events.map(\.description) }
}

/// Records what a publisher sends, through `sink`.
@MainActor
final class PublisherRecorder<Output, Failure: Error> {
    private(set) var values: [Output] = []
    private(set) var completion: Subscribers.Completion<Failure>?
    private var cancellable: AnyCancellable?

    init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        cancellable = publisher.sink(
            receiveCompletion: { [weak self] in self?.completion = $0 },
            receiveValue: { [weak self] in self?.values.append($0) })
    }

    var isFinished: Bool { if case .finished = completion { true } else { false } }

    func cancel() { cancellable?.cancel() }
}

/// A subscriber that asks for values one at a time, only when told to.
final class StepSubscriber<Input, Failure: Error>: Subscriber {
    private(set) var values: [Input] = []
    private(set) var completion: Subscribers.Completion<Failure>?
    private var subscription: (any Subscription)?

    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Failure>) { self.completion = completion }

    func request(_ count: Int) { subscription?.request(.max(count)) }
    func cancel() { subscription?.cancel() }
}

struct TestError: Error, Equatable { var code = 1 }

/// A value that is deliberately not `Equatable`.
struct Note {
    var text: String
}

/// A weak reference, for leak checks.
final class Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
}

/// A stand-in for a widget: a value, its programmatic sets, and user edits on `edits`.
@MainActor
final class FakeControl<Value> {
    var value: Value
    private(set) var setterCalls: [Value] = []
    let edits = PublishSubject<Value>()

    init(_ value: Value) { self.value = value }

    func userEdit(_ newValue: Value) {
        value = newValue
        edits.onNext(newValue)
    }

    var property: ControlProperty<Value> {
        ControlProperty(
            control: self, getter: { $0.value },
            setter: { control, value in
                control.setterCalls.append(value)
                control.value = value
            }, edits: edits, isEqual: nil)
    }

    isolated deinit { edits.onCompleted() }
}

extension String {
    var trimmed: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
