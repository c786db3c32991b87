#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import TetherCurses

/// The self-pipe relay: a signal caught by the handler reaches the next drain once, and a
/// drain with nothing pending returns nothing (without reading the pipe).
@Suite("SignalRelay", .serialized)
@MainActor
struct SignalRelayTests {
    /// Runs `body` with a relay for `SIGUSR1` and `SIGUSR2` installed, then removes it.
    func withRelay(_ body: (SignalRelay) -> Void) throws {
        let relay = try #require(SignalRelay(signals: [SIGUSR1, SIGUSR2]))
        relay.install()
        body(relay)
        relay.uninstall()
        relay.closePipe()
    }

    @Test("a raised signal reaches the next drain once, and a drain after it finds nothing")
    func drainedOnce() throws {
        try withRelay { relay in
            raise(SIGUSR1)
            #expect(relay.drain() == [SIGUSR1])
            #expect(relay.drain().isEmpty)
        }
    }

    @Test("signals raised after a drain reach the next drain, in order, each once")
    func laterSignalsReachTheNextDrain() throws {
        try withRelay { relay in
            _ = relay.drain()
            raise(SIGUSR2)
            raise(SIGUSR1)
            raise(SIGUSR2)
            #expect(relay.drain() == [SIGUSR2, SIGUSR1])
        }
    }
}
