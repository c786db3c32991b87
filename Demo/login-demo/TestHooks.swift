import Dispatch
import Tether

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The demo's hidden test hooks, read from the environment (not in `--help`): the
/// reliability tests use them to make app code fail, exit or quit at a chosen moment; see
/// docs/reliability.md.
extension LoginDemo {
    /// Test hook, not in `--help`: with `TETHER_DEMO_FAIL_AFTER_START=1` in the environment,
    /// a task running beside the form throws ``InjectedFailure`` once the first frame is
    /// drawn, as failing app code would. The run is cancelled and restores the terminal,
    /// the error goes to standard error and the exit status is 3. The reliability tests
    /// (`Tests/TerminalReliabilityTests`) use it; see docs/reliability.md.
    static var failsAfterFirstFrame: Bool {
        guard let value = getenv("TETHER_DEMO_FAIL_AFTER_START") else { return false }
        return String(cString: value) == "1"
    }

    /// Test hook, not in `--help`: with `TETHER_DEMO_EXIT_AFTER_START=<status>` in the
    /// environment, app code calls `exit(status)` once the first frame is drawn, while the
    /// backend runs. The backend's `exit()` hook restores the terminal (inline: the band
    /// stays and the cursor ends below it). The reliability tests use it; see
    /// docs/reliability.md.
    static var exitsAfterFirstFrame: Int32? {
        getenv("TETHER_DEMO_EXIT_AFTER_START").flatMap { Int32(String(cString: $0)) }
    }

    /// Test hook, not in `--help`: with `TETHER_DEMO_EXIT_ON_CTRL_X=<status>` in the
    /// environment, app code answers Ctrl-X (a key handler before the widgets') by writing
    /// ``exitOnCtrlXMessage(_:)`` to standard error and calling `exit(status)` while the
    /// backend runs, without stopping it, whatever the last frame showed (focus on the
    /// Remember me toggle hides the cursor). The backend's `exit()` hook restores the
    /// terminal and then writes out what standard error received meanwhile. The
    /// reliability tests use it (`StandardErrorAtExitTests`, `CursorShownOnExitTests`); see
    /// docs/reliability.md.
    static var exitsOnCtrlX: Int32? {
        getenv("TETHER_DEMO_EXIT_ON_CTRL_X").flatMap { Int32(String(cString: $0)) }
    }

    /// Inline, how long the terminal's size must hold still before the band is drawn again,
    /// in milliseconds, when `TETHER_DEMO_RESIZE_SETTLE_MS` is set (else the backend's 300).
    /// The resize-storm tests set a longer one, so that a storm sent by many `tmux` commands
    /// on a loaded machine stays one storm (`LoginDemoInlineResizeStormTests`).
    static var resizeSettleMilliseconds: Int? {
        getenv("TETHER_DEMO_RESIZE_SETTLE_MS").flatMap { Int(String(cString: $0)) }
    }

    /// The line the `TETHER_DEMO_EXIT_ON_CTRL_X` hook writes to standard error before it exits.
    static func exitOnCtrlXMessage(_ status: Int32) -> String {
        "login-demo: exit(\(status)) called by app code on Ctrl-X"
    }

    /// Runs `app` beside a task that throws once the first frame has been presented.
    @MainActor
    static func runFailingAfterFirstFrame(_ app: Application) async throws -> Application.Exit {
        try await withThrowingTaskGroup(of: Application.Exit.self) { group in
            group.addTask { try await app.run() }
            group.addTask {
                while await app.renderCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
                throw InjectedFailure()
            }
            // The first child to end decides; the other is cancelled.
            defer { group.cancelAll() }
            guard let exit = try await group.next() else { throw InjectedFailure() }
            return exit
        }
    }

    /// The error thrown by the `TETHER_DEMO_FAIL_AFTER_START` hook.
    struct InjectedFailure: Error, CustomStringConvertible {
        var description: String { "injected failure after the first frame (TETHER_DEMO_FAIL_AFTER_START=1)" }
    }
}

