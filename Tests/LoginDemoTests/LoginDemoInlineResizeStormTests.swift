import TerminalHarness
import Testing

/// The built `login-demo --inline` in tmux through a storm of resizes (a window dragged by
/// its corner): what the scrollback holds afterwards.
///
/// A terminal that gets narrower rewraps the band's rows and pushes what no longer fits into
/// its scrollback before the program hears of it; every frame drawn during the storm would
/// be pushed up in turn. The band is drawn again only once the size holds still: here for 2 s
/// (`TETHER_DEMO_RESIZE_SETTLE_MS`; 300 ms by default), so that 200 `tmux` commands on a
/// machine loaded by other tests stay one storm.
@Suite("login-demo inline through a resize storm in tmux", .serialized)
struct LoginDemoInlineResizeStormTests {
    /// How long the size must hold still before the band is drawn again, here.
    static let settle = Duration.seconds(2)

    /// 200 sizes, the same every run: widths from 30 to 120 and heights from 6 to 40, as
    /// `widths` and `heights` allow; then 80×24 again. Returns the longest gap between two
    /// resizes (each is one `tmux` command: on a loaded machine one can take seconds).
    func storm(_ tmux: TmuxSession, widths: Bool, heights: Bool) async throws -> Duration {
        var last = ContinuousClock.now
        var longest = Duration.zero
        for step in 0...200 {
            let width = widths && step < 200 ? 30 + (step * 37) % 91 : 80
            let height = heights && step < 200 ? 6 + (step * 23) % 35 : 24
            tmux.resize(width: width, height: height)
            longest = max(longest, ContinuousClock.now - last)
            last = .now
            if step % 4 == 0 { try await Task.sleep(for: .milliseconds(step % 3 * 10)) }
        }
        return longest
    }

    /// Runs the demo below two shell lines, storms, leaves with Esc (after the band is drawn
    /// again, or at once when `settled` is false); the screen and the scrollback above it,
    /// as lines. A storm with a gap of half the settle time or more was not one storm (the
    /// band may rightly be drawn in the gap): it is tried again, up to three times.
    func afterStorm(widths: Bool, heights: Bool, settled: Bool = true) async throws -> [String] {
        for attempt in 1...3 {
            let tmux = try await DemoAfterShellLines.start(
                ["--inline"], historyLimit: 2000, environment: ["TETHER_DEMO_RESIZE_SETTLE_MS=2000"])
            defer { tmux.kill() }
            let gap = try await storm(tmux, widths: widths, heights: heights)
            // tmux tells the program of a new size at most every 250 ms; the band waits 2 s more.
            if settled { try await Task.sleep(for: Self.settle * 2) }
            tmux.press("Escape")
            #expect(try await DemoAfterShellLines.exitStatus(tmux) == "1")
            if gap < Self.settle / 2 || attempt == 3 {
                #expect(gap < Self.settle / 2, "three storms had a gap of \(gap): the machine is too loaded")
                return tmux.history(lines: 2000).split(separator: "\n", omittingEmptySubsequences: false)
                    .map(String.init)
            }
        }
        return []
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
