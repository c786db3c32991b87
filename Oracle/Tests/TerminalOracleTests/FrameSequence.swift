import TetherUI

/// SplitMix64: small, fast and the same on every machine, so a seed names a case.
struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is not positive).
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
    /// A number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }
    /// True with probability `percent` %.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// One frame of a sequence: the terminal's size, where the frame goes, what it shows.
struct OracleStep: CustomStringConvertible {
    /// The terminal's size (the emulator is resized to it before this frame).
    var terminal: Size
    /// The band's top row, `nil` for the whole screen.
    var bandTop: Int?
    var frame: Frame
    var caret: Point?
    /// The rows the frame may differ in from the one before (the writer's partial redraw).
    var rows: Range<Int>?

    var description: String {
        let band = bandTop.map { "band at row \($0)" } ?? "full screen"
        let hint = rows.map { ", rows \($0)" } ?? ""
        return
            "terminal \(terminal.width)×\(terminal.height), \(band), frame \(frame.size.width)×\(frame.size.height), caret \(caret.map { "\($0.x),\($0.y)" } ?? "none")\(hint)"
    }
}

/// Random frame sequences: text of every kind the width table knows, random styles and
/// colours, damage from one cell to the whole frame, the last column and the bottom-right
/// cell, resizes and inline bands.
enum FrameSequence {
    /// Graphemes by kind. Each is drawn with `Canvas.put`, so its width is the width table's.
    static let pools: [[String]] = [
        Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
            .map(String.init),
        ["─", "│", "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼", "═", "║", "╔", "╗", "╚", "╝", "█", "░", "▒", "•", "…"],
        ["中", "文", "字", "漢", "한", "글", "カ", "ナ", "の", "Ａ", "！", "。", "〜", "龍", "𠀋"],
        ["😀", "🎉", "🚀", "👍", "🙂", "🌍", "🍣", "🦀", "🥰", "🪐", "🤯", "🧁"],
        ["❤️", "☺️", "✔️", "☀️", "✏️", "⚠️"],
        ["❤", "☺", "✔", "☀", "✏", "⚠", "♥", "★"],
        ["e\u{301}", "a\u{308}", "o\u{302}\u{323}", "n\u{303}", "u\u{308}\u{304}", "ñ", "é", "Å"],
        ["±", "§", "→", "Ω", "°", "×", "µ", "¶"],
        // Flags: two regional indicators, one grapheme (libvterm: two cells).
        ["🇫🇷", "🇯🇵", "🇺🇦"],
    ]

    static let links = ["https://example.com/", "https://example.com/docs?q=1", "file:///tmp/a"]

    static let colors: [Color] = [.default, .default, .ansi(1), .ansi(4), .ansi(7), .ansi(9), .ansi(15), .ansi(0)]

    /// A random style: attributes, ANSI 0–15, palette 0–255, a true colour or the default colour,
    /// sometimes a link.
    static func style(_ random: inout SplitMix) -> Style {
        func color() -> Color {
            switch random.below(5) {
            case 0: .default
            case 1: .ansi(UInt8(random.below(16)))
            case 2: .palette(UInt8(random.below(256)))
            case 3: .rgb(UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)))
            default: random.pick(colors)
            }
        }
        if random.chance(30) { return .plain }
        let attributes = Style.Attributes(rawValue: UInt8(random.below(16)))
        var style = Style(foreground: color(), background: color(), attributes: attributes)
        // Some cells are hyperlinks (OSC 8), which must leave the cells and the cursor alone.
        if random.chance(10) { style.link = random.pick(links) }
        return style
    }

    /// Random text of up to `length` graphemes, mostly of one kind.
    static func text(_ random: inout SplitMix, length: Int) -> String {
        let main = random.pick(pools)
        var text = ""
        for _ in 0..<max(1, random.int(in: 1...max(1, length))) {
            text += random.chance(80) ? random.pick(main) : random.pick(random.pick(pools))
        }
        return text
    }

    /// A terminal size from 1×1 to 300×100: mostly small, a few large.
    static func size(_ random: inout SplitMix) -> Size {
        switch random.below(100) {
        case 0..<80: Size(width: random.int(in: 1...24), height: random.int(in: 1...8))
        case 80..<99: Size(width: random.int(in: 1...80), height: random.int(in: 1...24))
        default: Size(width: random.int(in: 100...300), height: random.int(in: 30...100))
        }
    }

    /// `count` frames from `seed`.
    static func steps(seed: UInt64, count: Int) -> [OracleStep] {
        var random = SplitMix(state: seed)
        var terminal = size(&random)
        var bandTop: Int?
        var previous: Frame?
        var steps: [OracleStep] = []
        for _ in 0..<count {
            if previous != nil, random.chance(4) {
                terminal = size(&random)
                previous = nil
            }
            if previous == nil || random.chance(3) {
                let newTop: Int? = random.chance(40) ? random.below(terminal.height) : nil
                if newTop != bandTop { previous = nil }
                bandTop = newTop
            }
            let height = bandTop.map { random.int(in: 1...(terminal.height - $0)) } ?? terminal.height
            let frameSize = Size(width: terminal.width, height: height)
            if previous?.size != frameSize { previous = nil }
            let (frame, rows) = damaged(previous ?? Frame(size: frameSize), &random)
            steps.append(
                OracleStep(
                    terminal: terminal, bandTop: bandTop, frame: frame, caret: caret(frameSize, &random),
                    rows: previous != nil && random.chance(30) ? rows : nil))
            previous = frame
        }
        return steps
    }

    private static func caret(_ size: Size, _ random: inout SplitMix) -> Point? {
        switch random.below(10) {
        case 0..<3: nil
        case 3: Point(x: size.width, y: random.below(size.height))  // off the frame: hidden
        case 4: Point(x: size.width - 1, y: size.height - 1)
        default: Point(x: random.below(size.width), y: random.below(size.height))
        }
    }

    /// `frame` with random damage, and the rows it touched.
    private static func damaged(_ frame: Frame, _ random: inout SplitMix) -> (Frame, Range<Int>) {
        let canvas = Canvas(frame: frame)
        let size = frame.size
        var low = size.height, high = 0
        func touch(_ y: Int) {
            low = min(low, y)
            high = max(high, y + 1)
        }
        let operations = random.chance(10) ? 1 : random.int(in: 1...6)
        for _ in 0..<operations {
            let y = random.below(size.height)
            switch random.below(10) {
            case 0:  // the whole frame
                canvas.fill(Rect(origin: .zero, size: size), with: .blank(style(&random)))
                for row in 0..<size.height where random.chance(60) {
                    canvas.put(text(&random, length: size.width), at: Point(x: 0, y: row), style: style(&random))
                }
                touch(0)
                touch(size.height - 1)
            case 1:  // a block of cells
                let x = random.below(size.width)
                let rect = Rect(
                    x: x, y: y, width: random.int(in: 1...size.width - x), height: random.int(in: 1...size.height - y))
                canvas.fill(rect, with: random.chance(80) ? .blank(style(&random)) : Cell(grapheme: "中", width: 2))
                touch(y)
                touch(rect.maxY - 1)
            case 2, 3:  // the last column or the bottom-right cell
                let row = random.chance(50) ? size.height - 1 : y
                let glyph = text(&random, length: 1)
                canvas.put(glyph, at: Point(x: size.width - max(1, glyph.terminalWidth), y: row), style: style(&random))
                touch(row)
            default:  // a run of text
                canvas.put(
                    text(&random, length: random.chance(80) ? 6 : size.width),
                    at: Point(x: random.below(size.width), y: y),
                    style: style(&random))
                touch(y)
            }
        }
        var frame = canvas.frame
        for y in 0..<size.height where frame[size.width - 1, y].grapheme.unicodeScalars.count > 1 {
            // libvterm 0.1.4 wraps a combining mark that follows a character in the last column
            // onto the next row (DisagreementTests): only the base goes there.
            var cell = frame[size.width - 1, y]
            cell.grapheme = String(cell.grapheme.unicodeScalars.first!)
            frame[size.width - 1, y] = cell
        }
        return (frame, low..<max(low, high))
    }
}

