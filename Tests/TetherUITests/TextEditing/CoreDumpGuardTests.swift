import Testing
import TetherReactive
import TetherTesting
@testable import TetherUI

/// `SecureField.disablesCoreDumps`, on by default: the process is not dumpable once a
/// password field has held text, until the field is freed. The flag is the process's and
/// other suites' fields may hold it too, so each test counts its own claims and expects the
/// process dumpable again only when no other claim is left; the tests run without a
/// suspension point, so no other test runs on the main actor in between.
@MainActor
@Suite("Core dumps while a password is held", .serialized)
struct CoreDumpGuardTests {
    /// Whether the process may dump now is what it should be with `claims` of this test's own.
    private func expectDumpable(
        withOwnClaims claims: Int, _ before: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(CoreDumpGuard.claims == before + claims, sourceLocation: sourceLocation)
        if claims > 0 || before > 0 {
            #expect(CoreDumpGuard.processIsDumpable == false, sourceLocation: sourceLocation)
        } else {
            #expect(CoreDumpGuard.processIsDumpable == true, sourceLocation: sourceLocation)
        }
    }

    @Test("by default a password field makes the process undumpable from its first typed character until it is freed")
    func undumpableFromFirstCharacterUntilFreed() throws {
        let before = CoreDumpGuard.claims
        do {
            let field = SecureField()
            let pilot = try Pilot(root: field, size: Size(width: 20, height: 1))
            expectDumpable(withOwnClaims: 0, before)
            pilot.type("s3cret")
            expectDumpable(withOwnClaims: 1, before)
            pilot.press(.ctrl("u"))  // emptied: its undo step still holds the password
            expectDumpable(withOwnClaims: 1, before)
            pilot.type("again")
            expectDumpable(withOwnClaims: 1, before)
        }
        expectDumpable(withOwnClaims: 0, before)
    }

    @Test("a password written by a binding (a draft, a Reset) counts as held text, and a Reset keeps core dumps off")
    func bindingWritesCount() throws {
        let before = CoreDumpGuard.claims
        let model = BehaviorRelay(value: "")
        do {
            let field = SecureField()
            let binding = field.rx.text <-> model
            expectDumpable(withOwnClaims: 0, before)
            model.accept("restored-secret")
            expectDumpable(withOwnClaims: 1, before)
            model.accept("")
            expectDumpable(withOwnClaims: 1, before)
            binding.dispose()
        }
        expectDumpable(withOwnClaims: 0, before)
    }

    @Test("a field made with text holds its claim from the start")
    func initialText() {
        let before = CoreDumpGuard.claims
        do {
            let field = SecureField(text: "given")
            expectDumpable(withOwnClaims: 1, before)
            _ = field
        }
        expectDumpable(withOwnClaims: 0, before)
    }

    @Test("setting disablesCoreDumps to false, for debugging, gives the claim back and takes none after")
    func optOut() throws {
        let before = CoreDumpGuard.claims
        let field = SecureField()
        let pilot = try Pilot(root: field, size: Size(width: 20, height: 1))
        pilot.type("s3cret")
        expectDumpable(withOwnClaims: 1, before)
        field.disablesCoreDumps = false
        expectDumpable(withOwnClaims: 0, before)
        pilot.type("more")
        expectDumpable(withOwnClaims: 0, before)
    }

    @Test("two fields that have held text keep core dumps off until both are freed or opt out")
    func twoFields() {
        let before = CoreDumpGuard.claims
        let first = SecureField(), second = SecureField(), debugging = SecureField()
        debugging.disablesCoreDumps = false
        debugging.text = "visible-to-dumps"
        expectDumpable(withOwnClaims: 0, before)
        first.text = "one"
        second.text = "two"
        first.disablesCoreDumps = false
        expectDumpable(withOwnClaims: 1, before)
        second.disablesCoreDumps = false
        expectDumpable(withOwnClaims: 0, before)
    }
}
