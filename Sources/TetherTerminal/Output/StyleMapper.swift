public import TetherUI

/// A style as the terminal draws it: attributes and palette numbers, -1 for the
/// terminal's own default colour, or a true colour (``rgb(_:_:_:)``: ``trueColorFlag``
/// over `0xRRGGBB`).
public struct Pen: Hashable, Sendable {
    /// Bold, dim, underline, reverse.
    public var attributes: Style.Attributes
    /// Palette number of the foreground; -1 for the terminal's default; a true colour
    /// when ``trueColorFlag`` is set.
    public var foreground: Int32
    /// Palette number of the background; -1 for the terminal's default; a true colour
    /// when ``trueColorFlag`` is set.
    public var background: Int32

    /// The bit that marks a pen colour as true colour, `0xRRGGBB` in the bits below it.
    public static let trueColorFlag: Int32 = 1 << 24

    /// The pen colour number of the true colour (`r`, `g`, `b`).
    public static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
        trueColorFlag | Int32(r) << 16 | Int32(g) << 8 | Int32(b)
    }

    /// A pen.
    public init(attributes: Style.Attributes, foreground: Int32, background: Int32) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    /// No attributes, default colours: what `sgr0` leaves.
    public static let plain = Pen(attributes: [], foreground: -1, background: -1)
}

/// Maps `Style`s to what a terminal with `colors` colours can show: palette colours
/// beyond its range fall back to the nearest of the 16 standard ones, and bright
/// foregrounds on an 8-colour terminal become bold, except grey (bright black), which
/// becomes the terminal's own text colour dimmed: bold black is drawn black and strong by
/// terminals that do not brighten bold, and would make grey (disabled, a border) the
/// strongest text on a light background and invisible on a dark one. True colours pass as they are where
/// the terminal shows them (`trueColor`), else become the nearest entry of the 256-colour
/// palette (its cube and grey ramp) or, with fewer colours, of the 16 standard ones.
public struct StyleMapper: Sendable, Hashable {
    /// Colours the terminal shows: 0 (monochrome or `NO_COLOR`), 8, 16, 88 or 256.
    public let colors: Int
    /// Whether the terminal shows true colour (24-bit `CSI 38;2;r;g;b m`); ignored when
    /// `colors` is 0.
    public let trueColor: Bool

    /// A mapper for a terminal showing `colors` colours, and true colour when `trueColor`.
    public init(colors: Int, trueColor: Bool = false) {
        self.colors = colors
        self.trueColor = trueColor
    }

    /// The pen that draws `style`.
    public func pen(for style: Style) -> Pen {
        var attributes = style.attributes
        guard colors > 0 else { return Pen(attributes: attributes, foreground: -1, background: -1) }
        let (foreground, approximation) = number(for: style.foreground, isForeground: true)
        let (background, _) = number(for: style.background, isForeground: false)
        attributes.formUnion(approximation)
        return Pen(attributes: attributes, foreground: foreground, background: background)
    }

    /// The colour number for `color` on this terminal, and the attributes a bright
    /// foreground had to be approximated with (8-colour terminals).
    private func number(for color: Color, isForeground: Bool) -> (Int32, Style.Attributes) {
        switch color {
        case .default:
            return (-1, [])
        case .ansi(let n):
            return ansi(Int(n % 16), isForeground: isForeground)
        case .palette(let n):
            if Int(n) < colors { return (Int32(n), []) }
            return ansi(Self.nearestANSI(n), isForeground: isForeground)
        case .rgb(let r, let g, let b):
            if trueColor { return (Pen.rgb(r, g, b), []) }
            if colors >= 256 { return (Int32(ColorApproximation.nearest256(r, g, b)), []) }
            return ansi(ColorApproximation.nearest16(r, g, b), isForeground: isForeground)
        }
    }

    private func ansi(_ n: Int, isForeground: Bool) -> (Int32, Style.Attributes) {
        if n < colors { return (Int32(n), []) }
        guard isForeground, n >= 8 else { return (Int32(n % 8), []) }
        return n == 8 ? (-1, .dim) : (Int32(n % 8), .bold)
    }

    /// The nearest of the 16 standard colours to 256-palette entry `n`.
    public static func nearestANSI(_ n: UInt8) -> Int {
        switch n {
        case 0..<16:
            return Int(n)
        case 16..<232:
            let v = Int(n) - 16
            let r = v / 36, g = (v / 6) % 6, b = v % 6
            let bright = max(r, g, b) >= 4
            let base = (r >= 2 ? 1 : 0) | (g >= 2 ? 2 : 0) | (b >= 2 ? 4 : 0)
            if base == 0 { return 0 }
            return base + (bright ? 8 : 0)
        default:
            let level = Int(n) - 232  // 0...23, dark to light
            return level < 6 ? 0 : level < 14 ? 8 : level < 20 ? 7 : 15
        }
    }
}
