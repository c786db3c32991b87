#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherProcess
import TetherReactive

/// A backend that presents the application as a line-by-line conversation instead of
/// drawing it: the accessible presentation, for screen readers and terminals that cannot
/// address the cursor, and the scripted one, for answers piped in.
///
/// ```swift
/// let app = Application(root: screen.root, backend: AccessibleBackend())
/// let exit = try app.runOnMainThread()   // or `try await app.run()`
/// ```
///
/// The widgets, forms, bindings and view models are the ones of full screen. The title of
/// the panel around the form and the number of questions are said first. Each visible,
/// enabled field of the forms (``AccessiblePrompting``) is then asked in form order: its
/// name and numbered options first (nine at a time), then a prompt line with its current
/// value; the answer is applied through the widget as a user edit, so `<->` bindings,
/// validation and commands behave as in full screen. An empty answer keeps the current
/// value and `<` asks the previous question again. A field whose answer is invalid, or
/// whose validation message shows once it is left, is told the message once and its
/// prompt line is asked again. Then the answers are reviewed, numbered (a secret as
/// "(hidden)"), and the form's default button is offered (`Sign in? [Y/n]`, where a number
/// changes that answer); its command's start is announced once (``Button/progressText``),
/// then its result, which ends the run (``Application/Exit/quit``), or its error, after
/// which the fields are asked again. A disabled button is explained by the form's status
/// (its visible `.error` label). See docs/presentations.md for the whole timeline.
///
/// No colours, cursor movement or redraws: prompts and messages are plain lines written
/// to `output` (by default the terminal when answers come from it, standard error when
/// they are piped in), so standard output stays the program's result. Answers are read from `input` (standard input by default), one per line.
/// When `input` is a terminal it stays in its normal line mode, with echo off while a
/// secret is typed (and back on if a signal ends the program then); otherwise (a pipe, a
/// file) answers are shown after their prompt, except secrets, which are never shown.
/// If the input ends while an answer is awaited, nothing more is applied or submitted
/// and the run throws ``AccessibleInputError``.
@MainActor
public final class AccessibleBackend: PollingBackend, ApplicationDriver {
    /// The size the (undrawn) widget tree is laid out in.
    public let size = Size(width: 80, height: 200)
    /// No colours, no mouse.
    public let capabilities = TerminalCapabilities(colors: 0, mouse: false)
    /// Polled; no frames (the questions are asked line by line); it drives the application.
    public var features: BackendFeatures { BackendFeatures(driver: self) }

    private let inputFD: Int32
    private let requestedOutput: Int32?
    private var outputFD: Int32 = -1
    private var ownsOutput = false
    private let sink: ((String) -> Void)?
    private let inputIsTerminal: Bool
    /// Whether a person types the answers (a terminal, or a pilot told so), not a script.
    private let answersTyped: Bool
    private var dialog: AccessibleDialog?
    private var splitter = LineSplitter()
    private var lines: [String] = []
    private var ended = false
    private var running = false
    private var pumping = false
    private var echo: EchoControl?
    /// Ctrl-C (SIGINT: the terminal stays in line mode) and the signals that end the
    /// program, from the process's signal hub.
    private var signals: SignalSubscription?
    private var handler: ((TerminalEvent) -> Void)?
    /// Bytes of answers read and not yet asked for (queued lines, and a line without its end).
    private var heldInput = 0
    /// Bytes of the queued lines, each with its line break.
    private var queuedBytes = 0
    /// The index in `lines` of the next line to hand the dialog.
    private var nextLineIndex = 0
    /// Whether the hosting server's output is congested: answers wait (their prompts would
    /// only queue) until ``outputDrained()``.
    package var isOutputBlocked: (() -> Bool)?
    /// Said in a secret's question in place of "typing is hidden" where typing cannot be
    /// hidden: a server's client without a terminal, whose own terminal echoes what is typed
    /// (hosted conversations; a program a server runs per session, known by
    /// `TETHER_SSH_CLIENT`, reading a pipe).
    package var unhiddenTypingNote: String?
    /// Past this many held bytes of answers, input is not read until the form asks for them.
    package var heldInputLimit = 1 << 20
    /// Called when input is wanted again after a pause (``heldInputLimit``): the host then
    /// watches the descriptor again.
    package var onInputWanted: (() -> Void)?

