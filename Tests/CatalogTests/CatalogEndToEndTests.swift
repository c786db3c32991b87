#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// The built `tether-catalog` in a private tmux server, read back with `capture-pane`.
@MainActor
@Suite("tether-catalog in tmux", .serialized)
struct CatalogEndToEndTests {
    nonisolated static var binary: String { buildProductsDirectory() + "/tether-catalog" }

    @Test(
        "at 80×24 ↓ through the list to the date field, Tab into it, digits fill it, Esc asks, Discard quits with status 0"
    )
    func browseAndQuit() async throws {
        #expect(access(Self.binary, X_OK) == 0, "no executable at \(Self.binary)")
        let tmux = try TmuxSession.running([Self.binary], width: 80, height: 24)
        defer { tmux.kill() }
        try await tmux.waitForText("Catalog", "Hello from a Label", timeout: .seconds(15))
        for _ in 0..<11 { tmux.press("Down") }
        try await tmux.waitForText("› DateField", "Born  27/11/2026")
        tmux.press("Tab")
        tmux.type("01022030")
        try await tmux.waitForText("Born  01/02/2030", "born: day 1, month 2, year 2030")
        tmux.press("Escape")
        try await tmux.waitForText("Discard changes?", "Unsaved changes in Born.")
        tmux.press("Tab")
        tmux.press("Enter")
        let status = try await tmux.waitForFile("status")
        #expect(String(status.dropLast()) == "0")
    }
}
