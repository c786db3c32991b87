#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherCurses
@testable import TetherTerminal
import TetherUI

// The only file of the oracle that names the writer's types (`ScreenWriter`, `TerminalStrings`,
// `StyleMapper`, public in TetherTerminal); terminfo is read through TetherCurses.

/// A terminal type as the oracle draws for it: its terminfo strings and colour count.
@MainActor
struct OracleTerminal: Sendable, CustomStringConvertible {
    let term: String
    /// Colours terminfo gives (`colors`), 0 without colour strings.
    let colors: Int
    /// Whether the writer sends true colour: terminfo says so, or (xterm-256color, as with
    /// `COLORTERM=truecolor`) the session's environment would. Never for ncurses, which
    /// shows the nearest palette colour.
    let trueColor: Bool
    fileprivate let strings: TerminalStrings

    /// The six types the oracle runs for.
    nonisolated static let names = ["xterm-256color", "screen-256color", "tmux-256color", "linux", "vt220", "xterm"]

    /// `term` from this machine's terminfo, `nil` when terminfo does not know it.
    init?(_ term: String, trueColor allowed: Bool = true) {
        guard let strings = try? TerminalStrings.terminfo(term) else { return nil }
        let count = strings.colors
        self.term = term
        self.strings = strings
        colors = strings.setForeground == nil ? 0 : max(0, min(count, 256))
        trueColor = allowed && colors > 0 && (strings.trueColor || term == "xterm-256color")
    }

    nonisolated var description: String { term }

    /// Whether the writer wraps linked cells in OSC 8.
    var hyperlinks: Bool { strings.hyperlinks }

    /// Whether the terminal can hide and show the cursor (`civis`, `cnorm`).
    var hidesCursor: Bool { strings.hideCursor != nil }
    var showsCursor: Bool { strings.showCursor != nil }
    /// Whether the writer leaves the bottom-right cell alone (`am` without `xenl`: writing it would scroll).
    var skipsCorner: Bool { strings.autoMargins && !strings.delayedWrap }

    /// The attributes this terminal can turn on, of those libvterm keeps.
    var attributes: Style.Attributes {
        var result: Style.Attributes = []
        if strings.bold != nil { result.insert(.bold) }
        if strings.underline != nil { result.insert(.underline) }
        if strings.reverse != nil { result.insert(.reverse) }
        return result
    }

    /// What `style` looks like on this terminal: the attributes libvterm can show and the palette
    /// numbers (-1: default), as the writer's style mapper maps them for this colour count.
    func look(of style: Style) -> (attributes: Style.Attributes, foreground: Int, background: Int) {
        lookFunction(style)
    }

    /// ``look(of:)`` without the terminal's strings (for the oracle's inner loop).
    var lookFunction: @Sendable (Style) -> (attributes: Style.Attributes, foreground: Int, background: Int) {
        let mapper = StyleMapper(colors: colors, trueColor: trueColor), shown = attributes
        let withoutColor = honoursNoColorVideo ? noColorVideo : []
        return { style in
            let pen = mapper.pen(for: style)
            let colored = pen.foreground != -1 || pen.background != -1
            let attributes = pen.attributes.intersection(shown).subtracting(colored ? withoutColor : [])
            return (attributes, Int(pen.foreground), Int(pen.background))
        }
    }

    /// Whether what is drawn drops the attributes terminfo's `ncv` says the terminal cannot
    /// show with colours (ncurses does; Tether's writer does not: decision 0108).
    var honoursNoColorVideo = false

    /// terminfo's `ncv` as attributes (`infocmp`: linux has `ncv#18`, underline and dim; the
    /// other five types have none).
    var noColorVideo: Style.Attributes { term == "linux" ? [.underline, .dim] : [] }
}

/// What `VTBackend.copyToClipboard` writes for `text` (OSC 52).
func clipboardBytes(_ text: String) -> [UInt8] { OperatingSystemCommands.copy(text) }

/// What the oracle draws with: Tether's screen writer or ncurses (the reference).
@MainActor
protocol OracleRenderer {
    /// The band's top row, `nil` for the whole screen. Changing it forgets the terminal's state.
    var bandTop: Int? { get set }
    /// Forgets the terminal's state (after a resize).
    mutating func invalidate()
    /// The bytes for `frame` over `previous` on a terminal of `terminal`'s size.
    mutating func update(to frame: Frame, from previous: Frame?, caret: Point?, rows: Range<Int>?, terminal: Size)
        -> [UInt8]
}

/// The screen writer for one terminal type, as the backend drives it.
@MainActor
struct OracleWriter: OracleRenderer {
    private var writer: ScreenWriter

    init(_ terminal: OracleTerminal) {
        writer = ScreenWriter(
            strings: terminal.strings, mapper: StyleMapper(colors: terminal.colors, trueColor: terminal.trueColor))
    }

    /// The band's top row, `nil` for the whole screen. Changing it forgets the terminal's state.
    var bandTop: Int? {
        get {
            if case .band(let top) = writer.region { return top }
            return nil
        }
        set { writer.region = newValue.map { .band(top: $0) } ?? .fullScreen }
    }

    /// Forgets the terminal's state (after a resize).
    mutating func invalidate() { writer.invalidate() }

    /// The writer's bytes for `frame` over `previous`.
    mutating func update(to frame: Frame, from previous: Frame?, caret: Point?, rows: Range<Int>?, terminal: Size)
        -> [UInt8]
    {
        writer.update(to: frame, from: previous, caret: caret, rows: rows)
    }
}

/// ncurses' own screen and refresh for one terminal type, as `CursesBackend(renderer: .ncurses)`
/// drives it (`NCursesPainter`): the reference Tether's writer is held against.
@MainActor
struct OracleNCurses: OracleRenderer {
    private let painter: NCursesPainter
    var bandTop: Int? {
        didSet { if bandTop != oldValue { painter.invalidate() } }
    }

    init?(_ terminal: OracleTerminal) {
        // ncurses writes characters in the locale's encoding: UTF-8, as CursesBackend sets it.
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        guard let painter = NCursesPainter(term: terminal.term, colors: terminal.colors) else { return nil }
        self.painter = painter
    }

    mutating func invalidate() { painter.invalidate() }

    mutating func update(to frame: Frame, from previous: Frame?, caret: Point?, rows: Range<Int>?, terminal: Size)
        -> [UInt8]
    {
        painter.paint(frame, caret: caret, region: bandTop.map { .band(top: $0) } ?? .fullScreen, terminal: terminal)
    }
}
