#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TetherUI

@testable import TetherProcess
@testable import TetherTerminal

/// A real ``VTBackend``'s start and every way out, its exact bytes fed to libvterm
/// (``OracleSession``), full screen and inline (docs/reliability.md, "The way-out oracle").
///
/// Every test here is synchronous on the main actor, and stops its backend before it
/// returns: a session's restore slot and signal subscriptions live and die within one
/// main-actor job, so the process-wide suites of TetherTerminalTests (`ProcessWideStateTests`,
/// main-actor too, in the same test process) never see them. Keep it so: an `await` here
/// would let those suites run while a slot is armed.
@MainActor
@Suite("Emulator oracle: start and every way out", .serialized)
struct WayOutOracleTests {
    /// How a run ends.
    enum WayOut: String, CaseIterable, Sendable {
        /// ``Application/quit()``, then the backend's `stop()` (what every run driver does).
        case quit
        /// `SIGTERM` as the signal hub hands it to the session, then `stop()`.
        case terminate
        /// The crash handler's restore for the session's slot (what a fatal signal writes).
        case crash
        /// The `exit()` hook's restore for the session's slot.
        case exit
        /// Ctrl-Z: what the backend writes before the process stops, read while "stopped".
        case suspend
    }

    nonisolated static let presentations: [VTBackend.Presentation] = [.fullScreen, .inline]

    /// What the terminal shows while the shell has it.
    struct Left {
        /// ``OracleSession/leftovers()``: empty when everything was given back.
        var leftovers: [String]
        var lines: [String]
        var cursor: (x: Int, y: Int)

        @MainActor
        init(_ session: OracleSession) {
            session.read()
            leftovers = session.leftovers()
            lines = (0..<OracleSession.rows).map { session.line($0) }
            cursor = session.emulator.cursor
        }
    }

    /// Ends `session`'s run `way`, and returns what the terminal shows once the shell has it
    /// (for a suspend, while the process is stopped).
    private func end(_ session: OracleSession, _ way: WayOut) throws -> Left {
        // A frame interrupted half way: every way out must end the synchronized update too.
        _ = TerminalModes.synchronizedBegin.withUnsafeBytes { write(session.pty.slave, $0.baseAddress, $0.count) }
        let slot = try #require(session.backend.run?.slot.index)
        switch way {
        case .quit:
            session.app.quit()
            session.backend.stop()
        case .terminate:
            try #require(session.backend.run?.terminal.signals).deliver(SIGTERM)
            session.pump()
            #expect(session.app.exit == .terminated(signal: SIGTERM))
            session.backend.stop()
        case .crash:
            CrashRestore.restoreWithoutCrashing(slot: slot)
        case .exit:
            ExitRestore.restoreWithoutExiting(slot: slot)
        case .suspend:
            var stopped: Left?
            session.backend.stopProcessForTesting = { stopped = Left(session) }
            session.backend.suspend()
            // The hook holds the session, which holds the backend: a cycle until it goes.
            session.backend.stopProcessForTesting = nil
            return try #require(stopped)
        }
        return Left(session)
    }

    @Test(
        "the start shows the frame with every mode on: the alternate screen full screen, the normal one inline",
        arguments: presentations)
    func start(_ presentation: VTBackend.Presentation) throws {
        let session = try OracleSession(presentation: presentation)
        defer { session.backend.stop() }
        #expect(session.emulator.isAltScreen == (presentation == .fullScreen))
        #expect(session.tracker.setModes.isSuperset(of: OracleSession.decModes), "\(session.tracker.setModes.sorted())")
        #expect(!session.tracker.setModes.contains(TerminalModes.synchronizedOutputMode), "a frame left unfinished")
        #expect(session.tracker.keyboardStackDepth == 1)
        #expect(session.tracker.modifyOtherKeys == 1)
        #expect(session.emulator.mouseMode != 0)
        #expect(session.line(session.top) == OracleSession.label)
        if presentation == .inline { #expect(session.line(0) == OracleSession.shellLine) }
    }

    @Test("each frame leaves the cursor shown where the application put it", arguments: presentations)
    func cursorPerFrame(_ presentation: VTBackend.Presentation) throws {
        let session = try OracleSession(presentation: presentation)
        defer { session.backend.stop() }
        for typed in ["", "k", "ok"] {
            if !typed.isEmpty {
                session.pty.type(String(typed.last!))
                session.pump()
                session.read()
            }
            let cursor = try #require(session.app.lastCursor)
            #expect(session.emulator.cursorVisible)
            #expect(session.emulator.cursor == (cursor.x, cursor.y + session.top), "after \(typed.debugDescription)")
        }
    }

    @Test(
        "every way out leaves the normal screen, the cursor shown and no mode on",
        arguments: WayOut.allCases, presentations)
    func wayOut(_ way: WayOut, _ presentation: VTBackend.Presentation) throws {
        let session = try OracleSession(presentation: presentation)
        defer { session.backend.stop() }
        let left = try end(session, way)
        #expect(left.leftovers.isEmpty, "\(way) \(presentation): \(left.leftovers)")
    }

    @Test(
        "full screen, every way out brings back the shell's screen and cursor as they were", arguments: WayOut.allCases)
    func fullScreenShellScreenBack(_ way: WayOut) throws {
        let session = try OracleSession(presentation: .fullScreen)
        defer { session.backend.stop() }
        let left = try end(session, way)
        #expect(
            left.lines.first == OracleSession.shellLine && left.lines.dropFirst().allSatisfy(\.isEmpty),
            "\(way): \(left.lines)")
        #expect(left.cursor == (0, 1), "\(way): \(left.cursor)")
    }

    @Test("inline, every way out keeps the band's last frame and puts the cursor below it", arguments: WayOut.allCases)
    func inlineBandKept(_ way: WayOut) throws {
        let session = try OracleSession(presentation: .inline)
        defer { session.backend.stop() }
        let top = session.top
        let left = try end(session, way)
        #expect(
            left.lines[0] == OracleSession.shellLine && left.lines[top] == OracleSession.label, "\(way): \(left.lines)")
        #expect(left.cursor == (0, top + 2), "\(way): \(left.cursor)")  // below the label and the field
    }
}
