/// A notification sent by an observable sequence.
///
/// Every sequence follows the grammar `next* (error | completed)?`: any number of
/// ``next(_:)`` values, then at most one terminal event. Nothing is delivered after a
/// terminal event, and nothing is delivered after the subscription is disposed.
public enum Event<Element> {
    /// The next value of the sequence.
    case next(Element)
    /// The sequence failed; no further events follow.
    case error(any Error)
    /// The sequence finished; no further events follow.
    case completed

    /// The value carried by a ``next(_:)`` event, or `nil` for a terminal event.
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error carried by an ``error(_:)`` event, or `nil` otherwise.
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// `true` for ``error(_:)`` and ``completed``: the events that end a sequence.
    public var isTerminal: Bool {
        if case .next = self { return false }
        return true
    }
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomStringConvertible {
    /// A short description such as `next(3)`, `error(Timeout)` or `completed`.
    public var description: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}
