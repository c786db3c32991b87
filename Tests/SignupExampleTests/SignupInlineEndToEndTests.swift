#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `signup-example --inline` in tmux, started with the shell's lines filling the
/// pane, so the band is made at the bottom of the terminal.
@Suite("signup-example inline in tmux", .serialized)
struct SignupInlineEndToEndTests {
    static var binary: String { buildProductsDirectory() + "/signup-example" }

    /// 40 numbered shell lines, then the example inline in a 70×`height` pane.
    func start(height: Int) async throws -> TmuxSession {
        let program = [Self.binary, "--inline"].map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(
            command: "stty -g > before; seq 1 40; \(program) > out 2> err; echo $? > status; stty -g > after; "
                + "echo after; exec sleep 600",
            width: 70, height: height)
        try await tmux.waitForText("Sign up", "Country", timeout: .seconds(30))
        return tmux
    }

    @Test("the country list opened near the bottom stays inside the band, over none of the shell's lines")
    func popupInsideTheBand() async throws {
        let tmux = try await start(height: 20)
        defer { tmux.kill() }
        let form = tmux.capture()
        let top = try #require(form.firstIndex { $0.contains("Sign up") })
        let bottom = try #require(form.lastIndex { !$0.isEmpty })
        #expect(top > 0 && form[top - 1] == "40", "the band starts below the shell's last line: \(form)")
        tmux.press("Enter")
        let open = try await tmux.waitForText("Argentina", "Australia")
        #expect(Array(open[..<top]) == Array(form[..<top]), "a shell line was drawn over")
        let listed = open.indices.filter { row in open[row].contains("Argentina") || open[row].contains("Brazil") }
        #expect(listed.allSatisfy { $0 > top && $0 <= bottom }, "list rows \(listed), band \(top)...\(bottom)")
        #expect(open[(bottom + 1)...].allSatisfy { $0.isEmpty })
        tmux.type("spa")
        tmux.press("Enter")
        let chosen = try await tmux.waitForText("[Spain")
        #expect(!chosen.contains { $0.contains("Argentina") })
        #expect(Array(chosen[..<top]) == Array(form[..<top]))
        tmux.press("C-c")
        #expect(try await tmux.waitForFile("status") == "1\n")
        #expect(try await tmux.waitForFile("after") == tmux.file("before"))
    }

    @Test(
        "in a terminal shorter than the form the band is the whole terminal and the opened list is shortened to fit it")
    func popupShortenedInAShortBand() async throws {
        let tmux = try await start(height: 9)
        defer { tmux.kill() }
        tmux.press("Enter")
        let open = try await tmux.waitForText("Argentina")
        let countries = ["Argentina", "Australia", "Brazil", "Canada", "Côte", "Denmark", "France", "Germany"]
        let shown = countries.filter { name in open.contains { $0.contains(name) } }
        #expect(shown == Array(countries.prefix(5)), "\(open)")
        #expect(
            open.count == 9 && open[7].contains("Côte") && open[8].contains("└"),
            "the list's border ends on the band's last row: \(open)")
        tmux.press("C-c")
        #expect(try await tmux.waitForFile("status") == "1\n")
        #expect(try await tmux.waitForFile("after") == tmux.file("before"))
    }
}
