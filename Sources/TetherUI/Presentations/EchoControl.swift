#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Terminal echo for the accessible presentation: off while a secret is typed (the line
/// break still echoes, `ECHONL`), back on afterwards, at ``restore()``, and if SIGTERM,
/// SIGHUP, SIGQUIT or (unless the backend relays it) SIGINT ends the program while it is off.
///
/// The signal handlers, installed while echo is off, put the local modes back (with
/// `tcsetattr`, which is async-signal-safe) and then let the signal take its default
/// action; their state is atomic.
@MainActor
final class EchoControl {
    private let signals: [Int32]
    /// The terminal whose echo is off, or -1.
    nonisolated private static let hiddenFD = Atomic<Int32>(-1)
    /// Its local modes before echo went off.
    nonisolated private static let savedLocalModes = Atomic<UInt32>(0)

    private let fd: Int32
    private var saved: termios?
    private var previousActions: [Int32: sigaction] = [:]

    /// Echo control for the terminal `fd`; SIGINT is left alone unless `catchesInterrupt`
    /// (the accessible backend relays it to the application, which then restores echo).
    init(fd: Int32, catchesInterrupt: Bool = true) {
        self.fd = fd
        signals = (catchesInterrupt ? [SIGINT] : []) + [SIGTERM, SIGHUP, SIGQUIT]
    }

    isolated deinit { restore() }

    /// Turns echo off (`true`) or back on.
    func hideInput(_ hidden: Bool) {
        hidden ? hide() : restore()
    }

    private func hide() {
        guard saved == nil else { return }
        var modes = termios()
        guard tcgetattr(fd, &modes) == 0 else { return }
        saved = modes
        EchoControl.savedLocalModes.store(UInt32(modes.c_lflag), ordering: .sequentiallyConsistent)
        EchoControl.hiddenFD.store(fd, ordering: .sequentiallyConsistent)
        installHandlers()
        var quiet = modes
        quiet.c_lflag = (quiet.c_lflag & ~tcflag_t(ECHO)) | tcflag_t(ECHONL)
        _ = tcsetattr(fd, TCSANOW, &quiet)
    }

    /// Puts echo back as it was. Idempotent.
    func restore() {
        guard var modes = saved else { return }
        saved = nil
        _ = tcsetattr(fd, TCSANOW, &modes)
        EchoControl.hiddenFD.store(-1, ordering: .sequentiallyConsistent)
        for (signal, previous) in previousActions {
            var action = previous
            sigaction(signal, &action, nil)
        }
        previousActions = [:]
    }

    private func installHandlers() {
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { signal in EchoControl.restoreAndRaise(signal) }
            #else
            action.__sigaction_u.__sa_handler = { signal in EchoControl.restoreAndRaise(signal) }
            #endif
            sigemptyset(&action.sa_mask)
            var previous = sigaction()
            if sigaction(signal, &action, &previous) == 0 { previousActions[signal] = previous }
        }
    }

    /// In a signal handler: echo back on, then the signal's default action.
    nonisolated private static func restoreAndRaise(_ number: Int32) {
        let fd = hiddenFD.exchange(-1, ordering: .sequentiallyConsistent)
        if fd >= 0 {
            var modes = termios()
            if tcgetattr(fd, &modes) == 0 {
                modes.c_lflag = tcflag_t(savedLocalModes.load(ordering: .sequentiallyConsistent))
                _ = tcsetattr(fd, TCSANOW, &modes)
            }
        }
        signal(number, SIG_DFL)
        raise(number)
    }
}
