import TetherReactive
import TetherUI

/// Drives an app's widget tree inline, in a band of rows of an in-memory terminal, as
/// `CursesBackend(presentation: .inline)` would show it: the band is as tall as the tree
/// needs, at most the terminal's height.
///
/// ```swift
/// let pilot = try InlinePilot(root: form, terminal: Size(width: 80, height: 8))
/// #expect(pilot.height == 5)
/// pilot.type("demo")
/// #expect(pilot.lines[0] == "Username  demo")
/// ```
///
/// Every action delivers its input, then renders, and every read (``lines``, ``height``,
/// ``cursor``, ``focusedWidget``) renders first what changed since. Keys, pastes, clicks
/// (in band coordinates) and the virtual clock are ``Piloting``'s, as for ``Pilot``.
@MainActor
public final class InlinePilot: Piloting {
    /// The application under test.
    public let app: Application
    /// The band on its in-memory terminal.
    public let band: HeadlessBand
    /// The virtual clock.
    public let scheduler: TestScheduler

    /// Starts `root` in a band of a terminal of `terminal` cells.
    ///
    /// - Parameters:
    ///   - root: The widget tree under test.
    ///   - terminal: The whole terminal's size; the band is at most this tall.
    ///   - keyMap: The application's key map, as in `Application.init`.
    ///   - theme: The application's colours.
    ///   - scheduler: The virtual clock the test advances.
    ///   - configure: Adjusts the application before it starts.
    public init(
        root: Widget, terminal: Size = Size(width: 80, height: 24), keyMap: KeyMap = .default,
        theme: Theme = .default, scheduler: TestScheduler = TestScheduler(),
        configure: (Application) -> Void = { _ in }
    ) throws {
        self.scheduler = scheduler
        band = HeadlessBand(terminal: terminal)
        app = Application(root: root, backend: band, scheduler: scheduler, keyMap: keyMap, theme: theme)
        configure(app)
        try app.start()
        renderChanges()
    }

    /// Sends any terminal event to the application, then renders.
    public func send(_ event: TerminalEvent) {
        band.send(event)
        renderChanges()
    }

    /// Renders what changed.
    public func renderChanges() { app.renderIfNeeded() }

    /// Makes the terminal `size` (the band follows) and renders.
    public func resize(to size: Size) {
        band.resize(to: size)
        renderChanges()
    }

    /// The band's rows as plain text, trailing blanks trimmed. Renders first.
    public var lines: [String] {
        renderChanges()
        return band.lines
    }

    /// The band's height in rows. Renders first.
    public var height: Int {
        renderChanges()
        return band.size.height
    }

    /// Where the cursor is in the band, or `nil` when hidden. Renders first.
    public var cursor: Point? {
        renderChanges()
        return band.cursor
    }

    /// The focused widget. Renders first.
    public var focusedWidget: Widget? {
        renderChanges()
        return app.focusedWidget
    }

    /// How the run ended, once it has (`nil` while it runs). Once ended the band keeps its
    /// last frame: ``lines`` is what stays on the terminal above the shell's next prompt.
    public var exit: Application.Exit? { app.exit }
}