    /// A conversation reading answers from `input` and writing prompts to `output`; by
    /// default to the terminal (`/dev/tty`) when `input` is one, otherwise to standard error.
    public init(input: Int32 = STDIN_FILENO, output: Int32? = nil) {
        inputFD = input
        inputIsTerminal = isatty(input) == 1
        answersTyped = inputIsTerminal
        requestedOutput = output
        sink = nil
        if !inputIsTerminal, getenv("TETHER_SSH_CLIENT") != nil { unhiddenTypingNote = Self.sshTypingNote }
    }

    /// The note a client of an SSH server without a terminal (`ssh -T`) is given at a secret:
    /// its own terminal shows what it types.
    package static let sshTypingNote = "typing shows on your screen: connect with ssh -t to hide it"

    /// A conversation hosted by a server (``SessionHost``): answers are read from `input` (a
    /// pipe or socket, never a terminal) when the host's waiter says it is ready, text goes
    /// to `output` (the session's output queue), and no signal is taken. Answers are shown
    /// after their prompt, as for any piped input; reading pauses while more than
    /// ``heldInputLimit`` bytes of answers wait to be asked for (a client that pastes faster
    /// than the form asks fills its own channel, whose limit then applies).
    package init(hostedInput input: Int32, output: @escaping (String) -> Void) {
        inputFD = input
        inputIsTerminal = false
        answersTyped = false
        requestedOutput = nil
        sink = output
    }

    /// A conversation whose answers are given with ``receive(_:)`` and ``endInput()`` and
    /// whose text goes to `output` (the transcript pilot); `typed` answers as a person at a
    /// terminal would (suggestions are offered), though nothing is echoed.
    package init(typed: Bool = false, output: @escaping (String) -> Void) {
        inputFD = -1
        inputIsTerminal = false
        answersTyped = typed
        requestedOutput = nil
        sink = output
    }

    /// Writes `text`, its control characters shown as visible escapes: prompts, messages and
    /// the review quote answers, which may hold any byte that was typed or piped.
    private func output(_ text: String) {
        let shown = visibleControlCharacters(text)
        if let sink { sink(shown) } else if outputFD >= 0 { _ = writeAll(outputFD, Array(shown.utf8)) }
    }

