import TetherReactive

extension Form {
    /// A command that submits the form by running `command`, for the form's default button:
    /// `signIn.bind(form.submitCommand(running: viewModel.signIn))`.
    ///
    /// - Enabled while `command` is and no field is invalid (a pending check does not
    ///   disable it), so a button bound to it follows the form's validity.
    /// - An execution first shows every field's message. While checks are pending it waits
    ///   for them (the button's spinner turns); then, when every field is valid, it runs
    ///   `command` and passes on its values and its end. When some field is invalid it runs
    ///   nothing: the form says which fields need attention, focus moves to the first, and
    ///   the execution fails with ``FormInvalidError``. A run of `command` that produces a value and
    ///   completes makes the form clean (``markClean()``: ``confirmDiscard(_:)`` then asks
    ///   nothing) and removes its draft (``FormDrafts``).
    /// - When `command`'s run fails, its error (its `description`) shows in the form's
    ///   message row under the buttons, full screen and inline, until the person edits a
    ///   field or submits again (``showsSubmitErrors``); the accessible presentation says it
    ///   as a sentence. A ``FieldRefusal`` shows under its field instead, which takes focus
    ///   and stays invalid until its value changes.
    /// - Disposing the execution (Esc, `Command.cancelAll()`) stops the wait or `command`'s run.
    ///
    /// The form keeps the command as long as it lives.
    ///
    /// Enter on the form's default button while it is disabled because of invalid fields
    /// says the same and moves focus the same way. Moving between fields, going back and
    /// cancelling are never blocked by validation.
    public func submitCommand<Output>(running command: Command<Void, Output>) -> Command<Void, Output> {
        let hasErrors = hasErrorsObservable
        // Both sources send only changes; a two-flag `and` costs less per change than
        // combineLatest (this runs on every key that flips the form's validity).
        let enabled = Observable<Bool>.create { observer in
            var commandEnabled = true, noErrors = true
            var sent: Bool?
            let send = {
                let value = commandEnabled && noErrors
                guard value != sent else { return }
                sent = value
                observer.on(.next(value))
            }
            let first = command.isEnabled.subscribe(onNext: {
                commandEnabled = $0
                send()
            })
            let second = hasErrors.subscribe(onNext: {
                noErrors = !$0
                send()
            })
            return CompositeDisposable([first, second])
        }
        let submit = Command<Void, Output>(enabledIf: enabled) { [weak self] () -> Observable<Output> in
            guard let self else { return .empty() }
            return self.submission(running: command)
        }
        retained.append(submit)
        return submit
    }

    private func submission<Output>(running command: Command<Void, Output>) -> Observable<Output> {
        Observable.create { @MainActor [weak self] observer in
            let work = SerialDisposable()
            let proceed: @MainActor () -> Void = { [weak self] in
                guard let self else { return observer.on(.completed) }
                if self.statusIsNotice { self.showStatus(nil) }
                if self.explainInvalid() {
                    observer.on(.error(FormInvalidError(fields: self.invalidFields.map { $0.title })))
                } else {
                    var produced = false
                    work.disposable = command.execute().asObservable().subscribe(
                        AnyObserver { [weak self] event in
                            if case .next = event { produced = true }
                            if case .error(let error) = event { self?.showRunError(error) }
                            if case .completed = event, produced {
                                // Submitted: nothing is unsaved (Esc asks nothing), no draft is kept.
                                self?.markClean()
                                self?.drafts?.discard()
                            }
                            observer.on(event)
                        })
                }
            }
            guard let self else {
                observer.on(.completed)
                return work
            }
            for field in self.fields { field.reveal() }
            if self.pendingFields.isEmpty {
                proceed()
            } else {
                var waited = false
                work.disposable = self.rx.pendingFields.filter(\.isEmpty).take(1).subscribe(onNext: { _ in
                    guard !waited else { return }
                    waited = true
                    proceed()
                })
            }
            return work
        }
    }
}

extension Form {
    /// Shows what a submit's run threw in the form's message row, until the person edits a
    /// keyed field or submits again; a ``FieldRefusal`` under its field (whatever
    /// ``showsSubmitErrors`` says: the app asked for it). A cancelled run says nothing.
    fileprivate func showRunError(_ error: any Error) {
        guard !(error is CancellationError), !(error is FormInvalidError) else { return }
        if let refusal = error as? FieldRefusal, let field = field(forKey: refusal.key), field.isVisible {
            // A field on another step: that step shows, as for a submit that finds it invalid.
            if let step = step(of: field), step.isVisible { show(step) }
            field.refuse(refusal.message)
            field.reveal()
            if field.widget.acceptsFocus { field.widget.focus() }
            return
        }
        guard showsSubmitErrors else { return }
        showNotice(String(describing: error))
    }
}

/// A submit found invalid fields and ran nothing (``Form/submitCommand(running:)``).
public struct FormInvalidError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The titles of the invalid fields, in row order.
    public var fields: [String]

    /// An error naming `fields`.
    public init(fields: [String]) { self.fields = fields }

    /// "Email needs attention" or "2 fields need attention: Email, Port".
    public var description: String {
        fields.count == 1
            ? "\(fields[0]) needs attention"
            : "\(fields.count) fields need attention: " + fields.joined(separator: ", ")
    }
}
