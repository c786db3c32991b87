/// A terminal colour.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// One of the 16 standard colours: 0–7 normal (black, red, green, yellow, blue,
    /// magenta, cyan, white), 8–15 their bright forms.
    case ansi(UInt8)
    /// An entry of the 256-colour palette.
    case palette(UInt8)

    /// Black.
    public static let black = Color.ansi(0)
    /// Red.
    public static let red = Color.ansi(1)
    /// Green.
    public static let green = Color.ansi(2)
    /// Yellow.
    public static let yellow = Color.ansi(3)
    /// Blue.
    public static let blue = Color.ansi(4)
    /// Magenta.
    public static let magenta = Color.ansi(5)
    /// Cyan.
    public static let cyan = Color.ansi(6)
    /// White (light grey on most terminals).
    public static let white = Color.ansi(7)
    /// Bright black (dark grey).
    public static let gray = Color.ansi(8)
}
