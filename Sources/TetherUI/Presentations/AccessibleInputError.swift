/// The accessible presentation's input ended before the form was complete: nothing was
/// submitted. Thrown by ``Application/runOnMainThread()`` and ``Application/run()``.
public struct AccessibleInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The label of the question left without an answer.
    public var unanswered: String
    /// Whether a person ended the input at a terminal (Ctrl-D), not the end of a script's input.
    public var typed: Bool

    /// An error for the question `unanswered`; `typed` when a person ended the input (Ctrl-D).
    public init(unanswered: String, typed: Bool = false) {
        self.unanswered = unanswered
        self.typed = typed
    }

    /// For a script: "input ended before the form was complete (no answer for Password)";
    /// for a person: "stopped at Password (Ctrl-D ends the input): nothing was submitted".
    public var description: String {
        let question = unanswered.isEmpty ? "a field" : unanswered
        if typed { return "stopped at \(question) (Ctrl-D ends the input): nothing was submitted" }
        return "input ended before the form was complete (no answer for \(question))"
    }
}
