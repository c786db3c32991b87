import TetherReactive

/// A password field: a ``TextField`` in password mode.
///
/// It shows one mask character per grapheme (or nothing, with ``Mask/none``), and word
/// moves and word deletes act on the whole line, so the mask never reveals where words
/// break. The text never reaches the terminal, `description`, `dump` or a log. With
/// ``isRevealed`` set (or `rx.isRevealed` bound) to `true` it shows the text (a "show
/// password" toggle).
@MainActor
public final class SecureField: TextField {
    /// What the field shows for each grapheme.
    public enum Mask: Hashable, Sendable {
        /// One character per grapheme, `•` by default.
        case character(Character)
        /// Nothing: not even the length is shown.
        case none
    }

    /// The mask in use while not revealed.
    public let mask: Mask

    /// A password field.
    public init(
        text: String = "", placeholder: String = "", mask: Mask = .character("•"), maxLength: Int? = nil,
        width: Int? = nil
    ) {
        self.mask = mask
        super.init(
            text: text, placeholder: placeholder, echoMode: SecureField.echo(for: mask), maxLength: maxLength,
            width: width)
        editor.wordBoundaries = .line
    }

    private static func echo(for mask: Mask) -> EchoMode {
        switch mask {
        case .character(let c): .masked(c)
        case .none: .hidden
        }
    }

    /// Whether the text shows in clear; `false` (the default) masks it. Setting it to a different value redraws.
    /// Bind it with `rx.isRevealed`.
    public var isRevealed = false {
        didSet {
            guard isRevealed != oldValue else { return }
            echoMode = isRevealed ? .normal : SecureField.echo(for: mask)
        }
    }

    public override var description: String {
        "SecureField(\(editor.graphemes.isEmpty ? "empty" : "not empty")\(isRevealed ? ", revealed" : ""))"
    }
}
