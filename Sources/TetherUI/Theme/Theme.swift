/// The styles widgets draw with.
///
/// A theme has a form for dark backgrounds (itself) and may have one for light
/// backgrounds (``withLightVariant(_:)``): the application draws with
/// ``variant(for:)`` of the terminal's background, which the backend finds out when it
/// starts (``TerminalCapabilities/background``). ``default``, ``ocean`` and
/// ``highContrast`` have both forms; ``light`` is for a light background whatever the
/// terminal reports; ``monochrome`` uses only bold, reverse, underline and dim, and a
/// theme's ``withoutColors`` form is chosen automatically when the terminal has no colours
/// or `NO_COLOR` is set.
///
/// The themes Tether ships are legible on xterm's palette at 8, 16 and 256 colours: text
/// (``secondary`` text too) at least 4.5:1, focus indicators, borders and disabled controls
/// at least 3:1 (WCAG 2.2; disabled text 4.5:1 at 256 colours),
/// with bold never needed to make a colour legible (many terminals draw bold colours 0–7
/// as their bright forms, so bold black turns grey). docs/widgets-and-keys.md, "Themes".
public struct Theme: Hashable, Sendable {
    /// Ordinary text and widget bodies.
    public var normal: Style
    /// The focused widget.
    public var focused: Style
    /// Disabled widgets.
    public var disabled: Style
    /// Text that explains rather than asks: a field's description, the key bar's words, a
    /// check's "checking…" note, a list's "no matches". Text, so a shipped theme keeps it
    /// at 4.5:1 on its background (unlike ``disabled``, which marks a control not in use).
    public var secondary: Style
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

    /// A theme from its styles. Without `secondary`, explaining text draws as `disabled`.
    public init(
        normal: Style, focused: Style, disabled: Style, secondary: Style? = nil, error: Style, accent: Style,
        field: Style, focusedField: Style = Style(), placeholder: Style, border: Style
    ) {
        self.normal = normal
        self.focused = focused
        self.disabled = disabled
        self.secondary = secondary ?? disabled
        self.error = error
        self.accent = accent
        self.field = field
        self.focusedField = focusedField
        self.placeholder = placeholder
        self.border = border
    }

    /// The form for a light background, when there is one (at most one element: an
    /// array gives a value type its own kind as a member).
    private var lightForm: [Theme] = []

    /// This theme, with `light` drawn instead on a light background (``variant(for:)``).
    public func withLightVariant(_ light: Theme) -> Theme {
        var theme = self
        theme.lightForm = [light.variant(for: .light)]
        return theme
    }

    /// The form of this theme for a terminal with `background`: the light variant on a
    /// light background when the theme has one, else the theme itself (which is the form
    /// for dark and unknown backgrounds). The application calls this whenever it draws.
    public func variant(for background: TerminalBackground) -> Theme {
        background == .light ? lightForm.first ?? self : self
    }

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

    /// The theme with its colours removed, for monochrome terminals and `NO_COLOR`:
    /// attributes are kept and each role gets what tells it apart without colour. Focus
    /// is reversed; errors are bold and underlined; accents bold; disabled text dim (a
    /// control that is not usable, 3:1 is enough); secondary text keeps only the attributes
    /// its variant gave it (dim on a dark background); typed text keeps the field's underline
    /// whether focused or not, and placeholders lose it (and any dim), so a hint never
    /// looks like input even where dim is not drawn. Applied to the variant in use.
    public var withoutColors: Theme {
        func strip(_ style: Style, adding extra: Style.Attributes = [], removing: Style.Attributes = []) -> Style {
            Style(attributes: style.attributes.union(extra).subtracting(removing))
        }
        let input = strip(field).attributes
        return Theme(
            normal: strip(normal), focused: strip(focused, adding: .reverse), disabled: strip(disabled, adding: .dim),
            secondary: strip(secondary),
            error: strip(error, adding: [.bold, .underline]), accent: strip(accent, adding: .bold),
            field: strip(field), focusedField: strip(focusedField, adding: input),
            placeholder: strip(placeholder, removing: input.union(.dim)), border: strip(border))
    }
}
