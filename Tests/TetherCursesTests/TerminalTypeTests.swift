#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// Terminal types ncurses knows but Tether cannot draw on, from terminfo entries compiled
/// for the test (`tic` into the pane's scratch directory, found through `TERMINFO`). The
/// type is checked by `newterm` and after it, so the terminal modes it set must be undone.
@Suite("CursesBackend with terminal types it cannot draw on")
struct TerminalTypeTests {
    /// A pane that compiles `entry` (terminfo source for the type `name`) and runs the
    /// check program with `TERM=name`.
    static func start(name: String, entry: String) throws -> TmuxSession {
        let script = """
            printf '%s\\n' "$1" > entry.src && tic -o terminfo entry.src 2> /dev/null \
            && exec env TERMINFO="$PWD/terminfo" TERM="$2" "$3"
            """
        return try TmuxSession.running(["sh", "-c", script, "sh", entry, name, CursesCheckTests.checkProgram])
    }

    @Test("a type without cursor addressing exits 2 saying it cannot draw, with the terminal modes as before")
    func withoutCursorAddressing() async throws {
        let tmux = try Self.start(
            name: "tether-nocup",
            entry: "tether-nocup|a terminal without cursor addressing,\n\tcols#80, lines#24, bel=^G, cr=\\r,")
        defer { tmux.kill() }
        let status = try await tmux.waitForFile("status")
        #expect(status == "2\n")
        #expect(
            tmux.file("err")
                == "tether-curses-check: terminal type 'tether-nocup' cannot draw a full-screen interface\n")
        let after = try await tmux.waitForFile("after")
        #expect(after == tmux.file("before"))
    }

    @Test("a hardcopy type exits 2 saying it cannot draw, with the terminal modes as before")
    func hardcopy() async throws {
        let tmux = try Self.start(
            name: "tether-paper", entry: "tether-paper|a hardcopy terminal,\n\thc, cols#80, bel=^G, cr=\\r,")
        defer { tmux.kill() }
        let status = try await tmux.waitForFile("status")
        #expect(status == "2\n")
        #expect(
            tmux.file("err")
                == "tether-curses-check: terminal type 'tether-paper' cannot draw a full-screen interface\n")
        let after = try await tmux.waitForFile("after")
        #expect(after == tmux.file("before"))
    }
}
