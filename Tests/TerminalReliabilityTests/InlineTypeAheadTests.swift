#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// Keys typed before an inline form has started — while the program loads, and while it
/// waits for the terminal's answer to the cursor-position query — are the form's first input.
@Suite("login-demo --inline keeps type-ahead")
struct InlineTypeAheadTests {
    @Test("keys typed before the cursor report are typed into the first field, not thrown away")
    func typeAheadKept() async throws {
        let pty = try PtySession(
            [DemoInTmux.binary, "--inline", "--delay", "0.1"], environment: ["TERM=xterm-256color"])
        defer { pty.kill() }
        pty.send("early")  // queued in the terminal before the program asks anything
        try await pty.waitFor(Array("\u{1B}[6n".utf8), timeout: 30)
        pty.send("\u{1B}[3;1R")
        try await pty.waitFor(text: "Username", timeout: 30)
        pty.send("\u{1B}")
        try await pty.waitFor(text: "Discard changes?", timeout: 30)
        pty.send("\t\r")  // to Discard, and press it
        #expect(try await pty.waitForExit(timeout: 30) == 1)
        let output = String(decoding: pty.output, as: UTF8.self)
        #expect(output.contains("not signed in: early"), "output: \(output.suffix(300).debugDescription)")
    }
}
