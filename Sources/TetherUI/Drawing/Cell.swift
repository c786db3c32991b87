#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One cell of the terminal grid.
///
/// A wide grapheme (most CJK and emoji) occupies two cells: the first holds the grapheme
/// with `width == 2`, the second is a continuation cell with `width == 0` and no text.
///
/// A cell is a plain value of 24 bytes with no references: the grapheme's UTF-8 is kept
/// inline (up to 15 bytes, which covers every grapheme but long emoji sequences, which
/// are interned once per process). Frames of thousands of cells are therefore created,
/// copied, compared and freed without reference counting.
public struct Cell: Hashable, Sendable {
    private var text: PackedGrapheme
    // The style before the width: seven bytes at offset 16 and the width in the 24th.
    /// How the cell is drawn.
    public var style: Style
    /// Columns taken: 1, 2 for a wide grapheme, 0 for a continuation cell.
    public var width: UInt8

    /// The grapheme shown, `" "` for a blank cell, `""` for the continuation of a wide grapheme.
    public var grapheme: String {
        get { text.string }
        set { text = PackedGrapheme(newValue) }
    }

    /// A cell showing `grapheme` of `width` columns.
    public init(grapheme: String, width: UInt8 = 1, style: Style = .plain) {
        text = PackedGrapheme(grapheme)
        self.width = width
        self.style = style
    }

    /// A cell showing the single scalar `scalar`.
    init(scalar: Unicode.Scalar, width: UInt8, style: Style) {
        text = PackedGrapheme(scalar)
        self.width = width
        self.style = style
    }

    /// A cell showing the printable ASCII character `byte` (one column).
    init(ascii byte: UInt8, style: Style) {
        text = PackedGrapheme(ascii: byte)
        width = 1
        self.style = style
    }

    /// A blank cell in `style`.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(scalar: " ", width: 1, style: style) }

    /// The right half of a wide grapheme.
    public static func continuation(_ style: Style) -> Cell { Cell(grapheme: "", width: 0, style: style) }

    /// `true` for the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }

    /// The grapheme as one printable ASCII byte, or `nil`: the common case that backends
    /// write without looking at the text further.
    package var printableASCII: UInt8? { text.printableASCII }
}

/// A grapheme's UTF-8 in two words: up to 15 bytes inline with the count in the last
/// byte, or, for longer graphemes, an index into `graphemeTable` with count `0xFF`.
/// Equal graphemes always pack to equal words, so cells compare bitwise.
struct PackedGrapheme: Hashable, Sendable {
    private var low: UInt64
    private var high: UInt64

    private static let interned: UInt64 = 0xFF

    init(_ scalar: Unicode.Scalar) {
        var low: UInt64 = 0
        var count: UInt64 = 0
        UTF8.encode(scalar) { byte in
            low |= UInt64(byte) << (8 * count)
            count += 1
        }
        self.low = low
        high = count << 56
    }

    /// The one-byte grapheme `byte` (ASCII), packed as `init(_:)` packs its scalar.
    init(ascii byte: UInt8) {
        low = UInt64(byte)
        high = 1 << 56
    }

    init(_ string: String) {
        var string = string
        let packed: (UInt64, UInt64)? = string.withUTF8 { bytes in
            guard bytes.count <= 15 else { return nil }
            var words: (UInt64, UInt64) = (0, UInt64(bytes.count) << 56)
            for (index, byte) in bytes.enumerated() {
                if index < 8 {
                    words.0 |= UInt64(byte) << (8 * UInt64(index))
                } else {
                    words.1 |= UInt64(byte) << (8 * UInt64(index - 8))
                }
            }
            return words
        }
        if let packed {
            (low, high) = packed
        } else if let index = graphemeTable.index(of: string) {
            low = UInt64(index)
            high = Self.interned << 56
        } else {
            self = PackedGrapheme("\u{FFFD}" as Unicode.Scalar)
        }
    }

    private var count: Int { Int(high >> 56) }

    var printableASCII: UInt8? {
        guard count == 1 else { return nil }
        let byte = UInt8(truncatingIfNeeded: low)
        return byte >= 0x20 && byte < 0x7F ? byte : nil
    }

    var string: String {
        let count = self.count
        if UInt64(count) == Self.interned { return graphemeTable.value(at: Int(low)) }
        if count == 0 { return "" }
        let (low, high) = (self.low, self.high)
        return String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count {
                let word = index < 8 ? low : high
                buffer[index] = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8)))
            }
            return count
        }
    }
}

/// Graphemes longer than 15 bytes of UTF-8 (long emoji ZWJ sequences), each stored once
/// for the life of the process so that cells can refer to them by index. Bounded: past
/// 65,536 distinct ones (text from users could grow it without end), a new one is drawn as
/// U+FFFD.
let graphemeTable = InternTable<String>(capacity: 65_536)
