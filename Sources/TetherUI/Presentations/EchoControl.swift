#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherProcess

/// Terminal echo for the accessible presentation: off while a secret is typed (the line
/// break still echoes, `ECHONL`), back on afterwards and at ``restore()``.
///
/// While echo is off the terminal's modes from before are in the process's restore
/// registry (`RestoreSlot`), which the crash handler and the `exit()` hook walk: a crash
/// or an `exit()` then puts echo back like every other session's terminal. A signal that
/// ends the program reaches the backend through the process's signal hub, and the run ends
/// the usual way, through ``restore()``.
@MainActor
final class EchoControl {
    private let fd: Int32
    private var saved: termios?
    private var slot: RestoreSlot?

    /// Echo control for the terminal `fd`.
    init(fd: Int32) {
        self.fd = fd
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
        slot = RestoreSlot()
        slot?.arm(fd: fd, before: [], modes: modes, crashAfter: [], exitAfter: [])
        var quiet = modes
        quiet.c_lflag = (quiet.c_lflag & ~tcflag_t(ECHO)) | tcflag_t(ECHONL)
        _ = tcsetattr(fd, TCSANOW, &quiet)
    }

    /// Puts echo back as it was. Idempotent.
    func restore() {
        guard var modes = saved else { return }
        saved = nil
        _ = tcsetattr(fd, TCSANOW, &modes)
        slot?.release()
        slot = nil
    }
}
