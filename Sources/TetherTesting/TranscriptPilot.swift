import TetherReactive
import TetherUI

/// Drives an app's widget tree through the accessible (and scripted) presentation, as
/// ``Pilot`` does through full screen: answers go in as lines, the conversation comes out
/// as plain text, on virtual time.
///
/// ```swift
/// let pilot = try TranscriptPilot(root: screen.root)
/// pilot.answer("demo", "tether-demo", "", "", "")
/// await pilot.advance(by: .seconds(1))
/// #expect(pilot.transcript.contains("Signing in…"))
/// ```
///
/// The transcript is what a scripted run writes to standard error: each prompt, followed
/// by its answer and a line break (a secret's answer is never written), then messages and
/// announcements. Async work (a command's `async` body) runs when the test awaits
/// ``settle(rounds:)`` or ``advance(by:)``.
@MainActor
public final class TranscriptPilot {
    /// The application under test.
    public let app: Application
    /// The line backend.
    public let backend: AccessibleBackend
    /// The virtual clock.
    public let scheduler: TestScheduler
    private let text = Box()

    /// Starts `root` in the accessible presentation; the first question is asked at once.
    ///
    /// - Parameters:
    ///   - root: The widget tree whose forms are asked.
    ///   - scheduler: The virtual clock the test advances (``advance(by:)``).
    ///   - typed: Answers as a person typing at a terminal rather than a script piping
    ///     them in: a text field's suggestions are offered, Ctrl-D (``endInput()``) is
    ///     told as a person's choice.
    ///   - configure: Adjusts the application before it starts.
    public init(
        root: Widget, scheduler: TestScheduler = TestScheduler(), typed: Bool = false,
        configure: (Application) -> Void = { _ in }
    ) throws {
        self.scheduler = scheduler
        let text = self.text
        backend = AccessibleBackend(typed: typed, output: { text.value += $0 })
        app = Application(root: root, backend: backend, scheduler: scheduler)
        configure(app)
        try app.start()
        app.renderIfNeeded()
    }

    // MARK: Input

    /// Gives each line as the answer to the next question (secrets included: they are
    /// never written to the transcript).
    public func answer(_ lines: String...) {
        for line in lines { backend.receive(line) }
        app.renderIfNeeded()
    }

    /// Ends the input, as a pipe's end of file or Ctrl-D would.
    public func endInput() {
        backend.endInput()
        app.renderIfNeeded()
    }

    /// Presses Ctrl-C, which a terminal in line mode sends as SIGINT: the open prompt's
    /// line ends and the application quits as in full screen (`Application.Exit.interrupted`,
    /// unless its `Application.interruptBehavior` delivers Ctrl-C as a key).
    public func interrupt() {
        backend.interrupt()
        app.renderIfNeeded()
    }

    // MARK: Time

    /// Advances virtual time by `duration`, letting async work run before and after.
    public func advance(by duration: Duration) async {
        await settle()
        scheduler.advance(by: duration)
        await settle()
    }

    /// Lets pending async work on the main actor run.
    public func settle(rounds: Int = 50) async {
        for _ in 0..<rounds {
            await Task.yield()
            scheduler.advance(by: .zero)
        }
        app.renderIfNeeded()
    }

    // MARK: Reading

    /// Everything written so far, as plain text.
    public var transcript: String { text.value }

    /// The transcript's lines (the last one is the open prompt, if any).
    public var lines: [String] {
        text.value.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// How the run ended, once it has: `Application.Exit.quit` after the default
    /// button's command succeeded or the user declined it.
    public var exit: Application.Exit? { app.exit }

    /// The error the run would throw (`AccessibleInputError` when the input ended early).
    public var error: (any Error)? { app.runError }

    private final class Box {
        var value = ""
    }
}
