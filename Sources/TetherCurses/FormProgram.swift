public import TetherTerminal
public import TetherUI

/// What a form program's `main` does around its form: the presentation it runs in, and the
/// exit status it ends with, the same for every Tether program.
///
/// ```swift
/// let app = Application(root: screen.root, backend: FormProgram.backend(accessible: accessible, inline: inline))
/// var outcome: String?
/// viewModel.submit.values.subscribe(onNext: { outcome = $0; app.quit() }).disposed(by: bag)
/// exit(FormProgram.run(app, name: "signup-example") { outcome })
/// ```
@MainActor
public enum FormProgram {
    /// The form was completed; its outcome is on standard output.
    public static let completed: Int32 = 0
    /// The person left without completing it (Esc, a Cancel button, Ctrl-C).
    public static let left: Int32 = 1
    /// No usable terminal (no `/dev/tty`, an unknown `TERM`), or the answers on standard
    /// input ended before the form was complete.
    public static let unusable: Int32 = 2
    /// Another error ended the run.
    public static let failed: Int32 = 3

    /// The backend for a program run from a shell: the accessible presentation (one question
    /// a line) when `accessible` or when it is preferred (`AccessibleBackend.isPreferred`:
    /// `TERM` dumb or unset, or no terminal while standard input can answer); otherwise the
    /// controlling terminal, inline below the cursor when `inline`, else on the alternate
    /// screen.
    public static func backend(
        accessible: Bool = false, inline: Bool = false, options: VTBackend.Options = VTBackend.Options()
    ) -> any TerminalBackend {
        if accessible || AccessibleBackend.isPreferred { return AccessibleBackend() }
        return CursesBackend(options: options, presentation: inline ? .inline : .fullScreen)
    }

    /// Runs `app` on the main thread and returns the program's exit status; what went wrong
    /// is said on standard error as `name: …`. Once the run ended, `outcome` is asked for the
    /// form's result: text is printed on standard output and the status is ``completed`` (or
    /// `ProgramOutput.failureStatus`, 74, when standard output cannot take it); `nil` is
    /// ``left``. A signal that ended the run (`SIGTERM`, `SIGHUP`) gives 128 + its number,
    /// never a cancel; ``unusable`` when there is no usable terminal or the input ended
    /// early (`TerminalError`, `AccessibleInputError`); ``failed`` for any other error.
    public static func run(_ app: Application, name: String, outcome: () -> String?) -> Int32 {
        status(of: Result { try app.runOnMainThread() }, name: name, outcome: outcome)
    }

    /// The exit status of a run that ended with `run` (its exit, or the error it threw), as
    /// ``run(_:name:outcome:)`` gives it: for a program that runs its application otherwise
    /// (`try await app.run()` from an asynchronous `main`).
    public static func status(
        of run: Result<Application.Exit, any Error>, name: String, outcome: () -> String?
    ) -> Int32 {
        let exit: Application.Exit
        do {
            exit = try run.get()
        } catch let error as TerminalError {
            return fail(name, error, status: unusable)
        } catch let error as AccessibleInputError {
            return fail(name, error, status: unusable)
        } catch {
            return fail(name, error, status: failed)
        }
        if let status = exit.signalStatus { return status }
        guard let text = outcome() else { return left }
        do {
            try ProgramOutput.printResult(text)
        } catch {
            return fail(name, error, status: ProgramOutput.failureStatus)
        }
        return completed
    }

    private static func fail(_ name: String, _ error: any Error, status: Int32) -> Int32 {
        ProgramOutput.printError("\(name): \(error)")
        return status
    }
}
