import TerminalHarness
import Testing
import TetherReactive
import TetherSSH
import TetherUI
import WorkshopCore

/// `ssh -T host` and `ssh host -- ARGS` to a server whose sessions run in its own process:
/// the form is asked line by line (its accessible presentation) on the client's standard
/// input and error, its result said on standard output, with OpenSSH's own client.
@Suite("Forms answered over SSH without a terminal", .serialized, .processWide)
@MainActor
struct ConversationOverSSHTests {
    /// A workshop server; each session's farewell names who signed up, and the sessions are
    /// kept for the test to read.
    static func serve(
        _ workshop: Workshop, limits: SSHServer.Limits = SSHServer.Limits(), acceptsCommandWords: Bool = false
    ) async throws -> SSHFixture {
        let fixture = try await SSHFixture(limits: limits, acceptsCommandWords: acceptsCommandWords)
        fixture.factory = { session in
            let screen = WorkshopScreen(workshop: workshop)
            session.keep(screen)
            let app = Application(root: screen.root, backend: session.backend)
            screen.attach(to: app)
            session.exitStatus = 1
            session.farewell = "Not signed up."
            let bag = DisposeBag()
            screen.joined.subscribe(onNext: { [weak session] name in
                guard let name else { return }
                session?.farewell = "signed up: \(name)"
                session?.exitStatus = 0
            }).disposed(by: bag)
            session.keep(bag)
            return app
        }
        try await fixture.server.start()
        return fixture
    }

    @Test(
        "answers piped into ssh -T fill the form in the server's process: questions on stderr, the result on stdout, status 0"
    )
    func pipedAnswersSignUp() async throws {
        let workshop = Workshop(title: "Swift on the server", capacity: 3)
        let fixture = try await Self.serve(workshop)
        let stdin = try CommandOverSSHTests.input("Ada Lovelace\n\n", in: fixture)
        let result = await SSHServerTests.run(fixture.sshArguments(user: "ada", ["-T"]), stdin: stdin)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "signed up: Ada Lovelace\n")
        #expect(
            result.stderr.contains("Your name (required; hint: as on your badge): Ada Lovelace\n"), "\(result.stderr)")
        #expect(result.stderr.contains("Sign up? [Y/n]"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "a control sequence reached a client without a terminal")
        // The state is the server's own: every session, with a terminal or not, sees it.
        #expect(workshop.attendees.value == ["Ada Lovelace"])
        #expect(fixture.sessions.first?.hasTerminal == false)
        try await fixture.waitUntil("the session's end") { fixture.server.host.count == 0 }
        await fixture.stop()
    }

    @Test("input that ends before the form is complete ends the session with status 2, naming the question left")
    func inputEndsEarly() async throws {
        let workshop = Workshop(title: "Swift on the server", capacity: 3)
        let fixture = try await Self.serve(workshop)
        let result = await SSHServerTests.run(fixture.sshArguments(["-T"]))
        #expect(result.status == 2)
        #expect(result.stderr.contains("input ended before the form was complete (no answer for Your name)"))
        #expect(result.stdout.isEmpty)
        #expect(workshop.attendees.value.isEmpty)
        await fixture.stop()
    }

    @Test("a refused answer is said and asked again on stderr; the session goes on to the next answer")
    func refusedAnswerAskedAgain() async throws {
        let workshop = Workshop(title: "Swift on the server", capacity: 3)
        try workshop.signUp("Ada")
        let fixture = try await Self.serve(workshop)
        let stdin = try CommandOverSSHTests.input("Ada\n\nGrace\n\n", in: fixture)
        let result = await SSHServerTests.run(fixture.sshArguments(user: "grace", ["-T"]), stdin: stdin)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "signed up: Grace\n")
        // Said once, and the refused name is not offered back as the default.
        #expect(
            result.stderr.contains(
                "Ada has already signed up: sign up with your own name.\nYour name (required): Grace"),
            "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "already signed up").count == 2, "\(result.stderr)")
        #expect(workshop.attendees.value == ["Ada", "Grace"])
        await fixture.stop()
    }

    @Test("by default a command's words are refused with status 2 and what to do instead; nothing is asked")
    func wordsRefusedByDefault() async throws {
        let workshop = Workshop(title: "Swift on the server", capacity: 3)
        let fixture = try await Self.serve(workshop)
        let result = await SSHServerTests.run(fixture.sshArguments() + ["--", "--name", "Ada"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("This server takes no command: connect with ssh -T"))
        #expect(fixture.sessions.isEmpty, "a session started for a refused command")
        await fixture.stop()
    }

    @Test("a server that takes command words hands them, split as sh splits them, to the session's application")
    func wordsReachTheApplication() async throws {
        let workshop = Workshop(title: "Swift on the server", capacity: 3)
        let fixture = try await Self.serve(workshop, acceptsCommandWords: true)
        let stdin = try CommandOverSSHTests.input("Ada\n\n", in: fixture)
        let words = ["--", "--name", "'Ada Lovelace'", "it\\'s"]
        let result = await SSHServerTests.run(fixture.sshArguments() + words, stdin: stdin)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(fixture.sessions.first?.arguments == ["--name", "Ada Lovelace", "it's"])
        await fixture.stop()
    }

    @Test("a terminal with a command is refused with status 2, saying how to connect")
    func terminalWithCommandRefused() async throws {
        let workshop = Workshop(title: "Swift on the server", capacity: 3)
        let fixture = try await Self.serve(workshop)
        let result = await SSHServerTests.run(fixture.sshArguments(["-tt"]) + ["--", "--name", "Ada"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Connect without a command to fill in the form in a terminal (ssh host)"))
        await fixture.stop()
    }
}
