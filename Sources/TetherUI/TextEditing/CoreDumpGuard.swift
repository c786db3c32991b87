internal import CTetherDispatch

/// The process's "dumpable" flag, held off while any ``SecureField`` with
/// ``SecureField/disablesCoreDumps`` (the default) that has held text is alive.
///
/// On Linux, `prctl(PR_SET_DUMPABLE, 0)` stops a crash from writing a core dump (whatever
/// `core_pattern` and `RLIMIT_CORE` say) and stops other processes of the same user from
/// attaching a debugger or reading `/proc/<pid>/mem`. The first claim saves the flag and
/// clears it; the last release puts the saved flag back. Elsewhere it does nothing.
@MainActor
enum CoreDumpGuard {
    /// How many fields hold a claim now.
    private(set) static var claims = 0
    private static var saved: Int32 = -1

    /// Whether the process may write a core dump now (`nil` where the flag does not exist).
    static var processIsDumpable: Bool? {
        let flag = tether_process_dumpable()
        return flag < 0 ? nil : flag != 0
    }

    static func claim() {
        if claims == 0 {
            saved = tether_process_dumpable()
            if saved > 0 { _ = tether_set_process_dumpable(0) }
        }
        claims += 1
    }

    static func release() {
        precondition(claims > 0, "CoreDumpGuard released more often than claimed")
        claims -= 1
        if claims == 0 && saved > 0 { _ = tether_set_process_dumpable(1) }
    }
}
