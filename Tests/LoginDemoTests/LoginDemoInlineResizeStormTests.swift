import TerminalHarness
import Testing

/// The built `login-demo --inline` in tmux through a storm of resizes (a window dragged by
/// its corner): what the scrollback holds afterwards.
///
/// A terminal that gets narrower rewraps the band's rows and pushes what no longer fits into
/// its scrollback before the program hears of it; every frame drawn during the storm would
/// be pushed up in turn. The band is drawn again only once the size holds still.
@Suite("login-demo inline through a resize storm in tmux", .serialized)
struct LoginDemoInlineResizeStormTests {
    /// 200 sizes, the same every run: widths from 30 to 120 and heights from 6 to 40, as
    /// `widths` and `heights` allow; then 80×24 again.
    func storm(_ tmux: TmuxSession, widths: Bool, heights: Bool) async throws {
        for step in 0..<200 {
            let width = widths ? 30 + (step * 37) % 91 : 80
            let height = heights ? 6 + (step * 23) % 35 : 24
            tmux.resize(width: width, height: height)
            if step % 4 == 0 { try await Task.sleep(for: .milliseconds(step % 3 * 10)) }
        }
        tmux.resize(width: 80, height: 24)
    }

    /// Runs the demo below two shell lines, storms, leaves with Esc (after the band is drawn
    /// again, or at once when `settled` is false); the screen and the scrollback above it,
    /// as lines.
    func afterStorm(widths: Bool, heights: Bool, settled: Bool = true) async throws -> [String] {
        let tmux = try await DemoAfterShellLines.start(["--inline"], historyLimit: 2000)
        defer { tmux.kill() }
        try await storm(tmux, widths: widths, heights: heights)
        // tmux tells the program of a new size at most every 250 ms; the band waits 300 ms more.
        if settled { try await Task.sleep(for: .seconds(1)) }
        tmux.press("Escape")
        #expect(try await DemoAfterShellLines.exitStatus(tmux) == "1")
        return tmux.history(lines: 2000).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// How many times the frame's top row (its title) is in `lines`.
    func frames(_ lines: [String]) -> Int { lines.filter { $0.contains("Tether · Sign in") }.count }

    @Test("a storm of widths leaves one frame and both shell lines, no pieces of frames drawn during it")
    func widthStorm() async throws {
        let lines = try await afterStorm(widths: true, heights: false)
        #expect(lines.filter { $0.hasPrefix("shell line") }.count == 2, "\(lines)")
        #expect(frames(lines) == 1, "\(lines.joined(separator: "\n"))")
    }

    @Test("a storm of heights leaves one frame and both shell lines")
    func heightStorm() async throws {
        let lines = try await afterStorm(widths: false, heights: true)
        #expect(lines.filter { $0.hasPrefix("shell line") }.count == 2, "\(lines)")
        #expect(frames(lines) == 1, "\(lines.joined(separator: "\n"))")
    }

    @Test("a storm of widths and heights together leaves at most the frame from before it above the last")
    func mixedStorm() async throws {
        let lines = try await afterStorm(widths: true, heights: true)
        #expect(lines.filter { $0.hasPrefix("shell line") }.count == 2, "\(lines)")
        #expect(frames(lines) <= 2, "\(lines.joined(separator: "\n"))")
    }

    @Test("Esc while the band waits for the size to settle leaves the shell's next line below all it drew")
    func leaveWhileSettling() async throws {
        let lines = try await afterStorm(widths: true, heights: true, settled: false)
        #expect(lines.filter { $0.hasPrefix("shell line") }.count == 2, "\(lines)")
        #expect((1...2).contains(frames(lines)), "\(lines.joined(separator: "\n"))")
        let after = try #require(lines.firstIndex(of: "after"))
        #expect(lines[(after + 1)...].allSatisfy { $0.isEmpty }, "\(lines.joined(separator: "\n"))")
    }
}
