#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import TetherUI

/// A handler that only counts, to tell it apart from any other disposition.
private func countingHandler(_ signal: Int32) {}

@MainActor
@Suite("Accessible presentation's interrupt relay", .serialized)
struct InterruptRelayTests {
    /// The handler address of SIGINT's current disposition.
    private func currentHandler() -> Int {
        var action = sigaction()
        sigaction(SIGINT, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    @Test("uninstalling the relay puts back the SIGINT handler that was there before it, whatever it was")
    func previousHandlerRestored() throws {
        var original = sigaction()
        sigaction(SIGINT, nil, &original)
        defer { sigaction(SIGINT, &original, nil) }
        var mine = sigaction()
        mine.__sigaction_handler.sa_handler = countingHandler
        sigemptyset(&mine.sa_mask)
        sigaction(SIGINT, &mine, nil)
        let before = currentHandler()

        let relay = try #require(InterruptRelay())
        relay.install()
        #expect(currentHandler() != before)
        relay.uninstall()
        #expect(currentHandler() == before)
    }

    @Test("a SIGINT while installed is drained once, and none is reported after")
    func interruptDrainedOnce() throws {
        var original = sigaction()
        sigaction(SIGINT, nil, &original)
        defer { sigaction(SIGINT, &original, nil) }
        let relay = try #require(InterruptRelay())
        relay.install()
        defer { relay.uninstall() }
        raise(SIGINT)
        #expect(relay.drain())
        #expect(!relay.drain())
    }
}
