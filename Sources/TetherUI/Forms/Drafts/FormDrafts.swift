#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherReactive

/// A form's drafts: the values of its keyed, non-secret fields saved to a file while the
/// form is dirty, so an interrupted session can resume (``Form/keepDrafts(at:debounce:)``).
///
/// - **Saving**: ``debounce`` after the last change, the values are written by key (a
///   `SecureField`'s value and fields marked ``FormField/isSecret`` never are). When the
///   form is clean again the file is removed.
/// - **Resuming**: a draft found when drafts are turned on is ``hasDraft``; the form
///   offers it ("Resume where you left off?") when it first shows, or the app calls
///   ``resume()`` or ``discard()`` itself. Until one of them, nothing is saved over it.
/// - **Submitting**: a successful run of the form's submit command removes the draft.
@MainActor
public final class FormDrafts {
    /// The draft file's path.
    public let path: String
    /// How long the values must rest before they are saved.
    public let debounce: Duration
    private weak var form: Form?
    private let file: DraftFile
    private var saved: [(key: String, value: DraftData)]?
    private var timer: (any Disposable)?
    private var applying = false
    /// Whether the waiting draft has been offered (a dialog, or a question in the
    /// accessible presentation).
    var offered = false

    init(form: Form, path: String, debounce: Duration) {
        self.form = form
        self.path = path
        self.debounce = debounce
        self.file = DraftFile(path: path)
        switch file.read() {
        case .none: saved = nil
        case .draft(let entries):
            saved = entries.isEmpty ? nil : entries
            var status = stat()
            if stat(path, &status) == 0 {
                #if canImport(Darwin)
                savedAt = Int(status.st_mtimespec.tv_sec)
                #else
                savedAt = Int(status.st_mtim.tv_sec)
                #endif
            }
        case .refused(let reason):
            saved = nil
            if let aside = file.moveAside() {
                problem = "The draft \(path) was not read: \(reason). It was moved to \(aside); the form starts empty."
            } else {
                blocked = true
                problem =
                    "The draft \(path) was not read: \(reason). It could not be moved aside, so no draft is saved "
                    + "over it; remove it to keep drafts again."
            }
        }
    }

    /// Why the file at ``path`` was not offered as a draft, naming the file and where it was
    /// moved (too large, lists nested too deep, not a draft, unreadable); `nil` when a draft
    /// was read or there was none. The form starts anyway; an app says it to the person
    /// (onboarding-example writes it to standard error before the form shows).
    public private(set) var problem: String?
    /// Whether an unreadable draft could not be moved aside: then nothing is saved over it.
    private var blocked = false

    isolated deinit { timer?.dispose() }

    /// Whether a draft from an earlier session waits for ``resume()`` or ``discard()``.
    public var hasDraft: Bool { saved != nil }

    /// What the form asks when it offers a draft with `changes` answers, saved `age` ago.
    static func offerQuestion(changes: Int, age: String?) -> String {
        "Resume where you left off? A draft \(age.map { "saved \($0) " } ?? "")holds \(changes) "
            + "\(changes == 1 ? "answer" : "answers"); starting over removes it."
    }

    /// When the waiting draft was saved (its file's time, in seconds since 1970).
    private var savedAt: Int?

    /// How long ago the waiting draft was saved, as a person says it (`12 minutes ago`);
    /// `nil` when unknown.
    var draftAge: String? {
        savedAt.map { Self.spoken(secondsAgo: max(0, time(nil) - $0)) }
    }

    /// `less than a minute ago`, `1 minute ago`, `3 hours ago`, `2 days ago`.
    static func spoken(secondsAgo seconds: Int) -> String {
        func count(_ number: Int, _ unit: String) -> String { "\(number) \(unit)\(number == 1 ? "" : "s") ago" }
        if seconds < 60 { return "less than a minute ago" }
        if seconds < 3600 { return count(seconds / 60, "minute") }
        if seconds < 86_400 { return count(seconds / 3600, "hour") }
        return count(seconds / 86_400, "day")
    }

