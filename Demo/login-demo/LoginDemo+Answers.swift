import LoginDemoCore
import Tether
import TetherAnswers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The form answered from outside it (TetherAnswers, options and environment only, so the
/// demo links neither Foundation nor a YAML parser): `--username demo`, `LOGIN_DEMO_PASSWORD`
/// or `--password-file FILE`, `--remember`, `--session 60`.
extension LoginDemo {
    /// `--username`, `LOGIN_DEMO_USERNAME`, and so on for every field.
    static let names = AnswerNames(environmentPrefix: "LOGIN_DEMO_")

    /// What answering the form from outside decided.
    enum Answered {
        /// Run the form; `unattended`: there is no terminal and nothing is missing, so the
        /// answers are submitted without asking anything; `report`: what became of the
        /// answers given (`nil` when none were), for where focus starts.
        case run(unattended: Bool, report: AnswersReport?)
        /// Exit with this status at once (`--explain`, or answers that cannot be used).
        case exit(Int32)
    }

    /// Applies the answers given from outside to `form`: what is missing is asked (with a
    /// terminal, focus starts at it: ``LoginDemo/Answered/focus(in:)``) or, without a terminal, listed
    /// in one message (status 2).
    /// Nothing is done, not even a report built, when nothing is given.
    @MainActor
    static func answer(_ form: Form, arguments: [String], explain: Bool) -> Answered {
        // Nothing given (the usual start): no reader is built, so the start pays for one
        // look through the environment only (docs/performance.md).
        let environment = FormAnswers.processEnvironment(withPrefix: names.environmentPrefix)
        guard explain || !arguments.isEmpty || !environment.isEmpty else { return .run(unattended: false, report: nil) }
        let outside = FormAnswers(
            for: form, names: names, arguments: arguments, environment: environment,
            readStandardInput: FormAnswers.readStandardInput)
        let report = outside.apply(to: form)
        if explain {
            do {
                try ProgramOutput.printResult(report.explanation)
            } catch {
                printError("login-demo: \(error)")
                return .exit(ProgramOutput.failureStatus)
            }
            return .exit(report.problems.isEmpty ? 0 : 2)
        }
        let unattended = isatty(STDIN_FILENO) != 1
        if !report.problems.isEmpty || (unattended && !report.needingAnswers.isEmpty) {
            printError("login-demo: " + (report.failureMessage ?? "the answers cannot be used"))
            return .exit(2)
        }
        return .run(unattended: unattended, report: report)
    }

    /// The form's options and variables for `--help`, built only when help is asked for.
    static var formHelp: String {
        let asked = CommandLine.arguments.dropFirst().contains { ["--help", "-h", "help"].contains($0) }
        guard asked else { return "" }
        return MainActor.assumeIsolated {
            let screen = LoginScreen(viewModel: LoginViewModel(scheduler: MainScheduler.instance, delay: .zero))
            return "\n\n" + names.help(for: screen.form, answersFileOption: nil)
        }
    }
}

extension LoginDemo.Answered {
    /// Whether to ask nothing (no terminal, nothing missing).
    var isUnattended: Bool {
        if case .run(true, _) = self { return true }
        return false
    }

    /// Puts focus at the first field still to answer, once the application holds the form.
    @MainActor
    func focus(in form: Form) {
        if case .run(_, let report?) = self { report.focusFirstToAnswer(in: form) }
    }
}
