import Testing
import TetherReactive
import TetherTesting
@testable import TetherUI

/// `SecureField.disablesCoreDumps`: the process is not dumpable while such a field holds text.
/// The flag is the process's, so the suite runs its tests one at a time.
@MainActor
@Suite("Core dumps while a password is held", .serialized)
struct CoreDumpGuardTests {
    @Test(
        "a password field that disables core dumps makes the process undumpable while it holds text, and no longer once emptied"
    )
    func undumpableWhileHeld() throws {
        try #require(CoreDumpGuard.processIsDumpable == true)
        let field = SecureField()
        field.disablesCoreDumps = true
        let pilot = try Pilot(root: field, size: Size(width: 20, height: 1))
        #expect(CoreDumpGuard.processIsDumpable == true)
        pilot.type("s3cret")
        #expect(CoreDumpGuard.processIsDumpable == false)
        pilot.press(.ctrl("u"))
        #expect(CoreDumpGuard.processIsDumpable == true)
    }

    @Test("a Reset (model write) and freeing the field each give the process its core dumps back")
    func resetAndFreeRestore() throws {
        try #require(CoreDumpGuard.processIsDumpable == true)
        let model = BehaviorRelay(value: "")
        do {
            let field = SecureField()
            field.disablesCoreDumps = true
            let binding = field.rx.text <-> model
            let pilot = try Pilot(root: field, size: Size(width: 20, height: 1))
            pilot.type("s3cret")
            #expect(CoreDumpGuard.processIsDumpable == false)
            model.accept("")
            #expect(CoreDumpGuard.processIsDumpable == true)
            pilot.type("again")
            #expect(CoreDumpGuard.processIsDumpable == false)
            binding.dispose()
        }
        #expect(CoreDumpGuard.processIsDumpable == true)
    }

    @Test("two fields holding text keep core dumps off until both are empty; a field that does not ask changes nothing")
    func twoFields() throws {
        try #require(CoreDumpGuard.processIsDumpable == true)
        let first = SecureField(), second = SecureField(), plain = SecureField()
        first.disablesCoreDumps = true
        second.disablesCoreDumps = true
        plain.text = "visible-to-dumps"
        #expect(CoreDumpGuard.processIsDumpable == true)
        first.text = "one"
        second.text = "two"
        first.text = ""
        #expect(CoreDumpGuard.processIsDumpable == false)
        second.disablesCoreDumps = false
        #expect(CoreDumpGuard.processIsDumpable == true)
    }
}