    /// How many fields the waiting draft would change.
    public var draftChanges: Int {
        guard let saved, let form else { return 0 }
        return saved.filter { entry in
            guard let field = form.field(forKey: entry.key) else { return false }
            return field.draftData != entry.value
        }.count
    }

    /// Writes the waiting draft's values into their fields as the user's edits (the model
    /// bound to each field receives them; the form becomes dirty). Values that no longer fit
    /// a field, keys the form no longer has, and fields answered from outside the form
    /// (``Form/Field/isAnsweredFromOutside``: an option or a variable beats a draft) are
    /// skipped.
    public func resume() {
        guard let saved, let form else { return }
        self.saved = nil
        applying = true
        for entry in saved {
            guard let field = form.field(forKey: entry.key), !field.isAnsweredFromOutside else { continue }
            _ = field.applyDraft(entry.value)
        }
        applying = false
        save()
    }

    /// Forgets the waiting draft and removes the file.
    public func discard() {
        saved = nil
        timer?.dispose()
        timer = nil
        if let code = file.remove() { failed("removed", code) }
    }

    /// Whether drafts are off for this run: the accessible presentation's answers come from a
    /// pipe or a file (a script's, not a person's), so no draft is offered (it would take
    /// the first answer) and none is saved; a draft already there stays for the next run.
    public private(set) var isOffForScript = false

    /// Turns drafts off for a scripted run (``isOffForScript``).
    func turnOffForScript() {
        isOffForScript = true
        timer?.dispose()
        timer = nil
    }

    /// Whether a change waits for its debounce to be saved.
    var isWaitingToSave: Bool { timer != nil }

    /// A value changed: saves `debounce` later (at once without a scheduler).
    func valueChanged() {
        guard !applying, saved == nil, !isOffForScript else { return }
        timer?.dispose()
        guard let scheduler = form?.hostScheduler, debounce > .zero else { return save() }
        timer = scheduler.schedule(after: debounce) { [weak self] in self?.save() }
    }

    /// Saves now: the keyed, non-secret values while one of them is dirty; removes the file
    /// when none is (a secret or a field without a key changed only: the draft would hold
    /// nothing of it).
    public func save() {
        timer?.dispose()
        timer = nil
        guard saved == nil, !blocked, !isOffForScript, let form else { return }
        guard form.fields.contains(where: { $0.isDirty && $0.draftData != nil }) else {
            if let code = file.remove() { failed("removed", code) }
            return
        }
        let entries = form.fields.compactMap { field in field.draftData.map { (key: field.key, value: $0) } }
        if let code = file.write(entries) { failed("saved", code) }
    }

    /// Whether a failure to save or remove the draft has been said: it is said once.
    private var failureSaid = false

    /// Says, once, in the form's message row, that the draft file cannot be `action`
    /// (`saved`, `removed`) and why; the form goes on working.
    private func failed(_ action: String, _ code: Int32) {
        guard !failureSaid, let form else { return }
        failureSaid = true
        let reason = String(cString: strerror(code))
        form.showNotice(
            "The draft cannot be \(action) at \(path): \(reason). The form still works; what you type is kept "
                + "until you leave.")
    }
}

extension Form {
    /// Turns drafts on (see ``FormDrafts``): values are saved to `path` `debounce` after
    /// each change while the form is dirty. Returns the drafts; ``drafts`` keeps them.
    @discardableResult
    public func keepDrafts(at path: String, debounce: Duration = .seconds(1)) -> FormDrafts {
        let drafts = FormDrafts(form: self, path: path, debounce: debounce)
        retained.append(drafts)
        draftStore = drafts
        return drafts
    }

    /// The drafts turned on with ``keepDrafts(at:debounce:)``, if any.
    public var drafts: FormDrafts? { draftStore }
}
