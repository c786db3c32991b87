/// A text editor's undo and redo steps. Each step is a group of changes undone together:
/// the graphemes typed in one word (or up to a pause in typing), a run of Backspaces, a
/// paste, a word delete, a kill.
///
/// It holds the text the user typed, so it shows nothing in `description` or `dump`.
struct UndoHistory: Sendable, CustomStringConvertible, CustomReflectable {
    /// One replacement of graphemes, with the caret before and after it. The graphemes are
    /// kept in buffers of their own, which hold ASCII text as one byte a grapheme.
    struct Change: Sendable {
        let start: Int
        var removed: GraphemeBuffer
        var inserted: Inserted
        let caretBefore: Int
        let caretAfter: Int

        /// Overwrites the graphemes the change holds (see ``GraphemeBuffer/wipe()``).
        mutating func wipe() {
            removed.wipe()
            inserted.wipe()
        }
    }

    /// What a change inserted.
    enum Inserted: Sendable {
        /// The graphemes themselves.
        case graphemes(GraphemeBuffer)
        /// A string whose segmentation gave the graphemes, and their count: a text that is
        /// not all ASCII costs its UTF-8 bytes here instead of 17 bytes a grapheme, and
        /// segmenting the same string again gives the same graphemes.
        case segmented(String, count: Int)

        var count: Int {
            switch self {
            case .graphemes(let buffer): buffer.count
            case .segmented(_, let count): count
            }
        }

        var buffer: GraphemeBuffer {
            switch self {
            case .graphemes(let buffer): buffer
            case .segmented(let text, _): GraphemeBuffer(text)
            }
        }

        /// Overwrites the graphemes in place (a string cannot be: a secret's editor keeps
        /// none, see ``TextEditor/wipesText``).
        mutating func wipe() {
            guard case .graphemes(var buffer) = self else { return }
            self = .graphemes(GraphemeBuffer(""))  // the buffer's storage is now held once
            buffer.wipe()
        }
    }

    /// How a change joins the step before it.
    enum Kind: Sendable {
        /// A grapheme typed inside a word: joins a typing step that ends at the caret.
        case typing
        /// A grapheme that starts a new word: starts a typing step.
        case typingNewWord
        /// One grapheme deleted: joins a deleting step that ends at the caret.
        case deleting
        /// A step of its own (a paste, a word delete, a kill).
        case single
    }

    private var undoSteps: [[Change]] = []
    private var redoSteps: [[Change]] = []
    private var openKind: Kind?
    /// When the last key reached the editor, on the widget's scheduler clock.
    private var lastKeyTime: Duration?

    /// The most steps kept; older ones are forgotten.
    static let limit = 200
    /// A pause in typing longer than this starts a new step, even inside a word.
    static let pause: Duration = .seconds(1)

    var canUndo: Bool { !undoSteps.isEmpty }
    var canRedo: Bool { !redoSteps.isEmpty }

    /// Whether steps are overwritten when they are forgotten (a password's editor).
    var wipesText = false

    /// Adds `change`, to the open step when it continues it, else as a new step. Clears redo.
    mutating func record(_ change: Change, kind: Kind) {
        if wipesText { Self.wipe(&redoSteps) }
        redoSteps.removeAll()
        let continues = (openKind == .typing && kind == .typing) || (openKind == .deleting && kind == .deleting)
        if continues, let last = undoSteps.last?.last, last.caretAfter == change.caretBefore {
            undoSteps[undoSteps.count - 1].append(change)
        } else {
            undoSteps.append([change])
            if undoSteps.count > Self.limit {
                if wipesText { Self.wipe(&undoSteps, 0..<1) }
                undoSteps.removeFirst()
            }
        }
        openKind = kind == .single ? nil : (kind == .typingNewWord ? .typing : kind)
    }

    /// Forgets every step (overwriting their graphemes first when ``wipesText``).
    mutating func clear() {
        if wipesText {
            Self.wipe(&undoSteps)
            Self.wipe(&redoSteps)
        }
        undoSteps = []
        redoSteps = []
        openKind = nil
        lastKeyTime = nil
    }

    /// Overwrites the changes of the steps in `range` (all by default), in place: each
    /// buffer's storage is held once, so nothing is copied before it is overwritten.
    private static func wipe(_ steps: inout [[Change]], _ range: Range<Int>? = nil) {
        for step in range ?? steps.indices {
            for change in steps[step].indices { steps[step][change].wipe() }
        }
    }

    /// Ends the open step: the next change starts a new one (after a caret move).
    mutating func seal() { openKind = nil }

    /// Notes that a key reached the editor at `now`: after a pause longer than ``pause``
    /// since the previous key, the open step ends. `nil` (no clock) groups by word only.
    mutating func noteKey(at now: Duration?) {
        if let now, let last = lastKeyTime, now - last > Self.pause { seal() }
        lastKeyTime = now
    }

    /// Removes the last step for undoing and keeps it for redo.
    mutating func popUndo() -> [Change]? {
        openKind = nil
        guard let step = undoSteps.popLast() else { return nil }
        redoSteps.append(step)
        return step
    }

    /// Removes the last undone step for redoing and keeps it for undo.
    mutating func popRedo() -> [Change]? {
        openKind = nil
        guard let step = redoSteps.popLast() else { return nil }
        undoSteps.append(step)
        return step
    }

    var description: String { "UndoHistory(\(undoSteps.count) undo, \(redoSteps.count) redo)" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension TextEditor {
    /// Notes that a key is about to reach the editor at `now` on the widget's scheduler
    /// clock: typing after a pause of more than a second starts a new undo step, even
    /// inside a word. Widgets call it before each key, paste or edit intent.
    mutating func noteKey(at now: Duration?) { history.noteKey(at: now) }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { history.canUndo }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { history.canRedo }

    /// Undoes the last step and puts the caret where it was before it. Returns whether the
    /// text changed.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let step = history.popUndo() else { return false }
        for change in step.reversed() { revert(change) }
        return true
    }

    /// Redoes the last undone step and puts the caret after it. Returns whether the text
    /// changed.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let step = history.popRedo() else { return false }
        for change in step { apply(change) }
        return true
    }
}
