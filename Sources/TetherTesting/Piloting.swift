import TetherReactive
import TetherUI

/// What the pilots share: keys, pastes and clicks sent as a terminal would send them, and
/// the virtual clock. ``Pilot`` drives a full screen, ``InlinePilot`` an inline band; each
/// action delivers its input, then renders.
@MainActor
public protocol Piloting: AnyObject {
    /// The application under test.
    var app: Application { get }
    /// The virtual clock: spinners, debounce, delays and countdowns run on it.
    var scheduler: TestScheduler { get }
    /// Sends any terminal event (a key, a signal) to the application, then renders.
    func send(_ event: TerminalEvent)
    /// Renders what changed since the last frame.
    func renderChanges()
}

extension Piloting {
    // MARK: Input

    /// Types `text`, one key press per grapheme (`\n` presses Enter, `\t` Tab).
    public func type(_ text: String) {
        for character in text {
            switch character {
            case "\n", "\r", "\r\n": send(.input(.key(.enter)))
            case "\t": send(.input(.key(.tab)))
            default: send(.input(.key(.character(character))))
            }
        }
    }

    /// Presses each key in turn.
    public func press(_ keys: KeyEvent...) {
        for key in keys { send(.input(.key(key))) }
    }

    /// Presses `key` `count` times.
    public func press(_ key: KeyEvent, times count: Int) {
        for _ in 0..<max(0, count) { send(.input(.key(key))) }
    }

    /// Pastes `text` with bracketed paste: one edit, never key bindings.
    public func paste(_ text: String) { send(.input(.paste(text))) }

    /// Clicks (presses and releases the left button) at `point`.
    public func click(at point: Point) {
        send(.input(.mouse(MouseEvent(.press(.left), at: point))))
        send(.input(.mouse(MouseEvent(.release, at: point))))
    }

    /// Clicks on `widget`, `offset` columns from its left edge (middle row).
    public func click(on widget: Widget, offset: Int = 0) {
        click(at: Point(x: widget.frame.minX + offset, y: widget.frame.minY + widget.frame.height / 2))
    }

    // MARK: Time

    /// Moves the virtual clock forward by `duration`, running in order every action of
    /// ``scheduler`` due by then (timers, delays, debounces; with `.zero`, the actions
    /// queued for now), then renders. It runs no `Task` or other async work: await
    /// ``settle(rounds:)`` for that, or ``runUntilIdle(limit:)`` for both.
    public func advance(by duration: Duration) {
        scheduler.advance(by: duration)
        renderChanges()
    }

    /// Lets pending async work on the main actor run (a command's `async` body, a `Task`),
    /// then renders. Call it after an action or an ``advance(by:)`` that resumes async work.
    ///
    /// Each of the `rounds` yields the main actor once (`Task.yield()`), so queued tasks
    /// run up to their next suspension, then runs the actions of ``scheduler`` due now
    /// (`advance(by: .zero)`): the virtual clock does not move.
    public func settle(rounds: Int = 50) async {
        for _ in 0..<rounds {
            await Task.yield()
            scheduler.advance(by: .zero)
        }
        renderChanges()
    }

    /// Runs the clock and the tasks in turn until nothing is left to do: settles the tasks,
    /// then moves the clock to the next action due, and again, so a chain of both (a
    /// debounce, then a check that waits on the clock, then a save) runs to its end. Stops
    /// when nothing is scheduled or when the clock has moved `limit` (a timer that repeats
    /// for ever, a countdown's, keeps it busy until then). Then renders.
    public func runUntilIdle(limit: Duration = .seconds(60)) async {
        let end = scheduler.now + limit
        while true {
            await settle(rounds: 10)
            guard let next = scheduler.nextDueTime, next <= end else { break }
            scheduler.advance(to: next)
        }
        renderChanges()
    }
}