    private func openOutput() {
        if let requestedOutput {
            outputFD = requestedOutput
        } else if inputIsTerminal, case let tty = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC), tty >= 0 {
            outputFD = tty
            ownsOutput = true
        } else {
            outputFD = STDERR_FILENO
        }
    }

    // MARK: Choosing it

    /// Whether the terminal cannot draw a form: `TERM` unset, empty or `dumb`.
    nonisolated public static var terminalCannotDraw: Bool {
        guard let term = getenv("TERM"), term.pointee != 0 else { return true }
        return String(cString: term) == "dumb"
    }

    /// Whether standard input can give answers: a terminal, a pipe, a socket or a file
    /// (not `/dev/null` or another device).
    nonisolated public static var standardInputCanAnswer: Bool {
        if isatty(STDIN_FILENO) == 1 { return true }
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFREG || type == S_IFSOCK
    }

    /// Whether a program should choose this presentation by itself: standard input can
    /// give answers (``standardInputCanAnswer``) and the form cannot be drawn, because the
    /// terminal cannot draw (``terminalCannotDraw``) or there is no controlling terminal
    /// (`/dev/tty` does not open). A program started with neither a terminal nor readable
    /// input gets `false`: nothing can be asked either.
    nonisolated public static var isPreferred: Bool {
        guard standardInputCanAnswer else { return false }
        if terminalCannotDraw { return true }
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return true }
        close(tty)
        return false
    }

    // MARK: Running

    public func start(_ handler: @escaping (TerminalEvent) -> Void) throws {
        running = true
        self.handler = handler
        if sink == nil {
            openOutput()
            signals = SignalSubscription(signals: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
            if signals?.start() != true { signals = nil }
        }
        if inputIsTerminal { echo = EchoControl(fd: inputFD) }
    }

    func drive(_ application: Application) {
        let dialog = AccessibleDialog(
            app: application, inputIsTerminal: answersTyped, write: { [weak self] text in self?.output(text) },
            hideInput: { [weak self] hidden in self?.echo?.hideInput(hidden) })
        dialog.waiting = { [weak self] in self?.pump() }
        dialog.unhiddenTypingNote = unhiddenTypingNote
        self.dialog = dialog
        application.conversation = dialog
        dialog.begin()
    }

    public func present(_ frame: Frame, cursor: Point?) {}

    /// Turns echo back on if a secret was being read, and puts SIGINT's disposition back.
    /// Idempotent.
    public func stop() {
        running = false
        echo?.restore()
        echo = nil
        signals?.stop()
        signals = nil
        handler = nil
        dialog = nil
        if ownsOutput { close(outputFD) }
        ownsOutput = false
        outputFD = -1
    }

    public var pollDescriptors: [Int32] {
        guard running else { return [] }
        let reads = !ended && inputFD >= 0 && heldInput <= heldInputLimit
        return (reads ? [inputFD] : []) + (signals?.descriptors ?? [])
    }

    public var pollTimeout: Duration? { nil }

    /// Reads what input is ready (never blocking) and answers the questions waiting. A
    /// signal that arrived goes first: one that ends the program (SIGTERM, SIGHUP,
    /// SIGQUIT) is handed to the application as `TerminalEvent/terminate(signal:)`, a
    /// Ctrl-C (SIGINT) as the Ctrl-C key.
    public func processPendingInput() {
        if let arrived = signals?.drain(), !arrived.isEmpty {
            if let ending = arrived.first(where: { $0 != SIGINT }) {
                output("\n")
                handler?(.terminate(signal: ending))
                return
            }
            return interrupt()
        }
        guard running, !ended, inputFD >= 0 else { return }
        var ready = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 0) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
        if count > 0 {
            receive(bytes: buffer[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            endInput()
        }
    }

    /// Ctrl-C: ends the open prompt's line and hands the application the Ctrl-C key, which
    /// quits as in full screen (``Application/Exit/interrupted``, with
    /// ``Application/InterruptBehavior/quit``). Nothing more is asked or submitted.
    package func interrupt() {
        guard running, let handler else { return }
        output("\n")
        handler(.input(.key(.ctrl("c"))))
    }

    // MARK: Lines

    private func receive(bytes: ArraySlice<UInt8>) {
        for line in splitter.feed(bytes) { queue(line) }
        heldInput = queuedBytes + splitter.pendingCount
        pump()
    }

    /// Adds one answer, as if a line was typed.
    package func receive(_ line: String) {
        queue(line)
        pump()
    }

    /// Ends the input: a question still waiting fails the run.
    package func endInput() {
        if let last = splitter.finish() { queue(last) }
        ended = true
        pump()
    }

    /// `line` without its control characters (C0, DEL, C1: what no field keeps).
    static func printable(_ line: String) -> String {
        line.contains(where: \.isControlCharacter) ? line.filter { !$0.isControlCharacter } : line
    }

    /// Queues an answer line until the dialog asks for it.
    private func queue(_ line: String) {
        lines.append(line)
        queuedBytes += line.utf8.count + 1
    }

    /// The oldest queued line, taken off the queue; input is wanted again once what is held
    /// is under the limit.
    private func nextLine() -> String? {
        guard nextLineIndex < lines.count else { return nil }
        let line = lines[nextLineIndex]
        nextLineIndex += 1
        if nextLineIndex == lines.count {
            lines = []
            nextLineIndex = 0
        } else if nextLineIndex > 1024, nextLineIndex * 2 > lines.count {
            lines.removeFirst(nextLineIndex)
            nextLineIndex = 0
        }
        let wasPaused = heldInput > heldInputLimit
        queuedBytes -= line.utf8.count + 1
        heldInput = queuedBytes + splitter.pendingCount
        if wasPaused, heldInput <= heldInputLimit { onInputWanted?() }
        return line
    }

    /// The hosting server's output took its backlog: the answers waiting are asked for again.
    package func outputDrained() { pump() }

    /// Hands queued lines to the dialog while it waits for them.
    private func pump() {
        guard !pumping else { return }
        pumping = true
        defer { pumping = false }
        while let dialog, dialog.isWaiting {
            if isOutputBlocked?() == true { return }
            if let line = nextLine() {
                // A terminal shows what is typed itself (and ECHONL the line break of a secret).
                // Shown as the model takes it: control characters (escape sequences
                // included) are dropped from answers, so they never reach the terminal.
                if !inputIsTerminal { output(dialog.awaitsSecret ? "\n" : Self.printable(line) + "\n") }
                dialog.answer(line)
            } else if ended {
                output("\n")  // the prompt waited on its line
                dialog.inputEnded()
            } else {
                return
            }
        }
    }
}

/// A backend that drives the application's widgets itself rather than only drawing them
/// (the accessible presentation); the application hands itself over once started.
@MainActor
protocol ApplicationDriver: TerminalBackend {
    func drive(_ application: Application)
}