/// Test hook, not in `--help`: with `TETHER_DEMO_CRASH_AFTER_START=<way>` in the environment,
/// the demo crashes in that way once the first frame is drawn, so that the reliability tests
/// (`Tests/TerminalReliabilityTests/CrashTests.swift`) can check that the terminal is restored
/// before the process dies; see docs/reliability.md. Swift traps are `SIGILL` on x86-64 and
/// `SIGTRAP` on arm64.
enum InjectedCrash: String, CaseIterable {
    case forceUnwrap = "force-unwrap"  // a Swift trap in app code
    case arrayIndex = "array-index"
    case fatalError = "fatal-error"
    case precondition
    case overflow
    case tetherTrap = "tether-trap"  // a Swift trap inside Tether (Frame's size overflows)
    case backgroundThread = "background-thread"  // a force-unwrap on a Dispatch worker thread
    case nullPointer = "null-pointer"  // SIGSEGV
    case stackOverflow = "stack-overflow"  // SIGSEGV on the guard page, handled on the alternate stack
    case busError = "bus-error"  // SIGBUS: a read past the end of a truncated mapped file
    case abort  // SIGABRT
    case divideByZero = "divide-by-zero"  // SIGFPE: glibc's div() divides by zero
    case raiseTrap = "raise-sigtrap"  // SIGTRAP from raise()

    /// The way named by `TETHER_DEMO_CRASH_AFTER_START`, if any.
    static var requested: InjectedCrash? {
        getenv("TETHER_DEMO_CRASH_AFTER_START").flatMap { InjectedCrash(rawValue: String(cString: $0)) }
    }

    /// With `TETHER_DEMO_APP_CRASH_HANDLER` also set: an application's own handler for the
    /// six fatal signals, installed before the backend starts, that writes one line to
    /// standard error and returns (the backend's handler must call it, then die).
    static func installAppHandler() {
        for fatal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            _ = signal(fatal) { _ in
                let line: StaticString = "login-demo: the app's own crash handler ran\n"
                _ = write(2, line.utf8Start, line.utf8CodeUnitCount)
            }
        }
    }

    /// A number the optimiser cannot know (at least 1).
    private static var opaque: Int { CommandLine.arguments.count }

    /// Crashes.
    func perform() {
        switch self {
        case .forceUnwrap:
            let missing: Int? = Self.opaque > 0 ? nil : 1
            print(missing!)
        case .arrayIndex: print([1, 2, 3][Self.opaque + 3])
        case .fatalError: Swift.fatalError("injected crash after the first frame (TETHER_DEMO_CRASH_AFTER_START)")
        case .precondition: Swift.precondition(Self.opaque < 0, "injected precondition failure")
        case .overflow: print(Int.max - 1 + Self.opaque)
        case .tetherTrap: print(Frame(size: Size(width: Int.max / 2, height: Self.opaque + 2)).size)
        case .backgroundThread:
            DispatchQueue.global().async { InjectedCrash.forceUnwrap.perform() }
            while true { sleep(1) }
        case .nullPointer: UnsafeMutablePointer<Int>(bitPattern: 8 * Self.opaque)!.pointee = 1
        case .stackOverflow: print(Self.recurse(Self.opaque))
        case .busError: Self.readTruncatedMapping()
        case .abort: abortProcess()
        case .divideByZero: print(div(1, Int32(Self.opaque - Self.opaque)))
        case .raiseTrap: raise(SIGTRAP)
        }
    }

    /// Recurses until the stack overflows (the padding escapes, so the call cannot become a loop).
    private static func recurse(_ depth: Int) -> Int {
        var padding = (depth, depth, depth, depth, depth, depth, depth, depth)
        withUnsafeMutableBytes(of: &padding) { _ = memset($0.baseAddress!, Int32(depth & 0x7F), $0.count) }
        return recurse(depth + 1) &+ padding.0
    }

    /// Maps a one-page file, truncates it and reads the page: `SIGBUS`.
    private static func readTruncatedMapping() {
        var template = Array("/tmp/login-demo-bus-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = ftruncate(fd, 4096)
        let page = mmap(nil, 4096, PROT_READ, MAP_SHARED, fd, 0)!
        _ = ftruncate(fd, 0)
        print(page.load(as: UInt8.self))
    }
}

/// `abort()`, out of reach of ``InjectedCrash/abort``'s name.
private func abortProcess() -> Never { abort() }
