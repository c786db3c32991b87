/// A terminal colour.
///
/// A ``Style`` keeps its colours packed in two bytes each (so a ``Cell`` stays 24 bytes):
/// an ``rgb(_:_:_:)`` colour is stored as its index in a process-wide table of the
/// true colours used, made when the style is set.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// One of the 16 standard colours: 0–7 normal (black, red, green, yellow, blue,
    /// magenta, cyan, white), 8–15 their bright forms.
    case ansi(UInt8)
    /// An entry of the 256-colour palette.
    case palette(UInt8)
    /// A true colour, red, green and blue. Written as it is (`CSI 38;2;r;g;b m`) where the
    /// terminal shows true colour (`COLORTERM=truecolor` or `24bit`, or terminfo's `RGB`
    /// or `Tc` flag), else as the nearest colour of the terminal's palette, and not at all
    /// on a monochrome terminal or under `NO_COLOR`.
    case rgb(UInt8, UInt8, UInt8)

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
