import Tether

/// A settings view model: plain relays and a command.
@MainActor
final class SettingsModel {
    let name = BehaviorRelay(value: "")
    let notify = BehaviorRelay(value: true)
    let volume = BehaviorRelay(value: 50.0)
    private(set) lazy var save = Command<Void, String> { [unowned self] in
        try await MainScheduler.instance.sleep(for: .milliseconds(300))  // pretend to write a file
        return self.name.value
    }
}

@main
struct SettingsExample {
    static let usage = """
        usage: settings-example
        Edits a name, a notification toggle and a volume in a form on the terminal.
        Enter saves (the result on standard output, exit 0); Esc or Ctrl-C leaves (exit 1);
        without a usable terminal it says why (exit 2).
        """

    @MainActor static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return
        }
        if let unknown = arguments.first {
            ProgramOutput.fail("settings-example: unknown argument \(unknown)\n\(usage)", status: 2)
        }
        let model = SettingsModel()
        let save = Button("Save")
        let form = Form {
            Field("Name", key: "name", TextField(placeholder: "your name", width: 24))
                .required()  // "Name is required" once the field is left or Save is pressed
                .bound(to: model.name)  // two ways: the model wins on bind
            Field("Notify", key: "notify", Toggle("Send notifications")).bound(to: model.notify)
            Field("Volume", key: "volume", Slider(value: 50, in: 0...100, step: 10))
                .description("How loud the alerts are")
                .bound(to: model.volume)
            Buttons([save], default: save).submitting(model.save)  // enabled while valid, spinner, tap
        }

        let app = Application(root: Center(Panel(title: "Settings", form)), backend: CursesBackend())
        var saved = false
        let bag = DisposeBag()
        // Esc leaves, asking "Discard changes?" first when something was changed.
        app.onKey(.escape) { [weak app] in form.confirmDiscard { app?.quit() } }.disposed(by: bag)
        model.save.values.subscribe(onNext: { _ in
            saved = true
            app.quit()
        }).disposed(by: bag)
        let exit: Application.Exit
        do {
            exit = try app.runOnMainThread()  // Tether's own loop on the main thread
        } catch {  // no terminal, an unknown TERM: said in words, never a crash
            ProgramOutput.fail("settings-example: \(error)", status: 2)
        }
        if let status = exit.signalStatus {  // 143 after SIGTERM: not a cancel
            ProgramOutput.fail("settings-example: stopped by a signal, nothing saved", status: status)
        }
        guard saved else { ProgramOutput.fail("settings-example: cancelled, nothing saved", status: 1) }
        do {  // the result is checked: a full disk is an error, not a save
            try ProgramOutput.printResult(
                "saved: \(model.name.value), notify: \(model.notify.value), volume: \(Int(model.volume.value))")
        } catch {
            ProgramOutput.fail("settings-example: \(error)", status: ProgramOutput.failureStatus)
        }
    }
}
