public import TetherUI

/// Turns a frame into the bytes that draw it over the previous one: only the changed
/// cells, the cheapest cursor motion between them, and attribute changes only where the
/// pen changes. Everything comes out as one buffer, written with one `write`.
///
/// Why not ncurses' `doupdate`: ncurses treats any cursor move longer than 7 cells that
/// does not end near a screen edge as "non-local" and always uses absolute addressing
/// for it (`LONG_DIST` in `lib_mvcur.c`), so a keystroke that changes the caret cell
/// and a cell 40 columns away on the same row costs two 8-byte `cup`s where `hpa` or
/// `cuf`/`cub` take 5. Tether already knows exactly which cells changed (it diffs
/// frames), so it does the motion itself, with the terminal's own terminfo strings.
///
/// The writer tracks the terminal's cursor and pen. Wherever the terminal might
/// disagree about where the cursor is — after writing the last column (pending wrap),
/// after a multi-scalar grapheme (emoji sequences, combining marks) or a scalar whose
/// width changed between Unicode versions (most emoji and symbols: terminals differ on
/// their width) — it forgets the position, and the next move is absolute.
///
/// Frames go to a ``Region`` of the terminal: the whole (alternate) screen, or a band of
/// rows starting at some terminal row (an inline presentation below a shell prompt).
/// Positions — the cursor it tracks, the caret, the changes — are in frame coordinates;
/// only the absolute moves it writes add the band's top row. Nothing it writes for a
/// band touches a row outside it: a first frame clears the band's rows one by one
/// instead of the screen, it never writes a line feed (which could scroll), and
/// ``leave(height:)`` stops on the band's bottom row.
///
/// Cells of a style with a `Style.link` are wrapped in OSC 8 (where the profile has
/// ``TerminalStrings/hyperlinks``): the link is opened before its first cell and closed
/// before any cursor move, before a cell of another link or none, and at the end of every
/// frame, so no link is ever open between two writes.
///
/// A plain value with no global state: tests, an emulator oracle and any backend (a
/// pseudo-terminal, an SSH channel) drive it byte for byte.
public struct ScreenWriter {
    /// Where on the terminal the frames go.
    public enum Region: Hashable, Sendable {
        /// The whole screen (the alternate screen): frame row y is terminal row y, and a
        /// first frame clears the screen with `clear`.
        case fullScreen
        /// The rows from terminal row `top` (0-based) down, as many as the frame has:
        /// frame row y is terminal row `top + y`, and a first frame clears those rows
        /// with `el`, leaving the rest of the screen alone.
        case band(top: Int)

        /// The terminal row of the frame's top row.
        public var top: Int {
            switch self {
            case .fullScreen: 0
            case .band(let top): max(0, top)
            }
        }
    }

    /// The terminal's capabilities the writer draws with.
    public let strings: TerminalStrings
    /// How styles become the terminal's colours and attributes.
    public let mapper: StyleMapper
    /// Where the frames go. Changing it forgets the cursor; the next frame should be
    /// drawn with no previous frame (the new rows' contents are unknown).
    public var region: Region {
        didSet { if region != oldValue { invalidate() } }
    }

    /// Where the terminal's cursor is; `nil` when unknown.
    public internal(set) var cursor: Point?
    /// The terminal's current attributes and colours; `nil` when unknown.
    public private(set) var pen: Pen?
    /// Whether the cursor is shown; `nil` when unknown.
    public private(set) var cursorVisible: Bool?
    /// The hyperlink open on the terminal (a ``Style`` link id), 0 for none.
    private var openLink: UInt16 = 0

    let expansions: ExpansionCache
    private let resetBytes: [UInt8]
    private let clearBytes: [UInt8]
    private let clearLineBytes: [UInt8]
    let carriageReturn: [UInt8]
    let cursorLeft: [UInt8]
    private let showBytes: [UInt8]
    private let hideBytes: [UInt8]
    private let attributeBytes: [(Style.Attributes, [UInt8])]

