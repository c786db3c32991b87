import Testing
@testable import TetherSSH

/// Limits counted per address and in all, forgotten when they no longer matter.
@Suite("Connection ledger")
struct ConnectionLedgerTests {
    @Test("an address past its open connections is refused until one closes")
    func connectionsPerAddress() {
        let ledger = ConnectionLedger(connectionsPerAddress: 2, failuresPerAddress: 10, failuresInTotal: 100)
        #expect(ledger.admit("10.0.0.1") == nil)
        #expect(ledger.admit("10.0.0.1") == nil)
        #expect(ledger.admit("10.0.0.1") == "10.0.0.1 already has 2 connections open")
        #expect(ledger.admit("10.0.0.2") == nil)
        ledger.closed("10.0.0.1")
        #expect(ledger.admit("10.0.0.1") == nil)
    }

    @Test("failed sign-ins refuse their address, then everyone, until the window passes")
    func failures() async throws {
        let ledger = ConnectionLedger(
            connectionsPerAddress: 100, failuresPerAddress: 2, failuresInTotal: 3, window: .milliseconds(300))
        #expect(!ledger.failed("10.0.0.1"))
        #expect(ledger.failed("10.0.0.1"))
        #expect(ledger.admit("10.0.0.1") == "too many failed sign-ins from 10.0.0.1: try again in a minute")
        #expect(ledger.admit("10.0.0.2") == nil)
        #expect(ledger.failed("10.0.0.3"))
        #expect(ledger.admit("10.0.0.4") == "too many failed sign-ins: try again in a minute")
        try await Task.sleep(for: .milliseconds(400))
        #expect(ledger.admit("10.0.0.1") == nil)
    }

    @Test("addresses with nothing open and no recent failure are forgotten")
    func bounded() async throws {
        let ledger = ConnectionLedger(
            connectionsPerAddress: 1, failuresPerAddress: 1000, failuresInTotal: 100_000, window: .milliseconds(100))
        for index in 0..<1000 {
            _ = ledger.admit("10.0.\(index / 256).\(index % 256)")
            _ = ledger.failed("10.0.\(index / 256).\(index % 256)")
            ledger.closed("10.0.\(index / 256).\(index % 256)")
        }
        try await Task.sleep(for: .milliseconds(150))
        _ = ledger.admit("10.9.9.9")
        ledger.closed("10.9.9.9")
        #expect(ledger.remembered == 0)
    }
}
