import Testing

/// Suites that touch what a process has once (signal dispositions, the crash and exit
/// restore registry, which every live terminal session arms) marked `.processWide` run one
/// at a time, across test targets: `.serialized` orders the tests of one suite only.
public struct ProcessWideTrait: SuiteTrait, TestScoping {
    public var isRecursive: Bool { false }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ProcessWideLock.shared.holding(function)
    }
}

extension Trait where Self == ProcessWideTrait {
    /// The suite runs while no other `.processWide` suite does.
    public static var processWide: Self { ProcessWideTrait() }
}

/// The one hold `.processWide` suites take in turn.
actor ProcessWideLock {
    static let shared = ProcessWideLock()
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func holding(_ body: @Sendable () async throws -> Void) async throws {
        while held { await withCheckedContinuation { waiting.append($0) } }
        held = true
        defer {
            held = false
            if !waiting.isEmpty { waiting.removeFirst().resume() }
        }
        try await body()
    }
}