    /// A writer drawing with `strings` and `mapper` into `region`.
    public init(strings: TerminalStrings, mapper: StyleMapper, region: Region = .fullScreen) {
        self.strings = strings
        self.mapper = mapper
        self.region = region
        expansions = ExpansionCache(strings: strings)
        resetBytes = TerminalStrings.plain(strings.resetAttributes)
        clearBytes = TerminalStrings.plain(strings.clearScreen)
        clearLineBytes = TerminalStrings.plain(strings.clearToEndOfLine)
        carriageReturn = TerminalStrings.plain(strings.carriageReturn)
        cursorLeft = TerminalStrings.plain(strings.cursorLeft)
        showBytes = TerminalStrings.plain(strings.showCursor)
        hideBytes = TerminalStrings.plain(strings.hideCursor)
        attributeBytes = [
            (.bold, TerminalStrings.plain(strings.bold)),
            (.dim, TerminalStrings.plain(strings.dim)),
            (.underline, TerminalStrings.plain(strings.underline)),
            (.reverse, TerminalStrings.plain(strings.reverse)),
        ]
    }

    /// Forgets the terminal's state: after a resize, a resume, or anything else that
    /// wrote to the terminal behind the writer's back.
    public mutating func invalidate() {
        cursor = nil
        pen = nil
        cursorVisible = nil
        openLink = 0
    }

    /// The bytes that turn the screen from `previous` into `frame`, then put the cursor
    /// at `caret` and show it, or hide it when `caret` is `nil` or off the screen.
    ///
    /// With no `previous` (or one of another size) the region is cleared first and only
    /// the non-blank cells are drawn. `rows`, when given, are the only rows that can
    /// differ from `previous` (a partial redraw); the others are not compared.
    public mutating func update(to frame: Frame, from previous: Frame?, caret: Point?, rows: Range<Int>? = nil)
        -> [UInt8]
    {
        var out: [UInt8] = []
        out.reserveCapacity(previous == nil ? 4096 : 64)
        var base = previous
        if base?.size != frame.size {
            base = clear(for: frame, output: &out)
        }
        let width = frame.size.width, height = frame.size.height
        let skipsCorner = strings.autoMargins && !strings.delayedWrap
        for change in frame.changes(from: base, rows: previous?.size == frame.size ? rows : nil) {
            var x = change.x
            for cell in change.cells {
                defer { x += 1 }
                if cell.isContinuation { continue }  // drawn with the wide grapheme to its left
                if skipsCorner && x == width - 1 && change.y == height - 1 { continue }
                move(to: Point(x: x, y: change.y), in: frame, output: &out)
                setPen(mapper.pen(for: cell.style), output: &out)
                if cell.style.linkID != openLink { setLink(cell.style.linkID, output: &out) }
                var unsettled = false
                if let byte = cell.printableASCII {
                    out.append(byte)  // the common case
                } else {
                    unsettled = Self.appendGrapheme(cell.grapheme, to: &out)
                }
                let end = x + max(1, Int(cell.width))
                cursor = (unsettled || end >= width) ? nil : Point(x: end, y: change.y)
            }
        }
        closeLink(output: &out)
        if let caret, caret.x >= 0, caret.y >= 0, caret.x < width, caret.y < height {
            move(to: caret, in: frame, output: &out)
            if cursorVisible != true, !showBytes.isEmpty {
                out += showBytes
                cursorVisible = true
            }
        } else if cursorVisible != false, !hideBytes.isEmpty {
            out += hideBytes
            cursorVisible = false
        }
        return out
    }

    /// What to write before giving the terminal back: plain attributes, the cursor
    /// shown, at the start of the bottom row of a region `height` rows high (the
    /// screen's bottom row, or the band's).
    public mutating func leave(height: Int) -> [UInt8] {
        var out: [UInt8] = []
        closeLink(output: &out)
        out += resetBytes + showBytes
        expansions.append(.cursorAddress, region.top + max(0, height - 1), 0, to: &out)
        invalidate()
        return out
    }

    /// Resets the pen and clears the region for `frame`: the screen with `clear`, a band
    /// row by row with `el`. Returns the blank frame now shown, or `nil` when the
    /// terminal cannot clear that way (then every cell is drawn).
    private mutating func clear(for frame: Frame, output out: inout [UInt8]) -> Frame? {
        out += resetBytes
        pen = resetBytes.isEmpty ? nil : .plain
        switch region {
        case .fullScreen:
            guard !clearBytes.isEmpty else { return nil }
            out += clearBytes
            cursor = Point(x: 0, y: 0)
        case .band:
            guard !clearLineBytes.isEmpty else { return nil }
            for y in 0..<frame.size.height {
                move(to: Point(x: 0, y: y), in: frame, output: &out)
                out += clearLineBytes
            }
        }
        return Frame(size: frame.size)
    }

