import ArgumentParser
import SignupCore
import Tether

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `signup-example`: a sign-up form with a dropdown, a picker, a check list and an
/// autocompleting city field, a typed age and an "about you" text area, bound to a view
/// model. Prints one line when signed up, then the "about you" text if any.
@main
struct SignupExample: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signup-example",
        abstract: "A sign-up form with the choosing widgets, bound two ways to a view model.",
        discussion: """
            Tab and Shift-Tab move between fields, ↑/↓ too; ←/→ or Space choose in the plan \
            and contact rows; Enter signs up; Esc (or Ctrl-C) leaves without signing up. The \
            bottom row lists the keys of the field you are in; ? (outside a text field) or F1 \
            lists every key.

            Standard output carries only the outcome: one line when signed up, then the "about \
            you" text if any. Exit status is 0 after a sign-up, 1 when you quit without one, 2 \
            when there is no usable terminal or the answers ended early, 3 on another error, 74 \
            when the outcome could not be written to standard output.

            With --accessible the fields are asked one per line (screen readers, scripts): \
            options are numbered and answered by number, the contact preferences by numbers \
            separated by commas (- for none), the "about you" text by lines ended with an empty \
            line. This is chosen by itself when TERM is dumb or unset, or when there is no \
            terminal but standard input is a pipe or a file.
            """)

    @Flag(help: "Ask the fields line by line (screen readers, scripts) instead of drawing the form.")
    var accessible = false

    @Flag(help: "Draw the form below the cursor on the normal screen instead of the alternate screen.")
    var inline = false

    func run() throws {
        let status = MainActor.assumeIsolated {
            SignupExample.runForm(accessible: accessible, inline: inline)
        }
        throw ExitCode(status)
    }

    /// Runs the form and returns the exit status (``FormProgram/run(_:name:outcome:)``).
    @MainActor
    static func runForm(accessible: Bool, inline: Bool) -> Int32 {
        let viewModel = SignupViewModel(scheduler: MainScheduler.instance)
        let screen = SignupScreen(viewModel: viewModel)
        let app = Application(root: screen.root, backend: FormProgram.backend(accessible: accessible, inline: inline))
        screen.attach(to: app)
        let bag = DisposeBag()
        var signedUp = false
        viewModel.submit.values.subscribe(onNext: {
            signedUp = true
            app.quit()
        }).disposed(by: bag)
        return FormProgram.run(app, name: "signup-example") {
            guard signedUp else { return nil }
            let about = viewModel.about.value
            return viewModel.summary + (about.isEmpty ? "" : "\nabout:\n" + about)
        }
    }
}
