#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The README's complete app, `settings-example`, in tmux: it reports a save only when Save ran.
@Suite("settings-example in tmux", .serialized)
struct SettingsExampleTests {
    static var binary: String { buildProductsDirectory() + "/settings-example" }

    @Test("Ctrl-C after typing a name saves nothing: 'cancelled' on stderr, nothing on stdout, exit 1")
    func cancelSavesNothing() async throws {
        let tmux = try TmuxSession.running([Self.binary])
        defer { tmux.kill() }
        try await tmux.waitForText("Settings", timeout: DemoInTmux.startTimeout)
        tmux.type("Bob")
        try await tmux.waitForText("Bob")
        tmux.press("C-c")
        #expect(try await DemoInTmux.exitStatus(tmux) == "1")
        #expect(tmux.file("out") == "")
        #expect(tmux.file("err") == "settings-example: cancelled, nothing saved\n")
        DemoInTmux.expectRestored(tmux)
    }

    @Test("Esc after typing a name asks before leaving: Keep editing keeps the name, Discard leaves with exit 1")
    func escapeAsksFirst() async throws {
        let tmux = try TmuxSession.running([Self.binary])
        defer { tmux.kill() }
        try await tmux.waitForText("Settings", timeout: DemoInTmux.startTimeout)
        tmux.type("Bob")
        try await tmux.waitForText("Bob")
        tmux.press("Escape")
        try await tmux.waitForText("Discard changes?", "Unsaved changes in Name. Leave without saving?")
        tmux.press("Enter")  // Keep editing is the default
        try await tmux.waitForTextGone("Discard changes?")
        tmux.type("by")
        try await tmux.waitForText("Bobby")
        try await tmux.leaveDiscarding()
        #expect(try await DemoInTmux.exitStatus(tmux) == "1")
        #expect(tmux.file("out") == "")
        DemoInTmux.expectRestored(tmux)
    }

    @Test("Save prints what was saved and exits 0")
    func saveReportsTheSettings() async throws {
        let tmux = try TmuxSession.running([Self.binary])
        defer { tmux.kill() }
        try await tmux.waitForText("Settings", timeout: DemoInTmux.startTimeout)
        tmux.type("Bob")
        try await tmux.waitForText("Bob")
        tmux.press("Enter")  // Enter in the last text field presses the default button, Save
        #expect(try await DemoInTmux.exitStatus(tmux) == "0")
        #expect(tmux.file("out") == "saved: Bob, notify: true, volume: 50\n")
        DemoInTmux.expectRestored(tmux)
    }

    @Test("without a terminal it says why on stderr and exits 2: no crash, no trace")
    func noTerminalSaysWhy() async {
        let result = await ProcessRunner.run([Self.binary])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("settings-example: "), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("crashed"), "\(result.stderr)")
    }

    @Test("--help says what the program does and how it ends, without starting the form")
    func helpSaysUsage() async {
        let result = await ProcessRunner.run([Self.binary, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: settings-example"), "\(result.stdout)")
    }
}
