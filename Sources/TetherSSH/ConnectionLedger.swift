import NIOConcurrencyHelpers

/// Connections open per address and failed sign-ins per minute, per address and in all:
/// read by every connection's event loop, so behind a lock. Bounded: addresses with no open
/// connection and no failure within the minute are forgotten.
final class ConnectionLedger: Sendable {
    private struct State {
        var open: [String: Int] = [:]
        var failures: [String: [ContinuousClock.Instant]] = [:]
        var allFailures: [ContinuousClock.Instant] = []
    }

    private let state = NIOLockedValueBox(State())
    let connectionsPerAddress: Int
    let failuresPerAddress: Int
    let failuresInTotal: Int
    let window: Duration

    init(connectionsPerAddress: Int, failuresPerAddress: Int, failuresInTotal: Int, window: Duration = .seconds(60)) {
        self.connectionsPerAddress = connectionsPerAddress
        self.failuresPerAddress = failuresPerAddress
        self.failuresInTotal = failuresInTotal
        self.window = window
    }

    /// Why a new connection from `address` is refused, or `nil` when it is taken (and
    /// counted until ``closed(_:)``).
    func admit(_ address: String) -> String? {
        state.withLockedValue { state in
            let now = ContinuousClock.now
            prune(&state, now: now)
            if state.allFailures.count >= failuresInTotal { return "too many failed sign-ins: try again in a minute" }
            if state.failures[address, default: []].count >= failuresPerAddress {
                return "too many failed sign-ins from \(address): try again in a minute"
            }
            if state.open[address, default: 0] >= connectionsPerAddress {
                return "\(address) already has \(connectionsPerAddress) connections open"
            }
            state.open[address, default: 0] += 1
            return nil
        }
    }

    /// A connection ``admit(_:)`` took has closed.
    func closed(_ address: String) {
        state.withLockedValue { state in
            let left = state.open[address, default: 0] - 1
            state.open[address] = left > 0 ? left : nil
        }
    }

    /// A sign-in from `address` failed. Returns whether that address (or everyone) is now
    /// over its limit, so the connection should be closed.
    func failed(_ address: String) -> Bool {
        state.withLockedValue { state in
            let now = ContinuousClock.now
            prune(&state, now: now)
            state.failures[address, default: []].append(now)
            state.allFailures.append(now)
            return state.failures[address, default: []].count >= failuresPerAddress
                || state.allFailures.count >= failuresInTotal
        }
    }

    /// Addresses remembered now (for a test that the ledger stays bounded).
    var remembered: Int { state.withLockedValue { Set($0.open.keys).union($0.failures.keys).count } }

    private func prune(_ state: inout State, now: ContinuousClock.Instant) {
        let since = now - window
        state.allFailures.removeAll { $0 < since }
        for (address, times) in state.failures {
            let recent = times.filter { $0 >= since }
            state.failures[address] = recent.isEmpty ? nil : recent
        }
    }
}
