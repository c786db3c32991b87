#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `onboarding-example` in a private tmux server (full screen and inline), and
/// scripted with its answers piped in.
@MainActor
@Suite("onboarding-example end to end", .serialized)
struct OnboardingEndToEndTests {
    nonisolated static var binary: String { buildProductsDirectory() + "/onboarding-example" }
    /// Answers for the whole form with `handle`, piped in.
    static func answers(handle: String = "lovelace") -> String {
        "Ada\nada@example.com\n\(handle)\nanalytical\nanalytical\n\n13\n1,2\ny\nhttp://p:3128\n16\n\nHi\n\n\n\n"
    }

    func start(_ arguments: [String] = [], height: Int = 24) async throws -> TmuxSession {
        let draft = "/tmp/tether-onboarding-e2e-\(getpid()).json"
        unlink(draft)
        let tmux = try TmuxSession.running([Self.binary, "--draft", draft] + arguments, width: 80, height: height)
        try await tmux.waitForText("Name", timeout: .seconds(15))
        return tmux
    }

    /// Runs `printf <input> | onboarding-example <arguments>` in a new session (no terminal).
    func scripted(_ input: String, _ arguments: [String] = []) async -> ProcessResult {
        let command =
            "printf %s \(shellQuoted(input)) | \(shellQuoted(Self.binary)) \(arguments.map(shellQuoted).joined(separator: " "))"
        return await ProcessRunner.run(["setsid", "-w", "sh", "-c", command])
    }

    @Test("a whole onboarding by keyboard: a taken handle refused, then saved as JSON without the password")
    func onboardingByKeyboard() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.type("Ada")
        tmux.press("Tab")
        tmux.type("ada@example.com")
        tmux.press("Tab")
        tmux.type("ada")
        try await tmux.waitForText("@ada is taken: try another", timeout: .seconds(10))
        tmux.press("BSpace", "BSpace", "BSpace")
        tmux.type("lovelace")
        tmux.press("Tab")
        tmux.type("analytical")
        tmux.press("Tab")
        tmux.type("analytical")
        tmux.press("Enter")  // Next
        try await tmux.waitForText("Step 2 of 3: Machine")
        tmux.press("Tab", "Enter")
        tmux.type("hel")
        try await tmux.waitForText("Helix")
        tmux.press("Enter")
        tmux.press("Tab", "Tab", "Tab", "Enter")  // from the editor to Cores: Enter is Next
        try await tmux.waitForText("Step 3 of 3: Notes")
        tmux.press("Tab", "Enter")  // on the Share toggle, Enter saves
        let status = try await tmux.waitForFile("status", timeout: .seconds(15))
        #expect(String(status.dropLast()) == "0")
        let out = tmux.file("out") ?? ""
        #expect(out.hasPrefix("{\"name\": \"Ada\", \"email\": \"ada@example.com\", \"handle\": \"lovelace\""), "\(out)")
        #expect(out.contains("\"editor\": \"Helix\""))
        #expect(!out.contains("analytical"))
    }

    @Test("Esc after typing asks to discard; Keep editing stays, Discard leaves with exit 1 and nothing saved")
    func escAsksToDiscard() async throws {
        let tmux = try await start()
        defer { tmux.kill() }
        tmux.type("Ada")
        tmux.press("Escape")
        try await tmux.waitForText("Discard changes?", "Unsaved changes in Name. Leave without saving?")
        tmux.press("Enter")  // Keep editing has focus
        try await tmux.waitUntil("the dialog closed") { lines in !lines.contains { $0.contains("Discard changes?") } }
        tmux.press("Escape")
        try await tmux.waitForText("Discard changes?")
        tmux.press("Tab", "Enter")
        let status = try await tmux.waitForFile("status")
        #expect(String(status.dropLast()) == "1")
        #expect(tmux.file("out") == "")
    }

    @Test("inline at 80×8, the discard dialog fits the band and Esc answers no")
    func inlineDialog() async throws {
        let tmux = try await start(["--inline"], height: 8)
        defer { tmux.kill() }
        tmux.type("Ada")
        tmux.press("Escape")
        try await tmux.waitForText("Discard changes?")
        tmux.press("Escape")
        try await tmux.waitUntil("the dialog closed") { lines in !lines.contains { $0.contains("Discard changes?") } }
        tmux.press("Escape")
        try await tmux.waitForText("Discard changes?")
        tmux.press("Tab", "Enter")
        let status = try await tmux.waitForFile("status")
        #expect(String(status.dropLast()) == "1")
    }

    @Test("inline, Next redraws the band in place with the next step, and Back brings the first step back as typed")
    func inlineSteps() async throws {
        let tmux = try await start(["--inline"])
        defer { tmux.kill() }
        tmux.type("Ada")
        tmux.press("Tab")
        tmux.type("ada@example.com")
        tmux.press("Tab")
        tmux.type("lovelace")
        tmux.press("Tab")
        tmux.type("analytical")
        tmux.press("Tab")
        tmux.type("analytical")
        tmux.press("Enter")
        let machine = try await tmux.waitForText("Step 2 of 3: Machine")
        #expect(!machine.contains { $0.contains("Step 1 of 3") }, "the band was redrawn in place")
        #expect(machine.filter { $0.contains("┌─ Onboarding") }.count == 1)
        tmux.press("BTab", "BTab")  // from the shell picker round to Next, then Back
        tmux.press("Enter")
        let you = try await tmux.waitForText("Step 1 of 3: You")
        #expect(you.contains { $0.contains("Name *") && $0.contains("Ada") })
        #expect(!you.contains { $0.contains("Step 2 of 3") })
    }

    @Test("answers piped in are saved even though the handle's check is still running when Save is confirmed")
    func scriptedWaitsForCheck() async {
        let result = await scripted(Self.answers(), ["--accessible"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("{\"name\": \"Ada\""))
        #expect(
            result.stdout.contains("\"languages\": [\"Swift\", \"Rust\"], \"proxy\": \"http://p:3128\", \"cores\": 16"))
        #expect(!result.stdout.contains("analytical") && !result.stderr.contains("analytical"))
        #expect(result.stderr.contains("Email (required; hint: ada@example.com): ada@example.com\n"))
        #expect(
            result.stderr.contains("Confirm (required; typing is hidden): \nStep 2 of 3: Machine.\nShell: 3 options."))
        #expect(result.stderr.hasSuffix("Save? [Y/n]: \nSaving…\nSaved.\n"), "stderr: \(result.stderr)")
    }

    @Test(
        "a taken handle piped in is refused at its field, said with its reason, asked again, and Save… never said before"
    )
    func scriptedTakenHandle() async {
        let result = await scripted(Self.answers(handle: "ada\nlovelace"), ["--accessible"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            result.stderr.contains(
                "Handle (required; hint: ada): ada\nChecking the handle…\n@ada is taken: try another.\n"
                    + "Handle (required): lovelace\nChecking the handle…\n"),
            "stderr: \(result.stderr)")
        #expect(result.stderr.components(separatedBy: "Saving…").count == 2, "stderr: \(result.stderr)")
        #expect(result.stderr.hasSuffix("Save? [Y/n]: \nSaving…\nSaved.\n"), "stderr: \(result.stderr)")
        #expect(result.stdout.contains("\"handle\": \"lovelace\""))
    }
}
