#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherUI

/// Reads what a ``TerminalDevice`` receives — input bytes on the terminal, signals on
/// the relay's pipe — and turns it into ``Arrival``s, in the order they happened. It
/// never blocks: a run driver waits on ``descriptors`` (at most ``timeout``) and then
/// calls ``pump(_:)``.
///
/// Bytes are decoded by ``InputDecoder``. A lone Escape (or any prefix of a longer
/// sequence, or the rest of an overlong one) waits for the rest until a deadline
/// `escapeDelay` after the last read, an open bracketed paste until ``pasteTimeout``;
/// ``timeout`` reports the time left, and the first ``pump(_:)`` after it flushes the
/// decoder. End of input (the terminal hung up) closes the input descriptor and
/// arrives as `SIGHUP`.
@MainActor
final class InputPump {
    /// What the pump reports.
    enum Arrival: Hashable {
        /// Decoded input.
        case input(InputEvent)
        /// `SIGWINCH`: the terminal may have changed size.
        case resize
        /// `SIGTSTP`: the process should stop (job control).
        case suspend
        /// `SIGCONT`: the process continued after an outside `SIGSTOP`; the shell may
        /// have changed the terminal modes.
        case resume
        /// `SIGTERM`, `SIGHUP`, `SIGINT` or `SIGQUIT`, or a hang-up of the terminal
        /// (reported as `SIGHUP`): the program should end.
        case terminate(signal: Int32)
        /// The terminal answered the kitty keyboard protocol query: it speaks the protocol.
        /// Reported once, before the input read with the answer.
        case keyboardProtocol
        /// The terminal answered that it knows synchronized output (mode 2026). Reported once.
        case synchronizedOutput
        /// The terminal reported that its window gained (`true`) or lost (`false`) focus
        /// (mode 1004). Reports read with keys arrive before those keys.
        case focus(Bool)
        /// The terminal answered the background query (``BackgroundQuery``) with this
        /// background. Reported for every answer, before the input read after it.
        case background(TerminalBackground)
    }

    /// How long an open bracketed paste waits for more bytes before it ends without its
    /// end marker (``InputDecoder/flush()``): long enough for a paste that a slow link
    /// delivers in bursts, short enough that a stray paste start does not deafen the keys.
    static let pasteTimeout: Duration = .seconds(1)

    private let session: TerminalDevice
    private let escapeDelay: Duration
    private var decoder = InputDecoder()
    /// Where `read` puts input bytes; reused for every read.
    private let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
    /// When pending bytes stop waiting for the rest of their sequence.
    private var escapeDeadline: ContinuousClock.Instant?
    /// Whether ``Arrival/keyboardProtocol`` was reported.
    private var reportedKeyboardProtocol = false
    private var reportedSynchronizedOutput = false

    /// Events decoded from bytes read before the pump (type-ahead), delivered first.
    private var queued: [InputEvent] = []

    /// While set, bytes read are kept in ``captured`` instead of being decoded: a hosted
    /// session waits for a query's answer without blocking (``VTBackend``'s asynchronous
    /// cursor query), then hands what is not the answer back with ``receive(typeAhead:)``.
    var capturing = false
    /// The bytes read while ``capturing``.
    var captured: [UInt8] = []

    /// A pump over `session`'s input and signals; a lone Escape waits `escapeDelay`.
    /// `typeAhead`: bytes the terminal sent before the pump existed (keys typed while a
    /// start-up query waited for its answer), decoded and delivered by the first
    /// ``pump(_:)``, before anything read later.
    init(session: TerminalDevice, escapeDelay: Duration, typeAhead: [UInt8] = []) {
        self.session = session
        self.escapeDelay = max(.zero, escapeDelay)
        queued = decoder.feed(typeAhead)
        if decoder.hasPendingInput { escapeDeadline = .now + self.escapeDelay }
    }

    isolated deinit {
        buffer.deallocate()
    }

    /// Bytes the terminal sent while a query waited for its answer (a cursor report after
    /// a resume or a resize): delivered by the next ``pump(_:)``, before anything read later.
    func receive(typeAhead: [UInt8]) {
        guard !typeAhead.isEmpty else { return }
        queued += decoder.feed(typeAhead)
        if decoder.hasPendingInput { escapeDeadline = .now + escapeDelay }
    }

    /// The terminal (until it hangs up) and the signal pipe; empty once the session is
    /// closed. Kept rather than built for each wait of the run loop.
    var descriptors: [Int32] {
        if session.readFD != descriptorsReadFD { descriptorsCache = nil }
        if let descriptorsCache { return descriptorsCache }
        let fresh = ([session.readFD] + (session.signals?.descriptors ?? [])).filter { $0 >= 0 }
        descriptorsCache = fresh
        descriptorsReadFD = session.readFD
        return fresh
    }
    private var descriptorsCache: [Int32]?
    private var descriptorsReadFD: Int32 = -1

    /// The time left before pending bytes count as complete (a lone Escape as the Escape
    /// key), or `nil` when nothing is pending.
    var timeout: Duration? {
        if !queued.isEmpty || session.signals?.hasHeldSignals == true { return .zero }
        return escapeDeadline.map { max(.zero, $0 - .now) }
    }

