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

/// The process's one signal hub: a caught signal reaches every subscription that asked for
/// it, once, and none that did not; the hub's handler is in only while someone wants it.
extension ProcessWideStateTests {
    @Suite("SignalHub", .serialized)
    @MainActor
    struct SignalHubTests {
        @Test("a raised signal reaches the next drain once, and a drain after it finds nothing")
        func drainedOnce() throws {
            let subscription = try #require(SignalSubscription(signals: [SIGUSR1, SIGUSR2]))
            #expect(subscription.start())
            defer { subscription.stop() }
            raise(SIGUSR1)
            #expect(subscription.drain() == [SIGUSR1])
            #expect(subscription.drain().isEmpty)
        }

        @Test("signals raised after a drain reach the next drain, in order, each once")
        func laterSignalsReachTheNextDrain() throws {
            let subscription = try #require(SignalSubscription(signals: [SIGUSR1, SIGUSR2]))
            subscription.start()
            defer { subscription.stop() }
            _ = subscription.drain()
            raise(SIGUSR2)
            raise(SIGUSR1)
            raise(SIGUSR2)
            #expect(subscription.drain() == [SIGUSR2, SIGUSR1])
        }

        @Test("one signal reaches three sessions that want it, and not a fourth that does not")
        func fansOutToEverySubscriber() throws {
            let sessions = try (0..<3).map { _ in try #require(SignalSubscription(signals: [SIGUSR1])) }
            let other = try #require(SignalSubscription(signals: [SIGUSR2]))
            for session in sessions + [other] { session.start() }
            defer { for session in sessions + [other] { session.stop() } }
            raise(SIGUSR1)
            // The first drain collects for everyone; the others were woken through their pipes.
            #expect(sessions[1].drain() == [SIGUSR1])
            for session in [sessions[0], sessions[2]] {
                var ready = pollfd(fd: session.descriptors[0], events: Int16(POLLIN), revents: 0)
                #expect(poll(&ready, 1, 0) == 1, "a session that did not collect was not woken")
                #expect(session.drain() == [SIGUSR1])
            }
            #expect(other.drain().isEmpty)
        }

        @Test("the hub's handler is in while a subscription wants the signal, and the old one is back after")
        func handlersComeAndGo() throws {
            let hub = SignalHub.shared
            let first = try #require(SignalSubscription(signals: [SIGUSR1]))
            let second = try #require(SignalSubscription(signals: [SIGUSR1, SIGUSR2]))
            first.start()
            second.start()
            #expect(hub.catches(SIGUSR1) && hub.catches(SIGUSR2))
            second.stop()
            #expect(hub.catches(SIGUSR1) && !hub.catches(SIGUSR2))
            first.stop()
            #expect(!hub.catches(SIGUSR1))
            var action = sigaction()
            sigaction(SIGUSR1, nil, &action)
            #expect(tether_sigaction_handler(&action) == nil, "SIGUSR1's default disposition is not back")
        }
    }
}
