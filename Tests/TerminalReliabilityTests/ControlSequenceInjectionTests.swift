#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// Nothing typed or piped reaches the terminal as a control sequence (issue 42, item 2): every
/// example, without a terminal, answered by random lines that mix plausible answers (which move
/// it on to its next kind of prompt: text, secret, number, choice, check list, yes or no, the
/// review) with escape sequences, BEL, C0 and C1 controls and random bytes. Whatever a prompt,
/// a refusal, the review or the result line quotes back, the output holds no control character
/// but the line break and the tab, and is valid UTF-8.
@Suite("No input comes back as a control sequence")
struct ControlSequenceInjectionTests {
    /// Each example that asks questions without a terminal, with the arguments that keep it
    /// from files of its own (settings-example and tether-catalog need a terminal).
    static let examples: [(name: String, arguments: [String])] = [
        ("login-demo", ["--delay", "0"]),
        ("signup-example", []),
        ("onboarding-example", ["--draft", "-"]),
    ]

    /// What a hostile or broken input offers: the title change of the issue, a clear screen,
    /// a bell, 8-bit CSI raw and as UTF-8, DEL, NUL, a carriage return that would overwrite the
    /// line, an OSC 52 copy.
    static let hostile: [[UInt8]] = [
        Array("x\u{1B}]0;pwned\u{07}y".utf8), Array("\u{1B}[2J\u{1B}[H".utf8), [0x07, 0x07],
        [0x9B, 0x33, 0x31, 0x6D], Array("\u{9B}31m\u{9D}0;t\u{9C}".utf8), [0x7F, 0x00, 0x61],
        Array("ok\rEVIL".utf8), Array("\u{1B}]52;c;aGVsbG8=\u{07}".utf8),
    ]

    /// Answers that move a prompt on: names, a password, numbers, choices, yes and no, Enter.
    static let plausible = [
        "demo", "tether-demo", "alice", "a@example.com", "1", "2", "3", "y", "n", "", "", "Vim", "30", "42",
        "correct horse battery staple",
    ]

    /// `count` random lines from `seed`, half plausible and half hostile or random bytes.
    static func input(seed: UInt64, count: Int) -> [UInt8] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var bytes: [UInt8] = []
        for _ in 0..<count {
            switch next() % 4 {
            case 0, 1: bytes += Array(plausible[next() % plausible.count].utf8)
            case 2: bytes += hostile[next() % hostile.count]
            default: for _ in 0..<(next() % 24) { bytes.append(UInt8(next() % 256)) }
            }
            bytes.append(0x0A)
        }
        return bytes
    }

    /// The control characters in `bytes` that a program must not write: C0 but the line
    /// break and the tab, DEL, C1 (as UTF-8), and any byte that is not valid UTF-8 (a raw
    /// 0x9B is CSI to a terminal in 8-bit mode).
    static func forbidden(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        for byte in bytes where (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
            found.append("0x" + String(byte, radix: 16, uppercase: true))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if Array(text.utf8) != bytes { found.append("invalid UTF-8") }
        for scalar in text.unicodeScalars where (0x80..<0xA0).contains(scalar.value) {
            found.append("U+" + String(scalar.value, radix: 16, uppercase: true))
        }
        return found
    }

    @Test(
        "random lines with escape sequences, BEL, C0 and C1 through every prompt of an example come back only as visible text",
        arguments: examples.map(\.name))
    func nothingComesBackAsAControlSequence(_ example: String) async throws {
        let arguments = Self.examples.first { $0.name == example }?.arguments ?? []
        let directory = try makeTemporaryDirectory("tether-inject")
        let answers = directory + "/answers"
        defer {
            unlink(answers)
            rmdir(directory)
        }
        var hostileRuns = 0
        for seed in UInt64(1)...8 {
            let input = Self.input(seed: seed &* 0x9E37_79B9 &+ UInt64(example.utf8.count), count: 120)
            // The bytes as they are, invalid UTF-8 included.
            let fd = open(answers, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            #expect(fd >= 0)
            _ = input.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            let result = await ProcessRunner.run(
                ["setsid", "-w", buildProductsDirectory() + "/" + example] + arguments, stdinPath: answers)
            #expect(
                result.status >= 0 && result.status < 128, "\(example) seed \(seed) ended by a signal: \(result.status)"
            )
            let stdout = Self.forbidden(in: result.stdoutBytes), stderr = Self.forbidden(in: result.stderrBytes)
            #expect(stdout.isEmpty, "\(example) seed \(seed): standard output holds \(stdout)")
            #expect(stderr.isEmpty, "\(example) seed \(seed): standard error holds \(stderr)")
            if result.stderr.contains("^[") || result.stderr.contains("\u{FFFD}") { hostileRuns += 1 }
        }
        // The hostile lines were quoted back (as visible escapes) in some run: the test saw them.
        #expect(hostileRuns > 0, "\(example) never quoted a hostile answer back")
    }
}
