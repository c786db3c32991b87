import ArgumentParser
import OnboardingCore
import Tether
import TetherAnswerFiles
import TetherAnswers

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

            Every field can be answered from outside the form (docs/answers.md); with a terminal \
            only what is missing is asked, without one a missing answer ends the run with status 2.
            """ + formHelp)

    /// The form's options and variables, from the form itself, when help is asked for (the
    /// form is built for it only then, not at every start).
    static var formHelp: String {
        let asked = CommandLine.arguments.dropFirst().contains { ["--help", "-h", "help"].contains($0) }
        guard asked else { return "" }
        return "\n\n" + formOptions
    }

    /// The form's options and variables.
    static var formOptions: String {
        MainActor.assumeIsolated {
            names.help(for: OnboardingScreen(model: OnboardingModel(scheduler: MainScheduler.instance)).form)
        }
    }

    @Flag(help: "Ask the fields line by line (screen readers, scripts) instead of drawing the form.")
    var accessible = false

    @Flag(help: "Draw the form below the cursor on the normal screen instead of the alternate screen.")
    var inline = false

    @Option(help: "Where the draft is kept (default: ~/.tether-onboarding-draft.json; - for none).")
    var draft: String?

    @Option(
        help: ArgumentHelp(
            "Answers from a file, by field key: JSON, or YAML when the name ends in .yaml or .yml.", valueName: "file"))
    var answers: String?

    @Option(
        help: ArgumentHelp(
            "Once saved, record the answers given in a YAML file (never the password), to replay with --answers.",
            valueName: "file"))
    var record: String?

    @Flag(help: "List every field, its value and where it came from, and what would be asked; run nothing.")
    var explain = false

    /// The form's own options (`--name Ada`, `--use-proxy`, `--password-file FILE`), parsed by
    /// TetherAnswers from the form's keys rather than declared here (decision 0110).
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var formArguments: [String] = []

    func run() throws {
        let status = MainActor.assumeIsolated {
            OnboardingExample.runForm(
                accessible: accessible || AccessibleBackend.isPreferred, inline: inline, draft: draftPath,
                given: Given(arguments: formArguments, answersFile: answers, record: record, explain: explain))
        }
        throw ExitCode(status)
    }

    /// The answers given from outside the form, and whether only to explain them.
    struct Given {
        var arguments: [String] = []
        var answersFile: String?
        var record: String?
        var explain = false
    }

    /// The names of the form's options and variables: `--email`, `ONBOARDING_EMAIL`.
    static let names = AnswerNames(environmentPrefix: "ONBOARDING_")

    /// The draft's path: none for `-` (with answers piped in, the form turns drafts off itself).
    var draftPath: String? {
        if draft == "-" { return nil }
        if let draft { return draft }
        return getenv("HOME").map { String(cString: $0) + "/.tether-onboarding-draft.json" }
    }

    /// Runs the form and returns the exit status.
    @MainActor
    static func runForm(accessible: Bool, inline: Bool, draft: String?, given: Given = Given()) -> Int32 {
        let model = OnboardingModel(scheduler: MainScheduler.instance)
        let screen = OnboardingScreen(model: model, draftPath: draft)
        let outside = FormAnswers(
            for: screen.form, names: names, arguments: given.arguments, environment: FormAnswers.processEnvironment,
            answersFile: given.answersFile, readStandardInput: FormAnswers.readStandardInput)
        let report = outside.apply(to: screen.form)
        if let path = given.record, let problem = AnswersRecord.problem(writing: path) {
            return fail(problem, status: 2)
        }
        if given.explain {
            print(report.explanation)
            return report.problems.isEmpty ? 0 : 2
        }
        // What cannot be read always ends the run; without a terminal, so does anything
        // missing or refused, all of it in one message, and nothing is asked.
        let unattended = isatty(STDIN_FILENO) != 1 && !outside.answers.isEmpty
        if !report.problems.isEmpty || (unattended && !report.needingAnswers.isEmpty) {
            return fail(report.failureMessage ?? "", status: 2)
        }
        let backend = FormProgram.backend(accessible: accessible || unattended, inline: inline)
        // A file at the draft's path that is not a draft was moved aside: say so before the form.
        if let problem = screen.form.drafts?.problem { ProgramOutput.printError("onboarding-example: \(problem)") }
        let app = Application(root: screen.root, backend: backend)
        screen.attach(to: app)
        if !outside.answers.isEmpty { report.focusFirstToAnswer(in: screen.form) }
        let status = run(app, model: model)
        if status == 0, let path = given.record { return record(screen.form, to: path) }
        return status
    }

    /// Writes the record of the saved answers to `path` and says where on standard error,
    /// naming the secrets left out; 0, or 74 when it cannot be written.
    @MainActor
    static func record(_ form: Form, to path: String) -> Int32 {
        let leftOut: [Form.Field]
        do throws(AnswersFileError) {
            leftOut = try AnswersRecord.write(form, names: names, toPath: path)
        } catch {
            return fail(error, status: ProgramOutput.failureStatus)
        }
        let secrets = leftOut.map(\.title).joined(separator: " and ")
        let variables = leftOut.map { names.variable(forKey: $0.key) }.joined(separator: " and ")
        ProgramOutput.printError(
            "onboarding-example: answers recorded in \(path)"
                + (leftOut.isEmpty
                    ? "; replay them with --answers \(path)"
                    : " without \(secrets) (secrets are never recorded); replay them with --answers \(path) "
                        + "and \(variables) set"))
        return 0
    }

    /// Runs `app` and returns the exit status (``FormProgram/run(_:name:outcome:)``): 0 once
    /// saved (the answers printed), 1 when left without saving, 128 + a signal, 2 without a
    /// usable terminal or when the answers ended early, 3 on another error, 74 when the
    /// answers could not be written.
    @MainActor
    static func run(_ app: Application, model: OnboardingModel) -> Int32 {
        let bag = DisposeBag()
        var answers: String?
        model.save.values.subscribe(onNext: {
            answers = $0
            app.quit()
        }).disposed(by: bag)
        return FormProgram.run(app, name: "onboarding-example") { answers }
    }

    /// Writes `onboarding-example: <error>` on standard error and returns `status`.
    static func fail(_ error: any Error, status: Int32) -> Int32 { fail("\(error)", status: status) }

    /// Writes `onboarding-example: <message>` on standard error and returns `status`.
    static func fail(_ message: String, status: Int32) -> Int32 {
        ProgramOutput.printError("onboarding-example: \(message)")
        return status
    }
}
