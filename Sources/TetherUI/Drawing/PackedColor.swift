#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``Color`` in two bytes, as a ``Style`` stores it: the kind in the top two bits
/// (default, standard, palette, true colour) and below them the colour number, or for a
/// true colour its index in ``ColorTable``. Equal colours always pack to equal values, so
/// styles and cells compare bitwise.
package struct PackedColor: Hashable, Sendable {
    /// The bits.
    package let rawValue: UInt16

    private static let ansiKind: UInt16 = 1 << 14
    private static let paletteKind: UInt16 = 2 << 14
    private static let rgbKind: UInt16 = 3 << 14
    private static let payload: UInt16 = (1 << 14) - 1

    /// The terminal's default colour.
    package static let `default` = PackedColor(rawValue: 0)

    private init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `color` packed; a true colour is interned in ``ColorTable`` (past its 16,384 entries,
    /// the nearest palette entry stands in).
    package init(_ color: Color) {
        switch color {
        case .default: rawValue = 0
        case .ansi(let n): rawValue = Self.ansiKind | UInt16(n)
        case .palette(let n): rawValue = Self.paletteKind | UInt16(n)
        case .rgb(let r, let g, let b):
            let value = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            if let index = ColorTable.shared.index(of: value) {
                rawValue = Self.rgbKind | UInt16(index)
            } else {
                rawValue = Self.paletteKind | UInt16(ColorTable.nearestPalette(rgb: value))
            }
        }
    }

    /// The colour unpacked.
    package var color: Color {
        let n = rawValue & Self.payload
        switch rawValue & ~Self.payload {
        case Self.ansiKind: return .ansi(UInt8(truncatingIfNeeded: n))
        case Self.paletteKind: return .palette(UInt8(truncatingIfNeeded: n))
        case Self.rgbKind:
            let value = ColorTable.shared.value(at: Int(n))
            return .rgb(
                UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value))
        default: return .default
        }
    }
}

/// The true colours used by the process's styles, each stored once so that a packed colour
/// can name it by index (up to 16,384 of them; a style holds two bytes per colour).
enum ColorTable {
    /// The process's table of `0xRRGGBB` values.
    static let shared = InternTable<UInt32>(capacity: 1 << 14)

    /// The 256-colour palette entry nearest `rgb` (`0xRRGGBB`): where a colour goes when
    /// the table is full.
    static func nearestPalette(rgb: UInt32) -> UInt8 {
        ColorApproximation.nearest256(
            UInt8(truncatingIfNeeded: rgb >> 16), UInt8(truncatingIfNeeded: rgb >> 8), UInt8(truncatingIfNeeded: rgb))
    }
}
