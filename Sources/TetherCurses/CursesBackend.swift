#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherProcess
public import TetherTerminal
public import TetherUI

/// A `TerminalBackend` for the program's own terminal: a `VTBackend` on the
/// controlling terminal, `/dev/tty`, drawing with the terminfo description of the
/// process's `TERM` (read through ncurses once, into values; ncurses manages no screen).
///
/// The backend talks to `/dev/tty`, never to standard output, so the application's
/// standard output can be piped or redirected (as with `fzf`): `mytool > result.txt`
/// draws on the terminal and leaves only what the program prints in the file.
///
/// Everything else — raw mode, the alternate screen, bracketed paste and mouse reporting,
/// the kitty keyboard protocol, signals as events (`SIGWINCH` → `TerminalEvent/resized(_:)`,
/// `SIGTERM`/`SIGHUP`/`SIGINT`/`SIGQUIT` → `TerminalEvent/terminate(signal:)`, `SIGTSTP` →
/// ``suspend()``), and the terminal restored by ``stop()``, at `exit()` and after a crash —
/// is `VTBackend`'s; see there.
///
/// While the backend runs, what the program writes to standard error (when that is the
/// terminal) is kept and written out after the terminal is restored — by ``stop()``, at
/// `exit()`, or after a crash, so a fatal error's message is seen, on the shell's screen.
///
/// `start` calls `setlocale(LC_CTYPE, "")` (the character type only), and switches
/// `LC_CTYPE` to `C.UTF-8` when the locale is `C`/`POSIX`, so that the program's own wide
/// character calls agree with the terminal.
@MainActor
public final class CursesBackend: SuspendableBackend, PollingBackend, BandBackend {
    /// How the backend sets the terminal up.
    public typealias Options = VTBackend.Options
    /// Where the frames go.
    public typealias Presentation = VTBackend.Presentation

    /// The options given at creation.
    public let options: Options
    /// Full screen or inline, as given at creation.
    public let presentation: Presentation
    /// What paints the frames, as given at creation.
    public let renderer: Renderer

    /// What paints the frames on the terminal.
    public enum Renderer: String, Hashable, Sendable, CaseIterable {
        /// Tether's own screen writer (the default): the shortest cursor moves from the
        /// terminal's terminfo strings, true colour where the terminal has it, links, and
        /// synchronized output.
        case tether
        /// ncurses' own screen and refresh (`newterm`, `mvwadd_wch`, `doupdate`), from the
        /// same terminfo description: colours from the terminal's palette (true colour shown as
        /// the nearest), no links. Everything else (input, modes, the way out) is the same.
        case ncurses
    }
    /// What an inline presentation leaves on the screen when it stops, read at
    /// ``stop()`` (set it before quitting, say to a one-line summary). Ignored full screen.
    public var inlineExit: InlineExit = .finalFrame {
        didSet { backend?.inlineExit = inlineExit }
    }

    private var backend: VTBackend?
    /// Standard error, kept while the terminal is the program's (see `StandardErrorCapture`).
    private var standardError: StandardErrorCapture?
    private var descriptors: (input: Int32, output: Int32)?
    /// Whether a `CursesBackend` runs: the process has one controlling terminal, and two
    /// backends drawing on it would overwrite each other (sessions on other terminals are
    /// `VTBackend`s, any number).
    private static var active = false

    /// A backend with mouse reporting on or off, other options at their defaults.
    public convenience init(mouse: Bool = true) {
        self.init(options: Options(mouse: mouse))
    }

    /// A backend with `options`, full screen or inline. Nothing happens to the terminal
    /// until ``start(_:)``.
    public init(options: Options, presentation: Presentation = .fullScreen, renderer: Renderer = .tether) {
        self.options = options
        self.presentation = presentation
        self.renderer = renderer
    }

    isolated deinit {
        stop()
    }

    /// The terminal's size in cells (`Size/zero` before ``start(_:)``); inline, the band's.
    public var size: Size { backend?.size ?? .zero }
    /// Polled; the whole screen, or a band when ``presentation`` is inline; Ctrl-Z suspends.
    public var features: BackendFeatures {
        BackendFeatures(
            events: .polled(self), screen: presentation == .inline ? .band(self) : .whole, suspension: self,
            clipboard: self)
    }
    /// What the terminal can show; known after ``start(_:)``.
    public var capabilities: TerminalCapabilities {
        backend?.capabilities ?? TerminalCapabilities(colors: 0, mouse: options.mouse)
    }
    /// `true` between ``start(_:)`` and ``stop()``.
    public var isRunning: Bool { backend?.isRunning ?? false }

    // MARK: - Start and stop