extension FrameSequence {
    /// `steps` with each grapheme that libvterm, the C library's `wcwidth` (which ncurses
    /// measures with) and the width table do not all measure alike replaced by one of the same
    /// width that they do (`中` or `*`, in the same style), so that a comparison of ncurses
    /// with the frames shows its drawing, not whose width table is newer. What is replaced,
    /// and why, is decision 0108: an emoji with VS16 (two columns in the table and today's
    /// terminals, one in glibc's `wcwidth`), a flag (two spacing characters, which one ncurses
    /// cell cannot hold) and what libvterm's older table disputes.
    ///
    /// Two more things ncurses cannot do are left out: a terminal under three columns (its
    /// moves assume a column to move through) is not drawn at all, and a wide character just
    /// left of the bottom-right cell becomes two narrow ones (ncurses writes that cell by
    /// inserting a character before it, which splits the wide one).
    @MainActor
    static func agreed(_ steps: [OracleStep], probe: WidthProbe) -> [OracleStep] {
        if steps.contains(where: { $0.terminal.width < 3 }) { return [] }
        return steps.map { step in
            var step = step
            splitWideBesideCorner(&step)
            for y in 0..<step.frame.size.height {
                for x in 0..<step.frame.size.width {
                    let cell = step.frame[x, y]
                    guard !cell.isContinuation, cell.printableASCII == nil, !isAgreed(cell, probe: probe) else {
                        continue
                    }
                    var replacement = Cell(grapheme: cell.width == 2 ? "中" : "*", width: cell.width, style: cell.style)
                    replacement.style = cell.style
                    step.frame[x, y] = replacement
                }
            }
            return step
        }
    }

    /// Whether libvterm, `wcwidth` and the width table measure `cell`'s grapheme alike.
    @MainActor
    private static func isAgreed(_ cell: Cell, probe: WidthProbe) -> Bool {
        let scalars = cell.grapheme.unicodeScalars
        let selector = scalars.contains { $0.value == 0xFE0F }
        let flag = scalars.contains { (0x1F1E6...0x1F1FF).contains($0.value) }
        return !selector && !flag && !probe.isDisputed(cell)
    }
}

extension FrameSequence {
    /// A wide character in the two cells left of the terminal's bottom-right cell, made two
    /// narrow ones in its style.
    static func splitWideBesideCorner(_ step: inout OracleStep) {
        let y = step.frame.size.height - 1
        guard (step.bandTop ?? 0) + step.frame.size.height == step.terminal.height, y >= 0 else { return }
        let x = step.frame.size.width - 2
        guard x >= 1, step.frame[x, y].isContinuation else { return }
        let style = step.frame[x - 1, y].style
        step.frame[x - 1, y] = Cell(grapheme: "*", width: 1, style: style)
        step.frame[x, y] = Cell(grapheme: " ", width: 1, style: style)
    }
}
