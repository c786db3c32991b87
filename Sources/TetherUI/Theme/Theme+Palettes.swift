// The themes Tether ships. Each colour is one of the 16 standard ones, chosen so that it
// stays legible wherever a terminal puts it: at 16 and 256 colours as given; at 8 colours,
// where a bright foreground becomes its normal colour plus bold, in that normal colour;
// with bold, which many terminals draw as the bright colour. No style uses bold with a
// foreground of 0–7 unless the bright form passes too, and none needs bold to be legible.
// Measured contrasts: docs/decisions/0088-themes-are-legible-on-xterm-s-palette.md; checked by
// ThemeContrastTests.

extension Theme {
    /// The default theme: ``defaultDark`` on a dark or unknown background, ``defaultLight``
    /// on a light one.
    public static let `default` = defaultDark.withLightVariant(defaultLight)

    /// The default theme's form for a dark background: black on cyan for focus, cyan
    /// titles, errors white on red, dim borders and hints.
    public static let defaultDark = Theme(
        normal: Style(),
        focused: Style(foreground: .black, background: .cyan),
        disabled: Style(attributes: .dim),
        error: Style(foreground: .ansi(15), background: .red),
        accent: Style(foreground: .cyan, attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: Style(attributes: [.dim, .underline]),
        border: Style(attributes: .dim))

    /// The default theme's form for a light background: white on blue for focus, bold
    /// blue titles, red errors, grey borders and disabled text, light blue hints.
    public static let defaultLight = Theme(
        normal: Style(),
        focused: Style(foreground: .ansi(15), background: .blue),
        disabled: Style(foreground: .gray),
        error: Style(foreground: .red),
        accent: Style(foreground: .blue, attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: Style(foreground: .ansi(12), attributes: .underline),
        border: Style(foreground: .gray))

    /// For a light background whatever the terminal reports (one that does not answer
    /// the background query and sets no `COLORFGBG`): ``defaultLight`` on every background.
    public static let light = defaultLight

    /// A calm theme with fewer colours: cyan on a dark background, blue on a light one.
    public static let ocean = Theme(
        normal: Style(),
        focused: Style(foreground: .black, background: .ansi(14)),
        disabled: Style(attributes: .dim),
        error: Style(foreground: .ansi(15), background: .red),
        accent: Style(foreground: .cyan, attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: Style(attributes: [.dim, .underline]),
        border: Style(foreground: .cyan)
    )
    .withLightVariant(
        Theme(
            normal: Style(),
            focused: Style(foreground: .ansi(15), background: .blue),
            disabled: Style(foreground: .gray),
            error: Style(foreground: .magenta),
            accent: Style(foreground: .blue, attributes: .bold),
            field: Style(attributes: .underline),
            placeholder: Style(foreground: .ansi(12), attributes: .underline),
            border: Style(foreground: .blue)))

    /// The most contrast a terminal gives: focus in reverse video, titles and the focused
    /// label bold in the terminal's own text colour, borders in it too,
    /// errors black on yellow (dark) or white on red (light), hints in one strong colour.
    public static let highContrast = Theme(
        normal: Style(),
        focused: Style(attributes: [.reverse, .bold]),
        disabled: Style(attributes: .dim),
        error: Style(foreground: .black, background: .ansi(11)),
        accent: Style(attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: Style(foreground: .cyan, attributes: .underline),
        border: Style()
    )
    .withLightVariant(
        Theme(
            normal: Style(),
            focused: Style(attributes: [.reverse, .bold]),
            disabled: Style(foreground: .gray),
            error: Style(foreground: .ansi(15), background: .red),
            accent: Style(attributes: .bold),
            field: Style(attributes: .underline),
            placeholder: Style(foreground: .blue, attributes: .underline),
            border: Style()))

    /// Attributes only, on any background: for terminals without colour and for
    /// `NO_COLOR` (the application uses a theme's ``withoutColors`` form by itself).
    public static let monochrome = Theme(
        normal: Style(),
        focused: Style(attributes: [.reverse, .bold]),
        disabled: Style(attributes: .dim),
        error: Style(attributes: [.bold, .underline]),
        accent: Style(attributes: .bold),
        field: Style(attributes: .underline),
        focusedField: Style(attributes: .underline),
        placeholder: Style(),
        border: Style())
}