    /// Opens `/dev/tty`, reads `TERM`'s terminfo description, and starts a `VTBackend`
    /// on it. Events reach `handler` only from ``processPendingInput()``.
    ///
    /// - Throws: `TerminalError` when there is no controlling terminal, `TERM` is
    ///   unset, unknown or cannot address the cursor (`dumb`), or the backend runs already.
    public func start(_ handler: @escaping (TerminalEvent) -> Void) throws {
        guard backend == nil, !Self.active else { throw TerminalError(.alreadyRunning) }
        let output = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard output >= 0, isatty(output) == 1 else {
            if output >= 0 { close(output) }
            throw TerminalError(.noControllingTerminal)
        }
        let input = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        do {
            guard input >= 0 else { throw TerminalError(.noControllingTerminal) }
            let environment = Self.environment()
            let (term, strings) = try Self.terminalStrings(environment)
            Self.configureLocale()
            let io = TerminalIO(input: input, output: output, environment: environment, isControllingTerminal: true)
            let backend = VTBackend(io: io, strings: strings, options: options, presentation: presentation)
            backend.inlineExit = inlineExit
            try backend.start(handler)
            if renderer == .ncurses {
                guard let painter = NCursesPainter(term: term, colors: backend.capabilities.colors) else {
                    backend.stop()
                    throw TerminalError(.initializationFailed(term))
                }
                backend.painter = painter
            }
            self.backend = backend
            descriptors = (input, output)
            Self.active = true
            standardError = StandardErrorCapture.begin()
        } catch {
            if input >= 0 { close(input) }
            close(output)
            throw error
        }
    }

    /// Restores the terminal (see `VTBackend/stop()`) and closes `/dev/tty`. Idempotent;
    /// safe to call before `start`.
    public func stop() {
        guard let backend else { return }
        backend.stop()
        self.backend = nil
        standardError?.end()
        standardError = nil
        Self.active = false
        if let descriptors {
            close(descriptors.input)
            close(descriptors.output)
        }
        descriptors = nil
    }

    /// Gives the terminal back to the shell and stops the process until it is continued
    /// (see `VTBackend/suspend()`).
    public func suspend() { backend?.suspend() }

    // MARK: - Drawing and input

    /// Shows `frame` (see `VTBackend/present(_:cursor:)`).
    public func present(_ frame: Frame, cursor: Point?) { backend?.present(frame, cursor: cursor) }

    /// Shows `frame`, comparing only `changedRows` (see `VTBackend/present(_:cursor:changedRows:)`).
    public func present(_ frame: Frame, cursor: Point?, changedRows: Range<Int>?) {
        backend?.present(frame, cursor: cursor, changedRows: changedRows)
    }

    /// Forgets what the terminal shows (see `VTBackend/forgetScreen()`).
    public func forgetScreen() { backend?.forgetScreen() }

    /// The terminal (until it hangs up) and the signal pipes, while the backend runs.
    public var pollDescriptors: [Int32] { backend?.pollDescriptors ?? [] }

    /// The time left before a pending lone Escape counts as the Escape key, or `nil`.
    public var pollTimeout: Duration? { backend?.pollTimeout }

    /// Handles signals and input that arrived (see `VTBackend/processPendingInput()`).
    public func processPendingInput() { backend?.processPendingInput() }

    /// The whole terminal's size (``size`` is the band's when inline).
    public var terminalSize: Size { backend?.terminalSize ?? .zero }

    /// Inline: gives the band `height` rows (see `VTBackend/fitBand(height:)`).
    public func fitBand(height: Int) { backend?.fitBand(height: height) }

    // MARK: - The process's environment

    /// The terminal's description and the type it was read for: `TERM`'s, or the one
    /// ``TerminalStrings/describedType(of:environment:)`` gives when terminfo has it.
    private static func terminalStrings(_ environment: [String: String]) throws -> (String, TerminalStrings) {
        let declared = environment["TERM"] ?? ""
        let described = TerminalStrings.describedType(of: declared, environment: environment)
        if described != declared, let strings = try? TerminalStrings.terminfo(described) { return (described, strings) }
        return (declared, try TerminalStrings.terminfo(declared))
    }

    /// The variables of the process environment a session reads.
    private static func environment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["TERM", "NO_COLOR", "COLORFGBG"] + TerminalStrings.colourVariables {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }

    /// `setlocale(LC_CTYPE, "")`, and `C.UTF-8` when that is `C` or `POSIX`. Only the
    /// character type: the other categories would each map a locale file at start-up.
    private static func configureLocale() {
        _ = setlocale(LC_CTYPE, "")
        if let current = setlocale(LC_CTYPE, nil), ["C", "POSIX"].contains(String(cString: current)) {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "C.utf8") }
        }
    }
}

extension CursesBackend: ClipboardBackend {
    /// Whether a copy reaches the clipboard: the backend runs and `TERM`'s terminfo has
    /// `Ms` (the OSC 52 extension).
    public var canCopyToClipboard: Bool { backend?.canCopyToClipboard ?? false }

    /// Puts `text` on the system clipboard with OSC 52, when ``canCopyToClipboard``.
    public func copyToClipboard(_ text: String) { backend?.copyToClipboard(text) }
}
