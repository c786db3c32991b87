/// A widget that the accessible presentation can ask for its value, one line at a time.
///
/// The accessible (and scripted) presentation asks every visible, enabled widget of a
/// ``Form`` that adopts this protocol, in form order: it prints the field's label followed
/// by the widget's ``AccessiblePrompt``, reads the answer (one line, or several until the
/// prompt's terminator) and hands it to ``applyAccessibleAnswer(_:)``.
///
/// Adopting it, a widget promises two things:
///
/// - ``accessiblePrompt`` says what to ask in plain words: the current value (never a
///   secret), a hint, the accepted answers (`[y/N]`, a range and step, numbered options),
///   and whether the answer is secret (terminal echo goes off while it is read) or spans
///   several lines.
/// - ``applyAccessibleAnswer(_:)`` applies the answer **as a user edit**, exactly as keys
///   would (`UserEditable`'s `userSet`, `TextField`'s edits), so `<->` bindings,
///   validation and commands behave as in full screen; or returns
///   ``AccessibleAnswer/invalid(_:)`` with a sentence saying what to answer, and changes
///   nothing. An empty answer keeps the current value.
///
/// ``TextField``, ``SecureField``, ``Toggle`` and ``Slider`` adopt it; the pickers, drop-downs
/// and check lists adopt it with ``AccessiblePrompt/options`` (numbered, one per line, after
/// the field's name and before its prompt line; a check list accepts numbers separated by commas), a text area with
/// ``AccessiblePrompt/Lines/untilEmptyLine``. Buttons are not asked: the form's default
/// button runs at the end.
@MainActor
public protocol AccessiblePrompting: Widget {
    /// How to ask for the value now (called each time the widget is asked).
    var accessiblePrompt: AccessiblePrompt { get }
    /// Applies `answer` (without its line break; several lines joined with `\n` for a
    /// multi-line prompt) as a user edit, or says why it cannot.
    func applyAccessibleAnswer(_ answer: String) -> AccessibleAnswer
}

/// What the accessible presentation prints after a field's label, and how it reads the answer.
public struct AccessiblePrompt: Hashable, Sendable {
    /// What a secret's question says of its typing: "typing is hidden". A conversation
    /// whose client's own terminal echoes what is typed (a server's client without a
    /// terminal) says its own note in its place (``typingNoteAround``).
    package static let typingHidden = "typing is hidden"

    /// A secret's question around its note on typing: the dialog puts its own note between
    /// the two where the typing cannot be hidden. `nil` for other questions.
    package var typingNoteAround: Around?
    /// The question of a field that must have an answer (a required check list: without
    /// "- for none"), when it differs from ``question``.
    package var requiredQuestion: String?

    /// The text before and after a part of a question that the dialog may say differently.
    package struct Around: Hashable, Sendable {
        package var before: String
        package var after: String
    }

    /// How many lines make an answer.
    public enum Lines: Hashable, Sendable {
        /// One line.
        case one
        /// Lines until an empty one (a text area).
        case untilEmptyLine
    }

    /// The question after the label, without the closing `: ` (`[y/N]`,
    /// `5 to 120 in steps of 5 [30 min]`, `[demo]`, `(your name)`).
    public var question: String
    /// Numbered options, said after the field's name and listed before the prompt line
    /// (a picker); more than nine are listed nine at a time.
    public var options: [String]
    /// The current answer in words, for the review before submit (`demo`, `yes`, `30 min`,
    /// `Email, SMS`; empty for no answer). `nil` takes the bracketed value at the end of
    /// ``question``. A secret's is never said: the review says "(hidden)", or "(no answer)"
    /// when it is empty.
    public var value: String?
    /// The current value as an answer that gives it back when applied
    /// (``AccessiblePrompting/applyAccessibleAnswer(_:)``): what a record of the answers
    /// keeps (a text area's lines joined with line breaks). `nil` takes ``value``.
    public var answer: String?
    /// The rule an answer follows, in words, when the widget has one of its own (a slider:
    /// `A number from 5 to 120 in steps of 5`): what a form's help says of it. `nil`: none.
    public var rule: String?
    /// The widget's own text (a toggle's title): its name when the form gives it no label, and
    /// said after the label when it has one ("Proxy: Use a proxy [y/N]").
    public var fallbackLabel: String?
    /// Whether the answer is secret: echo goes off while it is read and it is never printed.
    public var isSecret: Bool
    /// How many lines make an answer.
    public var lines: Lines

    /// A prompt.
    public init(
        question: String, fallbackLabel: String? = nil, options: [String] = [], isSecret: Bool = false,
        lines: Lines = .one, value: String? = nil, answer: String? = nil, rule: String? = nil
    ) {
        self.question = question
        self.answer = answer
        self.rule = rule
        self.value = value ?? AccessiblePrompt.bracketed(question)
        self.fallbackLabel = fallbackLabel
        self.options = options
        self.isSecret = isSecret
        self.lines = lines
    }
}

extension AccessiblePrompt {
    /// The text between the last `[` and a closing `]` at the end of `question`, if any.
    static func bracketed(_ question: String) -> String? {
        guard question.hasSuffix("]"), let open = question.lastIndex(of: "[") else { return nil }
        return String(question[question.index(after: open)..<question.index(before: question.endIndex)])
    }

    /// `text` as it can be heard: only spaces become "2 spaces" (a default of whitespace
    /// is otherwise invisible), anything else is kept.
    static func readable(_ text: String) -> String {
        guard !text.isEmpty, text.allSatisfy({ $0 == " " || $0 == "\t" }) else { return text }
        let count = text.count
        return count == 1 ? "1 space" : "\(count) spaces"
    }
}

/// What became of an answer.
public enum AccessibleAnswer: Hashable, Sendable {
    /// Applied (or kept, when empty).
    case accepted
    /// Not applied: the sentence says what to answer; the field is asked again.
    case invalid(String)
}
