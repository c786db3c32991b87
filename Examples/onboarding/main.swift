import ArgumentParser
import OnboardingCore
import Tether

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `onboarding-example`: a new developer's onboarding form in three sections, written with
/// the form builder. Prints the answers as one JSON object (never the password) when saved.
@main
struct OnboardingExample: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "onboarding-example",
        abstract: "An onboarding form: validators, an asynchronous check, a conditional field and drafts.",
        discussion: """
            Standard output carries only the answers, as one JSON object without the password, \
            once saved. Exit status is 0 after a save, 1 when you leave without one, 2 when there \
            is no usable terminal or the answers ended early, 3 on another error, 74 when the \
            answers could not be written to standard output.

            Answers typed so far are kept in a draft (--draft) and offered at the next start; \
            a save removes it. Answers piped in (--accessible without a terminal) keep no draft.
            """)

    @Flag(help: "Ask the fields line by line (screen readers, scripts) instead of drawing the form.")
    var accessible = false

    @Flag(help: "Draw the form below the cursor on the normal screen instead of the alternate screen.")
    var inline = false

    @Option(help: "Where the draft is kept (default: ~/.tether-onboarding-draft.json; - for none).")
    var draft: String?

    func run() throws {
        let status = MainActor.assumeIsolated {
            OnboardingExample.runForm(
                accessible: accessible || AccessibleBackend.isPreferred, inline: inline, draft: draftPath)
        }
        throw ExitCode(status)
    }

    /// The draft's path: none for `-` or when answers are piped in.
    var draftPath: String? {
        if draft == "-" || isatty(STDIN_FILENO) == 0 { return nil }
        if let draft { return draft }
        return getenv("HOME").map { String(cString: $0) + "/.tether-onboarding-draft.json" }
    }

    /// Runs the form and returns the exit status.
    @MainActor
    static func runForm(accessible: Bool, inline: Bool, draft: String?) -> Int32 {
        let model = OnboardingModel(scheduler: MainScheduler.instance)
        let screen = OnboardingScreen(model: model, draftPath: draft)
        let backend: any TerminalBackend =
            accessible
            ? AccessibleBackend() : CursesBackend(options: .init(), presentation: inline ? .inline : .fullScreen)
        // A file at the draft's path that is not a draft was moved aside: say so before the form.
        if let problem = screen.form.drafts?.problem { ProgramOutput.printError("onboarding-example: \(problem)") }
        let app = Application(root: screen.root, backend: backend)
        screen.attach(to: app)
        let bag = DisposeBag()
        var answers: String?
        model.save.values.subscribe(onNext: {
            answers = $0
            app.quit()
        }).disposed(by: bag)
        let exit: Application.Exit
        do {
            exit = try app.runOnMainThread()
        } catch let error as TerminalError {
            return fail(error, status: 2)
        } catch let error as AccessibleInputError {
            return fail(error, status: 2)
        } catch {
            return fail(error, status: 3)
        }
        if let status = exit.signalStatus { return status }  // 143 after SIGTERM, not a cancel
        guard let answers else { return 1 }
        do {
            try ProgramOutput.printResult(answers)
        } catch {
            return fail(error, status: ProgramOutput.failureStatus)
        }
        return 0
    }

    /// Writes `onboarding-example: <error>` on standard error and returns `status`.
    static func fail(_ error: any Error, status: Int32) -> Int32 {
        ProgramOutput.printError("onboarding-example: \(error)")
        return status
    }
}
