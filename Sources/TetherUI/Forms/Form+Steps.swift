import TetherReactive

/// The steps of a form in pages: the step that shows, and the row of Back and Next under
/// it. Made by the form's first ``Form/addStep(_:key:)``.
@MainActor
final class FormSteps {
    var current: Form.Section?
    let back = Button("Back")
    let next = Button("Next")
    let navigation: ButtonRow
    var currentSubject: BehaviorSubject<Form.Section?>?
    /// Next's command: it waits for the step's pending checks (the button's spinner turns).
    var forward: Command<Void, Void>?
    /// Whether the form's message row speaks of the current step only (Next refused it),
    /// rather than of the whole form (a submit refused it).
    var statusIsStepOnly = false
    let bag = DisposeBag()

    init() { navigation = ButtonRow([back, next]) }

    isolated deinit { currentSubject?.onCompleted() }
}

extension Form {
    // MARK: Adding steps

    /// Adds a step: a page holding the rows added after it, up to the next step. A form
    /// with steps shows one at a time, headed "Step 2 of 4: Machine", with Back and Next
    /// under it; rows added before the first step show on every page.
    ///
    /// - Next (and Enter from the step's last text field) checks only the step's own
    ///   fields. While one of their checks is pending it waits (Next's spinner turns, the
    ///   field shows the check's text). When one is invalid it stays, says which of the
    ///   step's fields need attention and focuses the first; otherwise it shows the next
    ///   step and focuses its first field.
    /// - Back is never blocked and keeps everything typed.
    /// - A hidden step (``Form/Section/isVisible`` `false`, or bound to a condition) is skipped
    ///   and not counted.
    /// - The last step has no Next: its rows end with the form's buttons, and Enter presses
    ///   the ``defaultButton``. A submit that finds an invalid field in an earlier step
    ///   shows that step and focuses the field.
    ///
    /// The accessible presentation says each step's heading before its first question.
    @discardableResult
    public func addStep(_ title: String, key: String? = nil) -> Section {
        let steps = stepState ?? makeStepState()
        let step = Section(title: title, key: key, isStep: true, form: self)
        appendRow(.section(step), children: [step.heading])
        addChild(step.heading)
        if steps.current == nil { steps.current = step }
        stepsChanged()
        return step
    }

    private func makeStepState() -> FormSteps {
        let steps = FormSteps()
        stepState = steps
        appendRow(.widget(steps.navigation), children: [steps.navigation])
        addChild(steps.navigation)
        steps.back.rx.tap.subscribe(onNext: { [weak self] in self?.goBack() }).disposed(by: steps.bag)
        let forward = Command<Void, Void> { [weak self] () -> Observable<Void> in
            self?.forwardWhenChecked() ?? .empty()
        }
        steps.forward = forward
        steps.next.bind(forward)
        makeStatusRowIfNeeded()
        return steps
    }

    // MARK: Moving between steps

    /// The steps, in order, hidden ones included.
    public var steps: [Section] { sections.filter(\.isStep) }

    /// The step that shows (`nil` for a form without steps). Setting it shows that step
    /// as Back would: nothing is checked.
    public var currentStep: Section? {
        get { stepState?.current }
        set {
            guard let newValue, newValue.isStep, newValue.form === self else { return }
            show(newValue)
        }
    }

    /// The steps that are not skipped, in order.
    private var shownSteps: [Section] { steps.filter(\.isVisible) }

    /// Goes to the next step that is not skipped: when a field of the current step is
    /// invalid it stays, says which fields need attention and focuses the first. Returns
    /// whether it moved. It does not wait for a pending check (Next does: see
    /// ``addStep(_:key:)``).
    @discardableResult
    public func goForward() -> Bool {
        guard let current = currentStep else { return false }
        let own = fields(inStep: current)
        for field in own { field.reveal() }
        let invalid = own.filter { $0.validation.isInvalid }
        if let first = invalid.first {
            stepState?.statusIsStepOnly = true
            showStatus(invalidSummary(inStepOnly: true))
            if first.widget.acceptsFocus { first.widget.focus() }
            return false
        }
        let shown = shownSteps
        guard let index = shown.firstIndex(where: { $0 === current }), index + 1 < shown.count else { return false }
        show(shown[index + 1])
        return true
    }

