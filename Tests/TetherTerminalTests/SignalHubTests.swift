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

/// The signals blocked on this thread now, of the standard ones (1 to 31).
@MainActor
private func blockedSignals() -> [Int32] {
    var mask = sigset_t()
    pthread_sigmask(SIG_BLOCK, nil, &mask)
    return (Int32(1)..<32).filter { sigismember(&mask, $0) == 1 }
}

/// Blocks `signals` on this thread (besides what it blocked), as a parent may have before
/// the program started; returns the mask from before, for ``setMask(_:)``.
@MainActor
private func block(_ signals: [Int32]) -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &set, &previous)
    return previous
}

/// Makes `mask` this thread's signal mask.
@MainActor
private func setMask(_ mask: sigset_t) {
    var mask = mask
    pthread_sigmask(SIG_SETMASK, &mask, nil)
}

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

        @Test("a signal the process blocked is unblocked while a subscription wants it, and blocked again when it ends")
        func maskPutBackAfterOneSubscription() throws {
            try #require(SignalHub.shared.subscriberCount == 0, "a subscription from another test is still live")
            let saved = block([SIGUSR1])
            defer { setMask(saved) }
            let before = blockedSignals()
            #expect(before.contains(SIGUSR1))

            let subscription = try #require(SignalSubscription(signals: [SIGUSR1]))
            #expect(subscription.start())
            #expect(!blockedSignals().contains(SIGUSR1), "SIGUSR1 stays blocked: the hub's handler would never run")
            subscription.stop()
            #expect(blockedSignals() == before, "the mask from before the subscription is not back")
        }

        @Test(
            "the mask from before the first subscription is back only when the last of two ends, in either order",
            arguments: [true, false])
        func maskPutBackAfterTheLastOfTwo(_ wideStopsFirst: Bool) throws {
            try #require(SignalHub.shared.subscriberCount == 0, "a subscription from another test is still live")
            let saved = block([SIGUSR1, SIGUSR2])
            defer { setMask(saved) }
            let before = blockedSignals()
            #expect(before.contains(SIGUSR1) && before.contains(SIGUSR2))

            let narrow = try #require(SignalSubscription(signals: [SIGUSR1]))
            let wide = try #require(SignalSubscription(signals: [SIGUSR1, SIGUSR2]))
            defer {
                narrow.stop()
                wide.stop()
            }
            narrow.start()
            wide.start()
            #expect(!blockedSignals().contains(SIGUSR1) && !blockedSignals().contains(SIGUSR2))

            let (first, last) = wideStopsFirst ? (wide, narrow) : (narrow, wide)
            first.stop()
            // Not restored while one remains: what it wants stays deliverable.
            for signal in last.signals {
                #expect(
                    !blockedSignals().contains(signal), "signal \(signal) blocked again while a subscription wants it")
            }
            last.stop()
            #expect(blockedSignals() == before, "after both ended: \(blockedSignals()), before the first: \(before)")
        }
    }
}