    // MARK: - Attributes

    /// Appends what changes the terminal's pen to `new`: `sgr0` when something must be
    /// turned off (or the pen is unknown), then the attributes and colours to turn on.
    private mutating func setPen(_ new: Pen, output out: inout [UInt8]) {
        if pen == new { return }
        var current: Pen
        if let pen, pen.attributes.isSubset(of: new.attributes),
            new.foreground >= 0 || pen.foreground < 0, new.background >= 0 || pen.background < 0
        {
            current = pen
        } else {
            out += resetBytes
            current = .plain
        }
        for (attribute, bytes) in attributeBytes
        where new.attributes.contains(attribute) && !current.attributes.contains(attribute) {
            out += bytes
            current.attributes.insert(attribute)
        }
        if new.foreground >= 0, new.foreground != current.foreground {
            if new.foreground & Pen.trueColorFlag != 0 {
                Self.appendTrueColor(new.foreground, selector: 38, to: &out)
            } else {
                expansions.append(.setForeground, Int(new.foreground), to: &out)
            }
        }
        if new.background >= 0, new.background != current.background {
            if new.background & Pen.trueColorFlag != 0 {
                Self.appendTrueColor(new.background, selector: 48, to: &out)
            } else {
                expansions.append(.setBackground, Int(new.background), to: &out)
            }
        }
        pen = new
    }

    /// Appends `CSI selector;2;r;g;b m` for the true-colour pen colour `color` (`selector`
    /// 38 sets the foreground, 48 the background): terminfo has no string for it.
    private static func appendTrueColor(_ color: Int32, selector: Int, to out: inout [UInt8]) {
        let text = "\u{1B}[\(selector);2;\((color >> 16) & 0xFF);\((color >> 8) & 0xFF);\(color & 0xFF)m"
        out += text.utf8
    }

    // MARK: - Links

    /// Closes the open link, if any, and opens link `id` (0: none), where the terminal
    /// takes OSC 8; elsewhere links are never written.
    private mutating func setLink(_ id: UInt16, output out: inout [UInt8]) {
        guard strings.hyperlinks else { return }
        closeLink(output: &out)
        if id != 0, let link = Style.link(id: id) {
            out += OperatingSystemCommands.openLink(link)
            openLink = id
        }
    }

    /// Closes the open link, if any.
    mutating func closeLink(output out: inout [UInt8]) {
        guard openLink != 0 else { return }
        out += OperatingSystemCommands.closeLink
        openLink = 0
    }

    // MARK: - Text

    /// Appends `grapheme` as UTF-8 (an empty one as a space, control characters as `?`)
    /// and tells whether terminals may disagree on its width: more than one scalar, or one
    /// without a ``hasSettledWidth(_:)``.
    private static func appendGrapheme(_ grapheme: String, to out: inout [UInt8]) -> Bool {
        var utf8 = grapheme.utf8.makeIterator()
        if let first = utf8.next(), first >= 0x20, first < 0x7F, utf8.next() == nil {
            out.append(first)  // the common case: one printable ASCII character
            return false
        }
        var count = 0
        var settled = true
        for scalar in grapheme.unicodeScalars {
            count += 1
            settled = hasSettledWidth(scalar.value)
            if isControl(scalar.value) {
                out.append(UInt8(ascii: "?"))
            } else {
                UTF8.encode(scalar) { out.append($0) }
            }
        }
        if count == 0 { out.append(UInt8(ascii: " ")) }
        return count > 1 || !settled
    }

    /// Whether every terminal draws `value` as wide as the width table does: Latin, Greek and
    /// Cyrillic letters, punctuation, arrows, box drawing, geometric shapes, ✓ ✔ and braille
    /// (one column); kana, CJK ideographs, Hangul syllables and fullwidth forms (two). Emoji
    /// and other symbols changed width between Unicode versions, and terminals follow
    /// different ones (docs/decisions/0089-the-emulator-oracle-and-the-width-table.md).
    static func hasSettledWidth(_ value: UInt32) -> Bool {
        switch value {
        case 0x20..<0x7F, 0xA0..<0x300, 0x370..<0x483, 0x48A..<0x530, 0x2010...0x2027, 0x2190...0x21FF,
            0x2500...0x25FC, 0x2713...0x2714, 0x2800...0x28FF:
            true
        case 0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60:
            true
        default:
            false
        }
    }

    private static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value < 0xA0)
    }
}
