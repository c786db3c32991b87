import Testing
@testable import TetherReactive

/// Where a report goes: the innermost scoped handler, else the process-wide one.
@Suite("Diagnostics")
@MainActor
struct DiagnosticsTests {
    @Test("a report inside nested scopes goes to the innermost handler, and to the outer one again after it")
    func innermostScopeWins() {
        var outer: [String] = []
        var inner: [String] = []
        let innerBody = { Diagnostics.report("two") }
        let outerBody = {
            Diagnostics.report("one")
            Diagnostics.withHandler({ inner.append($0) }, innerBody)
            Diagnostics.report("three")
        }
        Diagnostics.withHandler({ outer.append($0) }, outerBody)
        #expect(outer == ["one", "three"])
        #expect(inner == ["two"])
    }

    @Test("an unhandled error of a subscription made inside a scope is reported to the scope's handler")
    func unhandledErrorInScope() {
        struct Failure: Error {}
        var scoped: [String] = []
        let body = { _ = Observable<Int>.error(Failure()).subscribe(onNext: { _ in }) }
        Diagnostics.withHandler({ scoped.append($0) }, body)
        #expect(scoped == ["unhandled error: Failure()"])
    }
}
