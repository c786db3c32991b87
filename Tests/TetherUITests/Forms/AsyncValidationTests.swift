import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// Handles the fake server says are taken, with the calls it received.
@MainActor
private final class HandleServer {
    var taken: Set<String> = ["ada"]
    var asked: [String] = []
    var cancelled = 0

    func check(_ handle: String) async -> ValidationResult {
        asked.append(handle)
        await Task.yield()
        if Task.isCancelled { cancelled += 1 }
        return taken.contains(handle) ? .invalid("@\(handle) is taken") : .valid
    }
}

@MainActor
private func handleForm(_ server: HandleServer) throws -> (Pilot, FormField<String>) {
    let form = Form()
    let handle = form.addField("Handle", TextField(), key: "handle")
    handle.validate(
        AsyncValidator(debounce: .milliseconds(300), checking: "Checking the handle…") {
            await server.check($0)
        })
    form.addField("Bio", TextField(), key: "bio")
    return (try Pilot(root: form, size: Size(width: 50, height: 5)), handle)
}

@MainActor
@Suite("Asynchronous validation")
struct AsyncValidationTests {
    @Test("a check waits for the debounce, shows a spinner and its text while due, then its result")
    func pendingThenResult() async throws {
        let server = HandleServer()
        let (pilot, handle) = try handleForm(server)
        pilot.type("ada")
        #expect(handle.validation == .pending("Checking the handle…"))
        #expect(pilot.lines[1] == "        ⠋ Checking the handle…")
        await pilot.settle()
        #expect(server.asked.isEmpty)
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(server.asked == ["ada"])
        #expect(handle.validation == .invalid("@ada is taken"))
    }

    @Test(
        "when the field's rules run again (required turned on and off, a rule added) a value already checked is not asked again"
    )
    func rulesAgainDoNotAskAgain() async throws {
        let server = HandleServer()
        let (pilot, handle) = try handleForm(server)
        pilot.type("grace")
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(server.asked == ["grace"])
        handle.required()
        handle.required(false)
        handle.validate(.length(max: 20))
        #expect(handle.validation == .valid)
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(server.asked == ["grace"])
        #expect(handle.validation == .valid)
        pilot.type("x")  // a new value is checked
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(server.asked == ["grace", "gracex"])
    }

    @Test("typing within the debounce starts one check, for the last value")
    func debounceCoalesces() async throws {
        let server = HandleServer()
        let (pilot, _) = try handleForm(server)
        pilot.type("gr")
        pilot.advance(by: .milliseconds(200))
        pilot.type("ace")
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(server.asked == ["grace"])
    }

    @Test("a newer value cancels the running check and its result is ignored")
    func newerValueCancels() async throws {
        let server = HandleServer()
        let (pilot, handle) = try handleForm(server)
        pilot.type("ada")
        pilot.advance(by: .milliseconds(300))
        pilot.type("m")
        await pilot.settle()
        #expect(server.cancelled == 1)
        #expect(handle.validation.isPending)
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(handle.validation == .valid)
    }

    @Test("the spinner turns while a check is due")
    func spinnerTurns() throws {
        let server = HandleServer()
        let (pilot, _) = try handleForm(server)
        pilot.type("x")
        pilot.advance(by: .milliseconds(80))
        #expect(pilot.lines[1] == "        ⠙ Checking the handle…")
    }

    @Test("an empty value is not checked")
    func emptyNotChecked() async throws {
        let server = HandleServer()
        let (pilot, handle) = try handleForm(server)
        pilot.type("a")
        pilot.press(.backspace)
        pilot.advance(by: .milliseconds(300))
        await pilot.settle()
        #expect(server.asked.isEmpty)
        #expect(handle.validation == .valid)
    }
}