    /// Next: goes forward once the current step's pending checks have given their verdicts
    /// (the step stays when one refuses). Going to another step meanwhile drops the move.
    private func forwardWhenChecked() -> Observable<Void> {
        guard let current = currentStep else { return .empty() }
        let own = fields(inStep: current)
        for field in own { field.reveal() }
        let isOwnPending: ([Field]) -> Bool = { pending in pending.contains { field in own.contains { $0 === field } } }
        guard isOwnPending(pendingFields) else {
            goForward()
            return .empty()
        }
        return Observable.create { [weak self] observer in
            guard let self else { return Disposables.create() }
            return self.rx.pendingFields.filter { !isOwnPending($0) }.take(1).subscribe(onNext: { [weak self] _ in
                if let self, self.currentStep === current { self.goForward() }
                observer.on(.completed)
            })
        }
    }

    /// Goes back to the previous step that is not skipped, keeping every answer; never
    /// blocked by validation.
    public func goBack() {
        let shown = shownSteps
        guard let current = currentStep, let index = shown.firstIndex(where: { $0 === current }), index > 0
        else { return }
        show(shown[index - 1])
    }

    /// Shows `step` and focuses its first field.
    func show(_ step: Section) {
        guard let steps = stepState, steps.current !== step else { return }
        steps.current = step
        showStatus(nil)
        stepsChanged()
        steps.currentSubject?.onNext(step)
        if let first = focusChain().first(where: { $0.acceptsFocus }) { first.focus() }
    }

    /// Whether the current step is the last one shown (or the form has no steps).
    var isOnLastStep: Bool {
        guard let current = currentStep else { return true }
        return shownSteps.last === current
    }

    /// The button Enter presses from the last text field: Next before the last step, the
    /// ``defaultButton`` on it.
    var enterButton: Button? { isOnLastStep ? defaultButton : stepState?.next }

    // MARK: Keeping the steps in order

    /// The steps or the current one changed: headings are numbered again, Back and Next
    /// show where they lead somewhere, and the layout and focus order follow.
    func stepsChanged() {
        guard let steps = stepState else { return }
        let shown = shownSteps
        if let current = steps.current, !current.isVisible, let replacement = shown.first {
            steps.current = replacement
        }
        for (index, step) in shown.enumerated() {
            step.heading.text = "Step \(index + 1) of \(shown.count): \(step.title)"
        }
        let position = steps.current.flatMap { current in shown.firstIndex { $0 === current } } ?? 0
        steps.back.isHidden = position == 0
        steps.next.isHidden = position + 1 >= shown.count
        steps.navigation.isHidden = steps.back.isHidden && steps.next.isHidden
        setNeedsLayout()
        structureChanged()
    }

    /// The fields in `step`'s rows (its sections' included).
    public func fields(inStep step: Section) -> [Field] { fields(after: step, endingAt: \.isStep) }

    /// The step holding `field` (`nil`: the form has no steps, or the field comes before
    /// the first).
    public func step(of field: Field) -> Section? {
        guard stepState != nil, let index = rowOfChild[ObjectIdentifier(field.widget)] else { return nil }
        for row in rows[...index].reversed() {
            if case .section(let section) = row, section.isStep { return section }
        }
        return nil
    }

    /// Whether row `index` shows on the current step: rows before the first step, the
    /// current step's heading and rows, the form's message row, and Back/Next.
    func rowShownInStep(_ index: Int, inStep step: Section?) -> Bool {
        guard let steps = stepState else { return true }
        switch rows[index] {
        case .section(let section) where section.isStep: return section === steps.current
        case .widget(let widget) where widget === steps.navigation || widget === statusLabel: return true
        default: return step == nil || step === steps.current
        }
    }
}

extension Reactive where Base: Form {
    /// The step that shows: now, then each change (Next, Back, a skipped step). Completes
    /// when the form goes away. `nil` for a form without steps.
    public var currentStep: Observable<Form.Section?> {
        guard let steps = base.stepState else { return .just(nil) }
        if let subject = steps.currentSubject { return subject.asObservable() }
        let subject = BehaviorSubject(value: steps.current)
        steps.currentSubject = subject
        return subject.asObservable()
    }
}
