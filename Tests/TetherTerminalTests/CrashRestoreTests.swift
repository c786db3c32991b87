import CTetherSignal
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import TetherProcess
import TetherTerminal

/// What the process had for each crash signal before a test put ``markerHandler`` there,
/// indexed by signal number.
nonisolated(unsafe) private let originalActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
}()

/// The handler a test installs before arming, to recognise it afterwards. Should a real
/// crash reach it meanwhile, it puts back what the process had, and the fault happens again
/// there.
private func markerHandler(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    guard signal > 0, signal < 65 else { return }
    sigaction(signal, &originalActions[Int(signal)], nil)
}

private let marker: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void =
    markerHandler

/// The disposition of `signal` now.
private func currentAction(_ signal: Int32) -> sigaction {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return action
}

/// Whether `action` is ``markerHandler``, installed with `SA_SIGINFO`.
private func isMarker(_ action: sigaction) -> Bool {
    var action = action
    guard action.sa_flags & SA_SIGINFO != 0, let handler = tether_sigaction_action(&action) else { return false }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(marker, to: Int.self)
}

/// The crash handler's installation: what `CursesBackend.start()` arms and `stop()` disarms
/// (the backend cannot start in the test process, which has no terminal of its own).
extension ProcessWideStateTests {
    @Suite("CrashRestore", .serialized)
    @MainActor
    struct CrashRestoreTests {
        @Test("disarming the last slot, as a session's stop() does, puts back the handler each crash signal had before")
        func disarmPutsBackThePreviousHandlers() {
            for signal in CrashRestore.signals {
                sigaction(signal, nil, &originalActions[Int(signal)])
            }
            defer {
                for signal in CrashRestore.signals { sigaction(signal, &originalActions[Int(signal)], nil) }
            }
            var action = sigaction()
            tether_sigaction_set_action(&action, marker)
            action.sa_flags = SA_SIGINFO
            sigemptyset(&action.sa_mask)
            for signal in CrashRestore.signals { sigaction(signal, &action, nil) }
            let before = CrashRestore.signals.map(currentAction)
            #expect(before.allSatisfy(isMarker))

            // -1: a crash meanwhile writes nothing anywhere.
            CrashRestore.arm(slot: 14, outFD: -1, bytes: Array("farewell".utf8), shellModes: termios())
            CrashRestore.arm(slot: 15, outFD: -1, bytes: Array("farewell".utf8), shellModes: termios())
            CrashRestore.disarm(slot: 14)
            for signal in CrashRestore.signals {
                #expect(CrashRestore.isInstalled(signal), "signal \(signal) not armed while slot 15 is")
            }
            CrashRestore.disarm(slot: 15)

            for (signal, previous) in zip(CrashRestore.signals, before) {
                let now = currentAction(signal)
                #expect(!CrashRestore.isInstalled(signal), "signal \(signal) still armed")
                #expect(isMarker(now), "signal \(signal): the handler from before arming is not back")
                #expect(now.sa_flags == previous.sa_flags, "signal \(signal): flags before arming \(previous.sa_flags)")
            }
        }
    }
}
