#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TetherUI

/// The screen writer's bytes, fed to libvterm over random frame sequences, for six terminal
/// types (docs/reliability.md, "The emulator oracle").
///
/// Each case is a seed: the terminal type's test derives the sequence from it, so a failure
/// prints the seed and `TETHER_ORACLE_SEED=<seed>` runs that case alone. A failing sequence is
/// shrunk first: frames after the failing one are dropped, then every frame before it that
/// the failure does not need.
@MainActor
@Suite("Emulator oracle")
struct TerminalOracleTests {
    /// Frames per run over all six types: 100,000 (about 52 s alone in a debug build), or `TETHER_ORACLE_FRAMES`.
    static let totalFrames: Int = {
        if let value = getenv("TETHER_ORACLE_FRAMES"), let frames = Int(String(cString: value)), frames > 0 {
            return frames
        }
        return 100_000
    }()

    /// One case only, from `TETHER_ORACLE_SEED` (decimal or 0x hex).
    static let onlySeed: UInt64? = {
        guard let value = getenv("TETHER_ORACLE_SEED") else { return nil }
        let text = String(cString: value)
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }()

    /// Frames per sequence: long enough for damage to pile up, resizes and band moves.
    static let framesPerCase = 40

    @Test("every frame the writer draws is what libvterm shows", arguments: OracleTerminal.names)
    func framesMatchTheEmulator(_ term: String) async throws {
        let terminal = try #require(OracleTerminal(term), "terminfo has no \(term) (install ncurses-term)")
        await Self.check(
            Oracle(terminal: terminal, probe: WidthProbe()), frames: Self.totalFrames, name: "writer"
        ) { steps, _ in steps }
    }

    /// Frames per run over all six types for the ncurses reference: a fifth of the writer's,
    /// or `TETHER_ORACLE_NCURSES_FRAMES`.
    static let ncursesFrames: Int = {
        if let value = getenv("TETHER_ORACLE_NCURSES_FRAMES"), let frames = Int(String(cString: value)), frames > 0 {
            return frames
        }
        return totalFrames / 5
    }()

    @Test("every frame ncurses draws from the same sequences is what libvterm shows", arguments: OracleTerminal.names)
    func ncursesFramesMatchTheEmulator(_ term: String) async throws {
        // ncurses shows the nearest palette colour for a true colour: the frames mean that.
        var terminal = try #require(OracleTerminal(term, trueColor: false), "terminfo has no \(term)")
        terminal.honoursNoColorVideo = true
        _ = try #require(OracleNCurses(terminal), "ncurses cannot set up a screen for \(term)")
        var oracle = Oracle(terminal: terminal, probe: WidthProbe())
        oracle.makeRenderer = { OracleNCurses($0)! }
        oracle.userRowsBelowBand = false
        await Self.check(oracle, frames: Self.ncursesFrames, name: "ncurses") { steps, probe in
            FrameSequence.agreed(steps, probe: probe)
        }
    }

    /// Runs `frames` frames of the terminal's seeds through `oracle`; records the first
    /// failing sequence, shrunk.
    static func check(
        _ oracle: Oracle, frames total: Int, name: String,
        prepare: @MainActor ([OracleStep], WidthProbe) -> [OracleStep]
    ) async {
        let term = oracle.terminal.term
        let base = UInt64(OracleTerminal.names.firstIndex(of: term) ?? 0) << 48
        let seeds: [UInt64] =
            Self.onlySeed.map { [$0] }
            ?? (0..<(total / OracleTerminal.names.count + Self.framesPerCase - 1) / Self.framesPerCase)
            .map { base | UInt64($0) }
        var frames = 0
        for seed in seeds {
            // The writer is main-actor isolated: give the main queue back between sequences, so
            // tests that wait on it (MainScheduler's wall-clock delays) are not held for a minute.
            await Task.yield()
            let steps = prepare(FrameSequence.steps(seed: seed, count: Self.framesPerCase), oracle.probe)
            frames += steps.count
            guard let failure = oracle.run(steps) else { continue }
            let (shrunk, last) = Self.shrink(steps, failure, oracle)
            Issue.record(
                """
                \(name), \(term), seed 0x\(String(seed, radix: 16)) (TETHER_ORACLE_SEED=0x\(String(seed, radix: 16))): \
                \(failure.description)
                shrunk to \(shrunk.count) frames:
                \(shrunk.enumerated().map { "  \($0.offset): \($0.element)\n\($0.element.frame.text)" }.joined(separator: "\n"))
                \(last)
                """)
            return
        }
        print("oracle: \(name): \(term): \(frames) frames in \(seeds.count) sequences")
    }

    /// `steps` cut to the fewest frames that still fail: those after the failure dropped,
    /// then, one at a time from the first, each frame the failure does not need.
    static func shrink(_ steps: [OracleStep], _ failure: Oracle.Failure, _ oracle: Oracle) -> (
        [OracleStep], Oracle.Failure
    ) {
        var steps = Array(steps.prefix(failure.step + 1))
        var last = failure
        var index = 0
        while index < steps.count - 1 {
            var candidate = steps
            candidate.remove(at: index)
            if let failure = oracle.run(candidate), failure.step == candidate.count - 1 {
                steps = candidate
                last = failure
            } else {
                index += 1
            }
        }
        return (steps, last)
    }

    @Test("no grapheme in the random frames is drawn wider by libvterm than by the width table")
    func poolsLeaveOutWiderGraphemes() {
        let probe = WidthProbe()
        let wider = FrameSequence.pools.joined().filter { probe.isWiderInEmulator($0) }
        #expect(wider.isEmpty, "libvterm draws \(wider) wider: give each its own test instead")
    }
}
