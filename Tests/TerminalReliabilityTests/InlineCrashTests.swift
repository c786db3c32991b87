#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `login-demo --inline` crashing in a real terminal (a tmux pane): the terminal is
/// restored as full screen, and the band is given back as on a quit — the last frame stays as
/// drawn and the backtrace starts on the line right below it, not over it.
@Suite("login-demo inline crashing in tmux", .serialized)
struct InlineCrashTests {
    /// ``DemoInTmux/quickBacktrace`` cut to 8 frames, so that the band, the shell's lines
    /// above it and the whole backtrace below fit the 50-row pane (which keeps no scrollback).
    static let shortBacktrace =
        DemoInTmux.showsBacktraces ? DemoInTmux.quickBacktrace.replacing("limit=16", with: "limit=8") : "enable=no"

    /// What announces the crash below the band: the runtime's first backtrace line, or, with
    /// no backtracer (sanitized builds, ``DemoInTmux/showsBacktraces``), the shell's report.
    static func announcement(_ signal: Int32) -> String {
        DemoInTmux.showsBacktraces ? "*** Signal \(signal): Backtracing from" : String(cString: strsignal(signal))
    }

    /// The rows the crash report opens with before ``announcement(_:)``: the runtime writes
    /// `\n*** Signal…`, so its first row, right below the band, stays blank; the shell's
    /// report has none.
    static let opening: [String] = DemoInTmux.showsBacktraces ? [""] : []

    /// Expects the shell's lines, then the band (`band`'s rows exactly when given; otherwise
    /// the form, from its title row down to its bottom border, and the key-help bar under it),
    /// then the crash report of
    /// `signal` from the very next row on (``opening``, then ``announcement(_:)``).
    static func expectBandThenCrash(
        _ tmux: TmuxSession, signal: Int32, band: [String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let lines = tmux.capture()
        let shell = DemoInTmux.shellLines
        #expect(Array(lines.prefix(shell.count)) == shell, "\(lines)", sourceLocation: sourceLocation)
        let crash = try #require(
            lines.indices.first { $0 >= shell.count && lines[$0].contains(announcement(signal)) },
            "no \(announcement(signal)): \(lines)", sourceLocation: sourceLocation)
        #expect(lines[crash].hasPrefix(announcement(signal)), "\(lines[crash])", sourceLocation: sourceLocation)
        let above = Array(lines[min(shell.count, crash)..<crash])
        #expect(above.suffix(opening.count) == opening[...], "\(above)", sourceLocation: sourceLocation)
        let left = Array(above.dropLast(opening.count))
        if let band {
            #expect(left == band, "left: \(left)\nband: \(band)", sourceLocation: sourceLocation)
        } else {
            #expect(left.first?.contains("Tether · Sign in") == true, "\(left)", sourceLocation: sourceLocation)
            #expect(left.contains { $0.contains("Username") }, "\(left)", sourceLocation: sourceLocation)
            #expect(
                left.last?.hasPrefix("Tab/Enter next") == true, "not the key-help bar: \(left)",
                sourceLocation: sourceLocation)
            #expect(
                left.dropLast().last?.contains("┘") == true, "not a bottom border: \(left)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("a Swift trap while inline restores the terminal, keeps the final frame and starts the backtrace below it")
    func trap() async throws {
        // Overflow: a trap with no "Fatal error" line written before it, which would land in the band.
        let tmux = try DemoInTmux.startCrashing("overflow", inline: true, backtrace: Self.shortBacktrace)
        defer { tmux.kill() }
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + CrashTests.trap)")
        DemoInTmux.expectRestored(tmux)
        try Self.expectBandThenCrash(tmux, signal: CrashTests.trap)
    }

    @Test(
        "a fatal signal sent with kill while inline keeps the frame as drawn and starts the report on the row below it",
        arguments: [SIGSEGV, SIGABRT])
    func killed(_ signal: Int32) async throws {
        let tmux = try DemoInTmux.startCrashing(nil, inline: true, backtrace: Self.shortBacktrace)
        defer { tmux.kill() }
        let pid = try await DemoInTmux.pid(of: tmux)
        var band = try await DemoInTmux.typeUsername("alice", in: tmux).dropFirst(DemoInTmux.shellLines.count)
        while band.last?.isEmpty == true { band.removeLast() }
        #expect(kill(pid, signal) == 0)
        #expect(try await DemoInTmux.exitStatus(tmux) == "\(128 + signal)")
        DemoInTmux.expectRestored(tmux)
        try Self.expectBandThenCrash(tmux, signal: signal, band: Array(band))
    }
}
