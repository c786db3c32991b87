import ArgumentParser
import Dispatch
import LoginDemoCore
import Tether

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `login-demo`: a login form in the terminal, bound two ways to a view model.
@main
struct LoginDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login-demo",
        abstract:
            "A login form whose widgets bind two ways to a view model (painted by Tether's writer, or by ncurses with --renderer ncurses).",
        discussion: """
            Sign in as demo / tether-demo. Tab and Shift-Tab (or ↑/↓) move between fields, \
            Enter signs in, Ctrl-R resets the form, Esc cancels a sign-in or quits, Ctrl-C quits. \
            The bottom row lists the keys of the field you are in; ? (outside a text field) or F1 \
            lists every key.

            The form is drawn on the controlling terminal, so standard output carries only the \
            outcome: one line with the result and the username, never the password. Exit status \
            is 0 after a sign-in, 1 when you quit without one, 2 when there is no usable terminal, \
            3 when the program fails with an error (printed on standard error), 74 when the \
            outcome could not be written to standard output (a full disk, a closed descriptor).

            Colours follow the terminal; set NO_COLOR (to any value) for a monochrome form.

            With --accessible the fields are asked one per line instead (for screen readers and \
            terminals that cannot address the cursor): prompts go to standard error, answers are \
            read from standard input, an empty answer keeps the value in brackets. This is chosen \
            by itself when TERM is dumb or unset, or when there is no terminal but standard input \
            is a pipe or a file: `printf 'demo\\ntether-demo\\n\\n\\n\\n' | login-demo` signs in. \
            If the input ends before the form is complete, nothing is submitted and the exit \
            status is 2.

            Every field can be answered from outside the form (docs/answers.md): \
            `LOGIN_DEMO_PASSWORD=tether-demo login-demo --username demo < /dev/null` signs in \
            without asking; with a terminal only what is missing is asked.
            """ + formHelp)

    @Option(help: "Simulated network delay of a sign-in, in seconds.")
    var delay: Double = Options().delay

    @Flag(help: "Ignore the mouse (clicks, drags and the wheel).")
    var noMouse = !Options().mouse

    @Option(
        help:
            "Colour theme: default, light, ocean, high-contrast or mono. default, ocean and high-contrast follow the terminal's background; light is for a light one the terminal does not report."
    )
    var theme: ThemeName = Options().theme

    @Flag(help: "Run on the view model written as an @Observable class instead of the one built from relays.")
    var observation = Options().observation

    @Flag(help: "Ask the fields line by line (screen readers, scripts) instead of drawing the form.")
    var accessible = Options().accessible

    @Flag(help: "Draw the form below the cursor on the normal screen instead of the alternate screen.")
    var inline = Options().inline

    @Option(help: "What paints the frames: tether (Tether's own writer) or ncurses (ncurses' own screen and refresh).")
    var renderer: RendererName = Options().renderer

    @Flag(help: "List every field, its value and where it came from, and what would be asked; run nothing.")
    var explain = false

    @Option(
        help: ArgumentHelp(
            "Serve the form over SSH on PORT or HOST:PORT (127.0.0.1 unless a host is given), one form per person (runs login-demo-serve).",
            valueName: "[HOST:]PORT"))
    var serve: String?

    @Option(
        help: ArgumentHelp(
            "With --serve: the server's key, made on first start, readable by you only.", valueName: "FILE"))
    var hostKey = "login-demo-host-key"

    @Option(
        help: ArgumentHelp(
            "With --serve: the public keys that may sign in, as in ~/.ssh/authorized_keys.", valueName: "FILE"))
    var authorizedKeys: String?

    @Flag(help: "With --serve: let anyone in, with any key or password.")
    var anonymous = false

    /// The form's own options (`--username demo`, `--remember`, `--password-file FILE`),
    /// parsed by TetherAnswers from the form's keys (decision 0110).
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var formArguments: [String] = []

    /// What the command line chose. `Options()` is what an empty command line chooses: the
    /// flags' defaults above are read from it, so the two cannot differ.
    struct Options {
        var delay = 0.8
        var mouse = true
        var theme = ThemeName.default
        var observation = false
        var accessible = false
        var inline = false
        var renderer = RendererName.tether
        var formArguments: [String] = []
        var explain = false
    }

    var options: Options {
        Options(
            delay: delay, mouse: !noMouse, theme: theme, observation: observation, accessible: accessible,
            inline: inline, renderer: renderer, formArguments: formArguments, explain: explain)
    }

    /// Runs the demo. With no arguments there is nothing to parse, so the parser is not
    /// asked: its parse looks up, at run time, the protocol conformances of every option's
    /// type and of its own hidden completion commands, each lookup a scan of every
    /// conformance record in the executable (6.2 M instructions, half of what the start-up
    /// cost before the first frame; docs/performance.md). Any argument, `--help` included,
    /// goes through `main(_:)`, the parser's own entry point.
    static func main() {
        guard CommandLine.arguments.count > 1 else { run(Options()) }
        main(nil)
    }

    mutating func validate() throws {
        guard delay.isFinite, delay >= 0, delay <= 3600 else {
            throw ValidationError("--delay must be between 0 and 3600 seconds")
        }
    }

    func run() throws {
        if serve != nil { LoginDemo.forwardToServer() }
        LoginDemo.run(options)
    }

    /// Runs the form with `options` and ends the process with its exit status.
    static func run(_ options: Options) -> Never {
        let status = MainActor.assumeIsolated {
            LoginDemo.runForm(
                delay: options.delay, mouse: options.mouse, theme: options.theme, observation: options.observation,
                accessible: options.accessible || AccessibleBackend.isPreferred, inline: options.inline,
                renderer: options.renderer.renderer, formArguments: options.formArguments, explain: options.explain)
        }
        // Not `throw ExitCode(status)`: the parser's exit path formats an error message
        // for it first (half a millisecond of CPU, after the terminal is given back).
        exitProcess(status)
    }

    /// Ends the process with `status` (the outcome was written unbuffered, and checked).
    static func exitProcess(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #elseif canImport(Musl)
        Musl.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }

    /// Runs the form on the main thread with Tether's own event loop
    /// (`Application.runOnMainThread()`) and returns the exit status.
    @MainActor
    static func runForm(
        delay: Double, mouse: Bool, theme: ThemeName, observation: Bool, accessible: Bool,
        inline: Bool = false, renderer: CursesBackend.Renderer = .tether, formArguments: [String] = [],
        explain: Bool = false
    ) -> Int32 {
        let delay = Duration.milliseconds(Int64(delay * 1000))
        let screen =
            observation
            ? LoginScreen(viewModel: ObservableLoginViewModel(scheduler: MainScheduler.instance, delay: delay))
            : LoginScreen(viewModel: LoginViewModel(scheduler: MainScheduler.instance, delay: delay))
        let answered = answer(screen.form, arguments: formArguments, explain: explain)
        if case .exit(let status) = answered { return status }
        let bag = DisposeBag()
        let backend: any TerminalBackend =
            accessible || answered.isUnattended
            ? AccessibleBackend()
            : inlineBackend(mouse: mouse, inline: inline, renderer: renderer, screen: screen, bag: bag)
        let app = Application(root: screen.root, backend: backend, theme: theme.theme, mouse: mouse)
        screen.attach(to: app)
        answered.focus(in: screen.form)
        if let crash = InjectedCrash.requested {
            if getenv("TETHER_DEMO_APP_CRASH_HANDLER") != nil { InjectedCrash.installAppHandler() }
            Task { @MainActor in
                while app.renderCount == 0 { try? await Task.sleep(for: .milliseconds(5)) }
                crash.perform()
            }
        }
        if let status = exitsAfterFirstFrame {
            Task { @MainActor in
                while app.renderCount == 0 { try? await Task.sleep(for: .milliseconds(5)) }
                LoginDemo.exitProcess(status)
            }
        }
        if let status = exitsOnCtrlX {
            app.addKeyHandler(.beforeWidgets) { key in
                guard key == .ctrl("x") else { return false }
                LoginDemo.printError(LoginDemo.exitOnCtrlXMessage(status))
                LoginDemo.exitProcess(status)
            }
        }
        if failsAfterFirstFrame {
            // The async path: `run()` in a task group on the main queue, left to Dispatch.
            Task { @MainActor in
                let result: Result<Application.Exit, any Error>
                do {
                    result = .success(try await runFailingAfterFirstFrame(app))
                } catch {
                    result = .failure(error)
                }
                LoginDemo.exitProcess(status(after: result, screen: screen))
            }
            dispatchMain()
        }
        return withExtendedLifetime(bag) {
            status(after: Result { try app.runOnMainThread() }, screen: screen)
        }
    }

    /// The curses backend, full screen or inline; inline, a sign-in leaves one line in
    /// place of the form (`✔ Signed in as demo`), anything else the last frame.
    @MainActor
    static func inlineBackend(
        mouse: Bool, inline: Bool, renderer: CursesBackend.Renderer, screen: LoginScreen, bag: DisposeBag
    ) -> CursesBackend {
        var options = CursesBackend.Options(mouse: mouse)
        if let settle = resizeSettleMilliseconds { options.resizeSettleMilliseconds = settle }
        let backend = CursesBackend(
            options: options, presentation: inline ? .inline : .fullScreen, renderer: renderer)
        _ = screen.viewModel.signedIn.subscribe(onNext: { [weak backend] session in
            backend?.inlineExit = .summary("✔ Signed in as \(session.username)")
        }).disposed(by: bag)
        return backend
    }

    /// Prints the outcome line (or the error) and returns the exit status for a run that
    /// ended with `result`.
    @MainActor
    static func status(after result: Result<Application.Exit, any Error>, screen: LoginScreen) -> Int32 {
        let exit: Application.Exit
        switch result {
        case .success(let value):
            exit = value
        case .failure(let error as TerminalError):
            printError("login-demo: \(error)")
            return 2
        case .failure(let error as AccessibleInputError):
            printError("login-demo: \(error)")
            return 2
        case .failure(let error):
            printError("login-demo: \(error)")
            return 3
        }
        do {
            try ProgramOutput.printResult(screen.finalOutcome().summary)
        } catch {
            printError("login-demo: \(error)")
            return ProgramOutput.failureStatus
        }
        switch exit {
        case .terminated(let signal): return 128 + signal
        case .quit, .interrupted:
            if case .signedIn = screen.finalOutcome() { return 0 }
            return 1
        }
    }

    static func printError(_ message: String) {
        ProgramOutput.printError(message)
    }
}

/// `--renderer`: what paints the frames.
enum RendererName: String, ExpressibleByArgument, CaseIterable, Sendable {
    case tether, ncurses

    var renderer: CursesBackend.Renderer { self == .ncurses ? .ncurses : .tether }
}

enum ThemeName: String, ExpressibleByArgument, CaseIterable, Sendable {
    case `default`, light, ocean, mono
    case highContrast = "high-contrast"

    var theme: Theme {
        switch self {
        case .default: .default
        case .light: .light
        case .ocean: .ocean
        case .highContrast: .highContrast
        case .mono: .monochrome
        }
    }
}
