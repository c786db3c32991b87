import Testing
import TetherTesting
import TetherUI

@Suite("Theme variants and monochrome forms")
@MainActor
struct ThemeVariantTests {
    nonisolated static let themes = ["default", "ocean", "highContrast", "light", "monochrome"]

    private static func named(_ name: String) -> Theme {
        switch name {
        case "default": .default
        case "ocean": .ocean
        case "highContrast": .highContrast
        case "light": .light
        default: .monochrome
        }
    }

    @Test("Theme.default is its dark form on dark and unknown backgrounds and its light form on light")
    func defaultVariants() {
        #expect(Theme.default.variant(for: .light) == Theme.defaultLight)
        #expect(Theme.default.variant(for: .dark).focused == Theme.defaultDark.focused)
        #expect(Theme.default.variant(for: .unknown) == Theme.default.variant(for: .dark))
        #expect(Theme.default.variant(for: .light).focused != Theme.default.variant(for: .dark).focused)
    }

    @Test("A theme without a light variant is itself on every background")
    func themeWithoutVariant() {
        #expect(Theme.light.variant(for: .dark) == Theme.light)
        #expect(Theme.monochrome.variant(for: .light) == Theme.monochrome)
    }

    @Test("The application draws with the variant for the background its backend reports")
    func applicationFollowsBackground() {
        let backend = HeadlessBackend(size: Size(width: 10, height: 2), colors: 256)
        let app = Application(root: Label("x"), backend: backend, theme: .ocean)
        #expect(app.theme == Theme.ocean)
        backend.capabilities.background = .light
        #expect(app.theme == Theme.ocean.variant(for: .light))
        backend.capabilities.colors = 0
        #expect(app.theme == Theme.ocean.variant(for: .light).withoutColors)
    }

    @Test("A focused button on a light background is drawn with the light variant's focus")
    func focusedButtonDrawnInLightVariant() throws {
        let pilot = try Pilot(root: Button("OK"), size: Size(width: 10, height: 1)) { app in
            (app.backend as? HeadlessBackend)?.capabilities.background = .light
        }
        #expect(pilot.backend.screen.cells.contains { $0.style == Theme.defaultLight.focused })
        #expect(!pilot.backend.screen.cells.contains { $0.style == Theme.defaultDark.focused })
    }

    @Test("Without colours every theme shows focus reversed, on either background", arguments: themes)
    func monochromeFocusIsReversed(_ name: String) {
        let theme = Self.named(name)
        for background in [TerminalBackground.dark, .light] {
            #expect(theme.variant(for: background).withoutColors.focused.attributes.contains(.reverse))
        }
    }

    @Test("Without colours an error is underlined, not only bold, and unlike an accent", arguments: themes)
    func monochromeErrorIsDistinct(_ name: String) {
        let theme = Self.named(name)
        for background in [TerminalBackground.dark, .light] {
            let mono = theme.variant(for: background).withoutColors
            #expect(mono.error.attributes.contains(.underline))
            #expect(mono.error != mono.accent && mono.error != mono.normal)
        }
    }

    @Test("Without colours a placeholder looks unlike typed text, focused or not, and is not dim", arguments: themes)
    func monochromePlaceholderIsDistinct(_ name: String) {
        let theme = Self.named(name)
        for background in [TerminalBackground.dark, .light] {
            let mono = theme.variant(for: background).withoutColors
            #expect(mono.placeholder != mono.field && mono.placeholder != mono.focusedField)
            #expect(!mono.placeholder.attributes.contains(.dim))
        }
    }

    @Test("Without colours disabled controls are dim and no style keeps a colour", arguments: themes)
    func monochromeDisabledIsDimAndColourless(_ name: String) {
        let theme = Self.named(name)
        for background in [TerminalBackground.dark, .light] {
            let mono = theme.variant(for: background).withoutColors
            #expect(mono.disabled.attributes.contains(.dim))
            let styles = [
                mono.normal, mono.focused, mono.disabled, mono.error, mono.accent, mono.placeholder, mono.border,
            ]
            #expect(styles.allSatisfy { $0.foreground == .default && $0.background == .default })
        }
    }
}
