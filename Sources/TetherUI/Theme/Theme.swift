/// The styles widgets draw with.
///
/// ``default`` uses colours; ``monochrome`` uses only bold, reverse, underline and dim and
/// is chosen automatically when the terminal has no colours or `NO_COLOR` is set.
public struct Theme: Hashable, Sendable {
    /// Ordinary text and widget bodies.
    public var normal: Style
    /// The focused widget.
    public var focused: Style
    /// Disabled widgets.
    public var disabled: Style
    /// Validation and error messages.
    public var error: Style
    /// Highlights: titles, the slider's knob, a toggle's mark, spinners.
    public var accent: Style
    /// Text fields' input area when not focused.
    public var field: Style
    /// The text of the focused text field. Plain by default: typing then costs the
    /// terminal one byte per character, with no attribute changes (the caret and the
    /// highlighted label show where focus is).
    public var focusedField: Style
    /// Placeholder text in empty fields.
    public var placeholder: Style
    /// Panel borders.
    public var border: Style

    /// A theme from its styles.
    public init(
        normal: Style, focused: Style, disabled: Style, error: Style, accent: Style,
        field: Style, focusedField: Style = Style(), placeholder: Style, border: Style
    ) {
        self.normal = normal
        self.focused = focused
        self.disabled = disabled
        self.error = error
        self.accent = accent
        self.field = field
        self.focusedField = focusedField
        self.placeholder = placeholder
        self.border = border
    }

    /// Colours on the terminal's default background.
    public static let `default` = Theme(
        normal: Style(),
        focused: Style(foreground: .black, background: .cyan, attributes: .bold),
        disabled: Style(foreground: .gray, attributes: .dim),
        error: Style(foreground: .red, attributes: .bold),
        accent: Style(foreground: .cyan, attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: Style(foreground: .gray, attributes: [.dim, .underline]),
        border: Style(foreground: .blue))

    /// Attributes only: for terminals without colour and for `NO_COLOR`.
    public static let monochrome = Theme(
        normal: Style(),
        focused: Style(attributes: [.reverse, .bold]),
        disabled: Style(attributes: .dim),
        error: Style(attributes: [.bold, .underline]),
        accent: Style(attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: Style(attributes: [.dim, .underline]),
        border: Style())

    /// A calm theme with fewer colours.
    public static let ocean = Theme(
        normal: Style(),
        focused: Style(foreground: .white, background: .blue, attributes: .bold),
        disabled: Style(foreground: .gray, attributes: .dim),
        error: Style(foreground: .magenta, attributes: .bold),
        accent: Style(foreground: .blue, attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: Style(foreground: .gray, attributes: [.dim, .underline]),
        border: Style(foreground: .cyan))

    /// Which pair of styles a focusable widget draws with while it is enabled.
    public enum ControlRole: Hashable, Sendable {
        /// Toggles and sliders: ``Theme/normal``, or ``Theme/focused`` with focus.
        case control
        /// Buttons: ``Theme/normal`` in bold, or ``Theme/focused`` with focus.
        case button
        /// Text input: ``Theme/field``, or ``Theme/focusedField`` with focus.
        case field
    }

    /// The style for a widget in `role` that is enabled or not and focused or not: a
    /// disabled widget draws with ``disabled`` whether or not it has focus.
    public func style(enabled: Bool, focused: Bool, role: ControlRole = .control) -> Style {
        guard enabled else { return disabled }
        switch role {
        case .control: return focused ? self.focused : normal
        case .button: return focused ? self.focused : normal.adding(.bold)
        case .field: return focused ? focusedField : field
        }
    }

    /// The theme with its colours removed (attributes kept), for monochrome terminals.
    public var withoutColors: Theme {
        func strip(_ style: Style) -> Style { Style(attributes: style.attributes) }
        var theme = Theme(
            normal: strip(normal), focused: strip(focused), disabled: strip(disabled), error: strip(error),
            accent: strip(accent), field: strip(field), focusedField: strip(focusedField),
            placeholder: strip(placeholder), border: strip(border))
        if !theme.focused.attributes.contains(.reverse) { theme.focused.attributes.insert(.reverse) }
        return theme
    }
}
