import CNCurses
import TetherUI

/// Maps ``Style``s to ncurses attributes and colour pairs, allocating pairs lazily.
@MainActor
struct StyleMapper {
    /// Colours the terminal shows: 0 (monochrome), 8, 16, 88 or 256.
    let colors: Int
    /// Whether colour -1 means the terminal's own default (use_default_colors worked).
    let defaultColors: Bool
    /// The highest pair number ncurses accepts, plus one.
    let pairLimit: Int

    private var pairs: [PairKey: Int32] = [:]
    private var styles: [Style: (attr_t, Int32)] = [:]
    private var nextPair: Int32 = 1

    private struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    init(colors: Int, defaultColors: Bool, pairLimit: Int) {
        self.colors = colors
        self.defaultColors = defaultColors
        self.pairLimit = pairLimit
    }

    /// The attributes and colour pair that draw `style`.
    mutating func attributes(for style: Style) -> (attr_t, Int32) {
        if let known = styles[style] { return known }
        var attrs = tether_a_normal()
        if style.attributes.contains(.bold) { attrs |= tether_a_bold() }
        if style.attributes.contains(.dim) { attrs |= tether_a_dim() }
        if style.attributes.contains(.reverse) { attrs |= tether_a_reverse() }
        if style.attributes.contains(.underline) { attrs |= tether_a_underline() }
        var pair: Int32 = 0
        if colors > 0 {
            let (fg, brightFG) = number(for: style.foreground, isForeground: true)
            let (bg, _) = number(for: style.background, isForeground: false)
            if brightFG { attrs |= tether_a_bold() }
            pair = self.pair(foreground: fg, background: bg)
        }
        styles[style] = (attrs, pair)
        return (attrs, pair)
    }

    /// A pair for `foreground` on `background`, 0 (the default pair) when none is left.
    private mutating func pair(foreground: Int32, background: Int32) -> Int32 {
        let defaultFG: Int32 = defaultColors ? -1 : 7
        let defaultBG: Int32 = defaultColors ? -1 : 0
        if foreground == defaultFG && background == defaultBG { return 0 }
        let key = PairKey(foreground: foreground, background: background)
        if let known = pairs[key] { return known }
        guard Int(nextPair) < pairLimit else { return 0 }
        let number = nextPair
        guard tether_init_pair(number, foreground, background) == OK else { return 0 }
        nextPair += 1
        pairs[key] = number
        return number
    }

    /// The colour number for `color` on this terminal, and whether a bright
    /// foreground had to be approximated with bold (8-colour terminals).
    private func number(for color: Color, isForeground: Bool) -> (Int32, Bool) {
        switch color {
        case .default:
            if defaultColors { return (-1, false) }
            return (isForeground ? 7 : 0, false)
        case .ansi(let n):
            return ansi(Int(n % 16), isForeground: isForeground)
        case .palette(let n):
            if Int(n) < colors { return (Int32(n), false) }
            return ansi(Self.nearestANSI(n), isForeground: isForeground)
        }
    }

    private func ansi(_ n: Int, isForeground: Bool) -> (Int32, Bool) {
        if n < colors { return (Int32(n), false) }
        return (Int32(n % 8), isForeground && n >= 8)
    }

    /// The nearest of the 16 standard colours to 256-palette entry `n`.
    static func nearestANSI(_ n: UInt8) -> Int {
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
