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
/// promised. Once the field has held text, a crash writes no core dump until the field is freed
/// (``disablesCoreDumps``, on by default).
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
        followCoreDumpClaim()
    }

    isolated deinit {
        editor.wipe()
        if holdsCoreDumpClaim { CoreDumpGuard.release() }
    }

    /// Whether the process writes no core dump, and lets no other process of its user attach
    /// to it, once this field has held text (Linux: `prctl(PR_SET_DUMPABLE, 0)`, as
    /// ssh-agent and gpg-agent do; elsewhere it does nothing). `true` by default.
    ///
    /// The process stops being dumpable when the field first holds text, typed, pasted or
    /// written by a binding, and stays so until the field is freed or this is set to `false`:
    /// emptying the field is not enough, because its undo steps, the strings its binding
    /// handed out and freed memory can still hold the password. The flag is the process's:
    /// it goes back to what it was once no such field holds a claim. Set it to `false` while
    /// debugging a crash that needs a core dump; docs/reliability.md, "Core dumps", says what
    /// a core can hold then.
    public var disablesCoreDumps = true {
        didSet { followCoreDumpClaim() }
    }
    private var holdsCoreDumpClaim = false

    override func editorDidChange() { followCoreDumpClaim() }

    private func followCoreDumpClaim() {
        let wanted = disablesCoreDumps && (holdsCoreDumpClaim || !editor.graphemes.isEmpty)
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
