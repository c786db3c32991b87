import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// An inline form: a Name field holding "ada", and Save bound to a command that never ends.
@MainActor
private final class InlineForm {
    let form = Form()
    let save = Button("Save")
    let never = Command<Void, Void> { () -> Observable<Void> in .never() }
    let band = HeadlessBand(terminal: Size(width: 60, height: 12))
    let app: Application

    init() throws {
        form.addField("Name", TextField(text: "ada"), key: "name")
        form.addButtons([save], default: save)
        save.bind(never)
        app = Application(root: form, backend: band, scheduler: TestScheduler())
        app.showsKeyHelp = true
        try app.start()
        app.renderIfNeeded()
    }
}

@MainActor
@Suite("The final frame inline")
struct ApplicationFinalFrameTests {
    @Test("a dialog whose answer ends the run is not left in the scrollback, and its answer stands")
    func dialogGone() throws {
        let inline = try InlineForm()
        var answers: [Bool] = []
        inline.form.presentConfirmation(title: "Leave?", message: "Leave now?", confirm: "Leave") { yes in
            answers.append(yes)
            if yes { inline.app.quit() }
        }
        inline.app.renderIfNeeded()
        #expect(inline.band.lines.joined().contains("Leave now?"))
        inline.band.press(.tab, .enter)
        #expect(answers == [true])
        #expect(!inline.band.lines.joined().contains("Leave now?"), "\(inline.band.lines)")
        #expect(inline.band.lines.first == "Name  ada")
    }

    @Test("the key list open at Ctrl-C is closed in the last frame, and a spinner stops")
    func overlayAndSpinnerGone() throws {
        let inline = try InlineForm()
        inline.band.press(.tab, .enter)
        inline.app.renderIfNeeded()
        #expect(inline.band.lines.joined().contains("⠋ Save"))
        inline.band.press(.function(1))
        inline.app.renderIfNeeded()
        #expect(inline.band.lines.joined().contains("Keys"))
        inline.band.press(.ctrl("c"))
        let last = inline.band.lines.joined(separator: "\n")
        #expect(!last.contains("Keys"), "\(last)")
        #expect(last.contains("[ Save ]"), "\(last)")
        inline.never.cancelAll()
    }

    @Test("a field's running check at Ctrl-C leaves no spinner and no 'Checking…' line in the last frame")
    func checkLineGone() throws {
        let form = Form()
        form.addField("Handle", TextField(), key: "handle")
            .validate(
                AsyncValidator<String>(checking: "Checking the handle…") { _ in
                    try? await Task.sleep(for: .seconds(3_600))
                    return .valid
                })
        form.addField("Name", TextField(), key: "name")
        let band = HeadlessBand(terminal: Size(width: 60, height: 12))
        let app = Application(root: form, backend: band, scheduler: TestScheduler())
        try app.start()
        band.press(.character("a"), .character("d"), .character("a"))
        app.renderIfNeeded()
        #expect(band.lines.joined().contains("Checking the handle…"), "\(band.lines)")
        band.press(.ctrl("c"))
        let last = band.lines.joined(separator: "\n")
        #expect(!last.contains("Checking"), "\(last)")
        #expect(last.contains("Handle  ada"), "\(last)")
    }
}
