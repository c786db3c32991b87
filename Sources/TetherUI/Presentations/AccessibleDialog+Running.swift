import TetherReactive

/// The default button's command as the dialog tells it: its start, then its outcome; an
/// error asks the fields again.
extension AccessibleDialog {
    func started(_ run: CommandRun) {
        guard state == .running, let button = defaultButton else { return }
        runStarted = true
        write(CommandRun.sentence(button.progressText ?? button.title + "…") + "\n")
        runSubscription?.dispose()
        runSubscription = run.whenEnded { [weak self] outcome in self?.ended(outcome) }
    }

    func ended(_ outcome: CommandRun.Outcome) {
        guard state == .running else { return }
        switch outcome {
        case .succeeded(let sentence):
            write(sentence + "\n")
            finish()
            app?.quit()
        case .failed(let sentence):
            write(sentence + "\n")
            askAgainAfterRun(said: sentence)
        case .cancelled:
            write("Cancelled.\n")
            askAgainAfterRun()
        }
    }

    /// Asks the fields again once the command has stopped executing (its error arrives
    /// just before), so fields it disabled are enabled again: from the first invalid one
    /// (a field the command refused: its message, when not the sentence `said` just now,
    /// then its question without the refused value), else from the first.
    func askAgainAfterRun(said: String? = nil) {
        state = .idle
        _ = app?.scheduler.schedule(after: .zero) { [weak self] in
            guard let self, self.state == .idle else { return }
            self.askNext(from: self.firstInvalidItem.map { self.sayWhy($0, unlessSaid: said) } ?? 0)
        }
    }
}
