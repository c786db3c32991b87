// The themes Tether ships. Each colour is one of the 16 standard ones (two light-background
// greys are 256-palette entries, below, whose 16-colour fallback is named), chosen so that it
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
        secondary: Style(attributes: .dim),
        error: Style(foreground: .ansi(15), background: .red),
        accent: Style(foreground: .cyan, attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: Style(attributes: [.dim, .underline]),
        border: Style(attributes: .dim))

    /// The default theme's form for a light background: white on blue for focus, bold
    /// blue titles, red errors, grey borders, dark grey explanations, plum placeholders
    /// (not underlined: a placeholder never looks typed), lighter grey disabled text.
    public static let defaultLight = Theme(
        normal: Style(),
        focused: Style(foreground: .ansi(15), background: .blue),
        disabled: Style(foreground: .disabledOnLight),
        secondary: Style(foreground: .secondaryOnLight),
        error: Style(foreground: .red),
        accent: Style(foreground: .blue, attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: Style(foreground: .placeholderOnLight),
        border: Style(foreground: .gray))

    /// For a light background whatever the terminal reports (one that does not answer
    /// the background query and sets no `COLORFGBG`): ``defaultLight`` on every background.
    public static let light = defaultLight

    /// A calm theme with fewer colours: cyan on a dark background, blue on a light one.
    public static let ocean = Theme(
        normal: Style(),
        focused: Style(foreground: .black, background: .ansi(14)),
        disabled: Style(attributes: .dim),
        secondary: Style(attributes: .dim),
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
            disabled: Style(foreground: .disabledOnLight),
            secondary: Style(foreground: .secondaryOnLight),
            error: Style(foreground: .magenta),
            accent: Style(foreground: .blue, attributes: .bold),
            field: Style(attributes: .underline),
            placeholder: Style(foreground: .placeholderOnLight),
            border: Style(foreground: .blue)))

    /// The most contrast a terminal gives: focus in reverse video, titles and the focused
    /// label bold in the terminal's own text colour, borders in it too,
    /// errors black on yellow (dark) or white on red (light), hints in one strong colour.
    public static let highContrast = Theme(
        normal: Style(),
        focused: Style(attributes: [.reverse, .bold]),
        disabled: Style(attributes: .dim),
        secondary: Style(attributes: .dim),
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
            disabled: Style(foreground: .disabledOnLight),
            secondary: Style(foreground: .secondaryOnLight),
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
        secondary: Style(),
        error: Style(attributes: [.bold, .underline]),
        accent: Style(attributes: .bold),
        field: Style(attributes: .underline),
        focusedField: Style(attributes: .underline),
        placeholder: Style(),
        border: Style())
}

extension Color {
    /// Explaining text on a light background: #5f5f5f, 6.4:1 on white at
    /// 256 colours; with 16 or 8 colours the palette has no grey that reaches 4.5:1 on white
    /// (colour 8 is 4.0:1), so it falls to black there (the mapper's nearest of the 16).
    fileprivate static let secondaryOnLight = Color.palette(59)
    /// Placeholders on a light background: plum #875f87, 5.2:1 on white at 256 colours,
    /// magenta (4.7:1) with 16 or 8: unlike typed text (black), descriptions (grey) and the
    /// focused label (blue) at every depth.
    fileprivate static let placeholderOnLight = Color.palette(96)
    /// Disabled text on a light background: #767676, 4.5:1 on white at 256 colours; with
    /// 16 or 8 colours, grey 8 (4.0:1): black would make a disabled control look usable.
    fileprivate static let disabledOnLight = Color.palette(243)
}
