import TetherReactive

/// A password field: a ``TextField`` in password mode.
///
/// It shows one mask character per grapheme (or nothing, with ``Mask/none``), and word
/// moves and word deletes act on the whole line, so the mask never reveals where words
/// break; for the same reason undo takes back everything typed in one go as one step,
/// spaces and punctuation included (a caret move, another kind of edit or a pause of more
/// than a second still ends a step). The text never reaches the terminal, `description`, `dump` or a log. With
/// ``isRevealed`` set (or `rx.isRevealed` bound) to `true` it shows the text (a "show
/// password" toggle).
///
/// **Memory.** The field overwrites the text it lets go of: the slots a delete or an edit
/// leaves, its storage when it grows, the whole text when a model write replaces it (a
/// Reset) and when the field is freed, and its undo steps when they are forgotten. The
/// string it hands to a binding (`rx.text`) is an ordinary Swift `String`, which nothing
/// overwrites; docs/reliability.md, "Secrets in memory", says exactly what is and is not
/// promised. Set ``disablesCoreDumps`` to keep a crash from writing the text into a core dump.
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
        editor.wipesText = true
    }

    isolated deinit {
        editor.wipe()
        if holdsCoreDumpClaim { CoreDumpGuard.release() }
    }

    /// Whether the process writes no core dump, and lets no other process of its user attach
    /// to it, while this field holds text (Linux: `prctl(PR_SET_DUMPABLE, 0)`; elsewhere it
    /// does nothing). `false` by default. The setting is the process's: it is off while any
    /// such field holds text, and back as it was once none does (emptied, reset or freed).
    public var disablesCoreDumps = false {
        didSet { followCoreDumpClaim() }
    }
    private var holdsCoreDumpClaim = false

    override func editorDidChange() { followCoreDumpClaim() }

    private func followCoreDumpClaim() {
        let wanted = disablesCoreDumps && !editor.graphemes.isEmpty
        guard wanted != holdsCoreDumpClaim else { return }
        holdsCoreDumpClaim = wanted
        if wanted { CoreDumpGuard.claim() } else { CoreDumpGuard.release() }
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
