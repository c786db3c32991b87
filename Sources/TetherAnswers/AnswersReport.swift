import TetherUI

/// What became of every field once the answers were applied (``FormAnswers/apply(to:)``):
/// answered and from where, kept as the form had it, missing, invalid, still being checked,
/// or not asked (hidden or disabled).
public struct AnswersReport: Sendable {
    /// One field.
    public struct Entry: Hashable, Sendable {
        /// What became of it.
        public enum State: Hashable, Sendable {
            /// Answered from outside and valid.
            case answered(AnswerSource)
            /// Not answered from outside; its value (the model's, a draft's, a default) is valid.
            case kept
            /// Required and not answered.
            case missing
            /// Refused, with the sentence that says what to answer, and where the refused
            /// value came from (`nil`: the form's own value).
            case invalid(String, AnswerSource?)
            /// An asynchronous check has not answered yet.
            case pending(String)
            /// Hidden or disabled now: not asked, and its answer (if any) has no effect.
            case notAsked
        }

        /// The field's title ("Email").
        public var title: String
        /// Its key.
        public var key: String
        /// Its option (`--email`).
        public var option: String
        /// Its environment variable (`ONBOARDING_EMAIL`).
        public var variable: String
        /// Whether it is secret (never shown, never on the command line).
        public var isSecret: Bool
        /// The value in words, as the accessible review says it; "(hidden)" for a secret.
        public var value: String
        /// What became of it.
        public var state: State

        /// Whether the field still needs an answer.
        public var needsAnswer: Bool {
            switch state {
            case .missing, .invalid: true
            default: false
            }
        }
    }

    /// Every field that can take an answer, in form order.
    public var entries: [Entry]
    /// What could not be read (``FormAnswers/problems``).
    public var problems: [String]
    /// The names the options and variables use.
    public var names: AnswerNames

    /// Whether the form can be submitted as answered: nothing unreadable, nothing missing,
    /// invalid or still being checked.
    public var isComplete: Bool {
        problems.isEmpty
            && entries.allSatisfy { entry in
                switch entry.state {
                case .answered, .kept, .notAsked: true
                default: false
                }
            }
    }

    /// The fields still to answer, in form order.
    public var needingAnswers: [Entry] { entries.filter(\.needsAnswer) }
}