    /// Hands `accept` the signals that arrived (one that ends the program first), then the
    /// input that is ready, then what timed out, one arrival at a time. Stops as soon as
    /// `accept` returns `false` (the backend stopped). Never blocks.
    func pump(_ accept: (Arrival) -> Bool) {
        guard session.isOpen else { return }
        var signals = session.signals?.drain() ?? []
        // A signal that ends the program goes first, so that nothing that came with it (a
        // SIGTSTP) is handled: signals pending together are not recorded in the order they
        // were sent (the kernel stacks their handlers, the highest-numbered runs first).
        if signals.count > 1, let ending = signals.firstIndex(where: Self.endsProgram), ending > 0 {
            signals.insert(signals.remove(at: ending), at: 0)
        }
        for signal in signals {
            guard accept(Self.arrival(for: signal)) else { return }
        }
        if !queued.isEmpty {
            let typeAhead = queued
            queued = []
            guard deliverAnswers(accept), deliverFocusReports(accept) else { return }
            for event in typeAhead {
                guard accept(.input(event)) else { return }
            }
        }
        if session.readFD >= 0 {
            guard readInput(accept) else { return }
        }
        if let deadline = escapeDeadline, ContinuousClock.now >= deadline {
            escapeDeadline = nil
            guard decoder.hasPendingInput else { return }
            for event in decoder.flush() {
                guard accept(.input(event)) else { return }
            }
        }
    }

    /// Hands `accept` the focus reports decoded so far; `false` when it returned `false`.
    private func deliverFocusReports(_ accept: (Arrival) -> Bool) -> Bool {
        guard !decoder.focusReports.isEmpty else { return true }  // a typed key's read: nothing to take
        for focused in decoder.takeFocusReports() {
            guard accept(.focus(focused)) else { return false }
        }
        return true
    }

    /// Whether `signal` asks the program to end (SIGTERM, SIGHUP, SIGINT, SIGQUIT).
    private static func endsProgram(_ signal: Int32) -> Bool {
        signal == SIGTERM || signal == SIGHUP || signal == SIGINT || signal == SIGQUIT
    }

    /// What `signal` means.
    private static func arrival(for signal: Int32) -> Arrival {
        switch signal {
        case SIGWINCH: .resize
        case SIGTSTP: .suspend
        case SIGCONT: .resume
        default: .terminate(signal: signal)
        }
    }

    /// Reads until the terminal has nothing more, decodes and hands on the events, and
    /// moves the escape deadline; a hang-up closes the input and arrives as `SIGHUP`.
    /// Returns `false` when `accept` did.
    private func readInput(_ accept: (Arrival) -> Bool) -> Bool {
        var events: [InputEvent] = []
        var hangUp = false
        var readAny = false
        while true {
            let count = read(session.readFD, buffer.baseAddress, buffer.count)
            if count > 0 && capturing {
                captured += UnsafeBufferPointer(rebasing: buffer[0..<count])
                buffer.baseAddress!.update(repeating: 0, count: count)
                if count < buffer.count { break }
                continue
            }
            if count > 0 {
                readAny = true
                events += decoder.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]))
                // What was typed (a password too) does not stay in the buffer after it is decoded.
                buffer.baseAddress!.update(repeating: 0, count: count)
                // A terminal's read returns all that is queued, up to the buffer's size: a
                // shorter read leaves nothing behind, and more input wakes the poll again.
                if count < buffer.count { break }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            hangUp = true  // end of file or EIO: the terminal went away
            break
        }
        if !reportedKeyboardProtocol, decoder.keyboardProtocolFlags != nil {
            reportedKeyboardProtocol = true
            guard accept(.keyboardProtocol) else { return false }
        }
        if !reportedSynchronizedOutput, let state = decoder.modeReports[TerminalModes.synchronizedOutputMode],
            state > 0, state != 4
        {
            reportedSynchronizedOutput = true
            guard accept(.synchronizedOutput) else { return false }
        }
        guard deliverAnswers(accept), deliverFocusReports(accept) else { return false }
        for event in events {
            guard accept(.input(event)) else { return false }
        }
        if readAny {
            let wait = decoder.isPasteOpen ? Self.pasteTimeout : escapeDelay
            escapeDeadline = decoder.hasPendingInput ? .now + wait : nil
        }
        guard hangUp else { return true }
        session.closeInput()
        return accept(.terminate(signal: SIGHUP))
    }

    /// Hands on the terminal's answers to OSC queries decoded so far (the background's).
    /// Returns `false` when `accept` did.
    private func deliverAnswers(_ accept: (Arrival) -> Bool) -> Bool {
        guard !decoder.commandAnswers.isEmpty else { return true }  // a typed key's read: nothing to take
        for answer in decoder.takeCommandAnswers() where answer.number == 11 {
            guard let background = BackgroundQuery.background(fromColor: answer.payload) else { continue }
            guard accept(.background(background)) else { return false }
        }
        return true
    }
}
