import TerminalHarness
import Testing
import TetherSSH
import TetherUI
import WorkshopCore

/// Shared state over SSH: each person's own form, one workshop in all their screens.
@Suite("Workshop served over SSH", .serialized, .processWide)
@MainActor
struct WorkshopOverSSHTests {
    /// A server whose sessions are workshop screens over `workshop`; the screens made are
    /// held weakly in `screens`.
    final class Screens {
        var all: [() -> WorkshopScreen?] = []
        var live: Int { all.filter { $0() != nil }.count }
    }

    static func serve(_ workshop: Workshop, _ screens: Screens) async throws -> SSHFixture {
        let fixture = try await SSHFixture()
        fixture.factory = { session in
            let screen = WorkshopScreen(workshop: workshop)
            session.keep(screen)
            screens.all.append { [weak screen] in screen }
            let app = Application(root: screen.root, backend: session.backend)
            screen.attach(to: app)
            return app
        }
        return fixture
    }

    @Test("a sign-up in one session shows at once in another, which typed nothing")
    func liveInEverySession() async throws {
        let workshop = Workshop(title: "Swift on the server", capacity: 2)
        let fixture = try await Self.serve(workshop, Screens())
        try await fixture.server.start()
        let ada = try fixture.client(user: "ada", width: 70, height: 14)
        let grace = try fixture.client(user: "grace", width: 70, height: 14)
        try await ada.waitForText("2 of 2 places left", "Nobody has signed up yet.")
        try await grace.waitForText("2 of 2 places left")
        ada.type("Ada")
        ada.press("Enter")
        try await ada.waitForText("You're in, Ada.")
        try await grace.waitForText("1 of 2 places left", "Signed up: Ada")
        // Grace's own field is her own: Ada's name never reached it.
        #expect(!grace.screen.contains("You're in"))
        grace.type("Grace")
        grace.press("Enter")
        try await grace.waitForText("You're in, Grace.")
        try await ada.waitForText("Full: all 2 places taken", "Signed up: Ada, Grace")
        #expect(workshop.attendees.value == ["Ada", "Grace"])
        await fixture.stop()
    }

    @Test("a name already signed up is refused saying so; after signing up, Sign up does nothing more")
    func refusalsAreSaid() async throws {
        let workshop = Workshop(title: "Swift on the server", capacity: 5)
        let fixture = try await Self.serve(workshop, Screens())
        try await fixture.server.start()
        let ada = try fixture.client(user: "ada", width: 100, height: 14)
        let other = try fixture.client(user: "other", width: 100, height: 14)
        try await ada.waitForText("5 of 5 places left")
        try await other.waitForText("5 of 5 places left")
        ada.type("Ada")
        ada.press("Enter")
        try await ada.waitForText("You're in, Ada.")
        ada.press("Enter")
        other.type("ada")
        other.press("Enter")
        try await other.waitForText("ada has already signed up: sign up with")
        #expect(workshop.attendees.value == ["Ada"])
        #expect(!ada.screen.contains("already signed up"), "Sign up ran again after joining")
        await fixture.stop()
    }

    @Test("sessions that come and go leave no screen behind, and the shared list keeps its sign-ups")
    func sessionsReleaseWhatTheyBound() async throws {
        let workshop = Workshop(title: "Swift on the server", capacity: 100)
        let screens = Screens()
        let fixture = try await Self.serve(workshop, screens)
        try await fixture.server.start()
        for round in 0..<5 {
            let clients = try (0..<4).map { try fixture.client(user: "u\(round)-\($0)", width: 70, height: 14) }
            for client in clients { try await client.waitForText("places left") }
            clients[0].type("Person \(round)")
            clients[0].press("Enter")
            try await clients[0].waitForText("You're in, Person \(round).")
            try await clients[3].waitForText("Person \(round)")
            for client in clients { client.press("Escape") }
            for client in clients { _ = try await client.waitForFile("status") }
            try await fixture.waitUntil("every session of round \(round) ended") { fixture.server.host.count == 0 }
        }
        fixture.sessions.removeAll()
        #expect(screens.all.count == 20)
        #expect(screens.live == 0, "\(screens.live) screens outlived their sessions")
        #expect(workshop.attendees.value == (0..<5).map { "Person \($0)" })
        await fixture.stop()
    }
}
