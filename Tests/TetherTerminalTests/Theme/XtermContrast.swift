import Foundation
import TetherTerminal
import TetherUI

/// An sRGB colour, channels 0–255.
struct RGB: Hashable, CustomStringConvertible {
    var red: Double
    var green: Double
    var blue: Double

    init(_ hex: UInt32) {
        red = Double((hex >> 16) & 0xFF)
        green = Double((hex >> 8) & 0xFF)
        blue = Double(hex & 0xFF)
    }

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// WCAG 2.2 relative luminance.
    var luminance: Double {
        func linear(_ value: Double) -> Double {
            let c = value / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.2 contrast ratio, 1 to 21.
    func contrast(with other: RGB) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour moved `fraction` of the way to `other`.
    func blended(toward other: RGB, _ fraction: Double) -> RGB {
        RGB(
            red: red + (other.red - red) * fraction, green: green + (other.green - green) * fraction,
            blue: blue + (other.blue - blue) * fraction)
    }

    var description: String {
        "#" + [red, green, blue].map { String(format: "%02x", Int($0.rounded())) }.joined()
    }
}

/// xterm's default palette (XTerm 379, `XTerm-col.ad` and `256colres.h`).
enum XtermPalette {
    /// Colours 0–15.
    static let ansi: [UInt32] = [
        0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
        0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
    ]

    /// Colour `n` of 256: the 16, the 6×6×6 cube (0, 95, 135, 175, 215, 255), 24 greys from 8 by 10.
    static func color(_ n: Int) -> RGB {
        switch n {
        case 0..<16:
            return RGB(ansi[n])
        case 16..<232:
            let levels: [Double] = [0, 95, 135, 175, 215, 255]
            let v = n - 16
            return RGB(red: levels[v / 36], green: levels[(v / 6) % 6], blue: levels[v % 6])
        default:
            let grey = Double(8 + 10 * (n - 232))
            return RGB(red: grey, green: grey, blue: grey)
        }
    }
}

/// A terminal's default colours: the background a theme variant is for.
struct Scene: Hashable, CustomStringConvertible {
    let name: String
    let foreground: RGB
    let background: RGB
    let kind: TerminalBackground

    /// xterm as it comes: black on white.
    static let light = Scene(name: "white", foreground: RGB(0x000000), background: RGB(0xffffff), kind: .light)
    /// xterm with `-rv` (reverse video): white #ffffff on black.
    static let dark = Scene(name: "black", foreground: RGB(0xffffff), background: RGB(0x000000), kind: .dark)

    var description: String { name }
}

/// One way a terminal may draw a pen: text colour and cell colour.
struct Appearance: Hashable {
    var text: RGB
    var cell: RGB
    var contrast: Double { text.contrast(with: cell) }
}

extension Scene {
    /// Every way a terminal with xterm's palette may draw `pen` on this background, so a
    /// check can take the worst:
    /// - bold with colour 0–7 is drawn in that colour or in its bright form (xterm's
    ///   `boldColors`, on by default; many terminals have the setting) — on 8 colours, where
    ///   the mapper writes a bright colour as its normal one plus bold, this is the
    ///   normal colour or the bright one;
    /// - reverse swaps text and cell colours (the defaults included);
    /// - dim is drawn at 2/3 of the colour toward black (xterm's faint, `faintIsRelative`
    ///   off) or halfway toward the cell colour (terminals that fade text into the
    ///   background), whichever is worse.
    func appearances(of pen: Pen) -> [Appearance] {
        var texts: [RGB] = [foreground]
        if pen.foreground >= 0 {
            let n = Int(pen.foreground)
            texts = [XtermPalette.color(n)]
            if pen.attributes.contains(.bold), n < 8 { texts.append(XtermPalette.color(n + 8)) }
        }
        let cell = pen.background >= 0 ? XtermPalette.color(Int(pen.background)) : background
        var result: [Appearance] = []
        for text in texts {
            var drawn = Appearance(text: text, cell: cell)
            if pen.attributes.contains(.reverse) { drawn = Appearance(text: drawn.cell, cell: drawn.text) }
            guard pen.attributes.contains(.dim) else {
                result.append(drawn)
                continue
            }
            result.append(Appearance(text: drawn.text.blended(toward: RGB(0), 1.0 / 3), cell: drawn.cell))
            result.append(Appearance(text: drawn.text.blended(toward: drawn.cell, 0.5), cell: drawn.cell))
        }
        return result
    }

    /// The least contrast of `pen`'s text on its cell, however the terminal draws it.
    func textContrast(_ pen: Pen) -> Double {
        appearances(of: pen).map(\.contrast).min() ?? 1
    }

    /// The least contrast of `pen`'s cell against this background: how well a filled
    /// block (a focused button) stands out.
    func cellContrast(_ pen: Pen) -> Double {
        appearances(of: pen).map { $0.cell.contrast(with: background) }.min() ?? 1
    }
}
