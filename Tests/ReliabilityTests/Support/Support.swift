#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A weak reference, for lifetime checks.
@MainActor
final class Weak {
    let name: String
    weak var object: AnyObject?
    init(_ name: String, _ object: AnyObject) {
        self.name = name
        self.object = object
    }
}

/// A number from the environment (`TETHER_FUZZ_STEPS=1000000`), or `fallback`.
func environmentCount(_ name: String, default fallback: Int) -> Int {
    guard let raw = getenv(name), let value = Int(String(cString: raw).filter { $0 != "_" && $0 != "," }), value > 0
    else {
        return fallback
    }
    return value
}

/// Seconds since `start`, to one decimal, for the printed figures.
func seconds(since start: ContinuousClock.Instant) -> String {
    let elapsed = ContinuousClock.now - start
    let tenths = (elapsed.components.seconds * 10) + elapsed.components.attoseconds / 100_000_000_000_000_000
    return "\(tenths / 10).\(tenths % 10) s"
}

extension RandomNumberGenerator {
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }

    /// `true` with `percent` per cent probability.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `elements`.
    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

    /// An index into `weights`, chosen in proportion to the weights.
    mutating func weighted(_ weights: [Int]) -> Int {
        var roll = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}

/// Graphemes the fuzzers type, paste and write: ASCII, CJK, emoji sequences, and pieces
/// that join their neighbours (combining marks, ZWJ, a lone skin tone, halves of a flag,
/// Hangul jamo).
enum TextPool {
    static let ascii: [Character] = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
    static let cjk: [Character] = ["中", "文", "字", "日", "本", "語", "漢", "한", "국", "ｱ", "Ａ", "。"]
    static let emoji: [Character] = ["😀", "🎉", "👍🏽", "👩‍👩‍👧", "🇫🇷", "🏳️‍🌈", "1️⃣", "❤️", "🧑🏿‍🚀", "☃"]
    static let joiners: [Character] = [
        "\u{301}", "\u{300}", "\u{308}", "\u{20DD}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}",
        "\u{1F1EB}", "\u{1F1F7}", "\u{1100}", "\u{1161}", "\u{11A8}",
    ]
    static let accented: [Character] = ["é", "e\u{301}", "ñ", "ß", "Å", "ي", "ש", "Ω"]
    static let controls: [Character] = [
        "\u{0}", "\u{7}", "\t", "\n", "\r", "\r\n", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}",
    ]

    /// One grapheme, mostly ASCII; `controls` only when asked.
    static func character(using rng: inout some RandomNumberGenerator, controls allowControls: Bool = false)
        -> Character
    {
        switch rng.weighted([60, 8, 8, 8, 8, allowControls ? 4 : 0]) {
        case 0: rng.pick(ascii)
        case 1: rng.pick(cjk)
        case 2: rng.pick(emoji)
        case 3: rng.pick(joiners)
        case 4: rng.pick(accented)
        default: rng.pick(controls)
        }
    }

    /// A string of `0..<maxLength` graphemes from the pool.
    static func string(using rng: inout some RandomNumberGenerator, maxLength: Int, controls: Bool) -> String {
        var text = ""
        for _ in 0..<rng.below(maxLength) { text.append(character(using: &rng, controls: controls)) }
        return text
    }
}
