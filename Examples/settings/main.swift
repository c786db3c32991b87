import Tether

/// A settings view model: plain relays and a command.
@MainActor
final class SettingsModel {
    let name = BehaviorRelay(value: "")
    let notify = BehaviorRelay(value: true)
    let volume = BehaviorRelay(value: 50.0)
    private(set) lazy var save = Command<Void, String>(enabledIf: name.map { !$0.isEmpty }) { [unowned self] in
        try await MainScheduler.instance.sleep(for: .milliseconds(300))  // pretend to write a file
        return self.name.value
    }
}

@main
struct SettingsExample {
    @MainActor static func main() throws {
        let model = SettingsModel()
        let name = TextField(placeholder: "your name", width: 24)
        let notify = Toggle("Send notifications")
        let volume = Slider(value: 50, in: 0...100, step: 10)
        let save = Button("Save")

        let form = Form()
        let nameField = form.addField("Name", name)
        form.addRow(notify)
        form.addField("Volume", volume)
        form.addButtons([save], default: save)

        let bag = DisposeBag()
        (name.rx.text <-> model.name).disposed(by: bag)  // two ways: the model wins on bind
        (notify.rx.isOn <-> model.notify).disposed(by: bag)
        (volume.rx.value <-> model.volume).disposed(by: bag)
        model.name.map { $0.isEmpty ? "A name is required" : nil }
            .bind(to: nameField.rx.error).disposed(by: bag)  // one way
        save.bind(model.save)  // enabled state, spinner, tap

        let app = Application(root: Center(Panel(title: "Settings", form)), backend: CursesBackend())
        var saved = false
        model.save.values.subscribe(onNext: { _ in
            saved = true
            app.quit()
        }).disposed(by: bag)
        _ = try app.runOnMainThread()  // Tether's own loop on the main thread
        guard saved else { ProgramOutput.fail("settings-example: cancelled, nothing saved", status: 1) }
        do {  // the result is checked: a full disk is an error, not a save
            try ProgramOutput.printResult(
                "saved: \(model.name.value), notify: \(model.notify.value), volume: \(Int(model.volume.value))")
        } catch {
            ProgramOutput.fail("settings-example: \(error)", status: ProgramOutput.failureStatus)
        }
    }
}
