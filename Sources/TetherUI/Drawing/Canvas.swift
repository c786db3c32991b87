/// A clipped view onto a shared cell buffer that widgets draw into.
///
/// A canvas has its own coordinates: (0, 0) is the top-left of the area it was made for,
/// which is ``size`` big. Everything drawn is clipped to that area and to the parts its
/// ancestors allowed (``visibleRect``); drawing outside does nothing.
///
/// Canvases are cheap views: copies, and the canvases ``clipped(to:)`` and
/// ``restricted(to:)`` return, all draw into the same buffer, so a child draws into its
/// parent's frame. The result is read back with ``frame``.
///
/// Wide graphemes keep the frame consistent: one is never drawn half (a wide grapheme cut
/// by a clip edge leaves a blank in its style on the visible column instead), and
/// overwriting one half of a wide grapheme already in the frame blanks its other half, even
/// when that half lies just outside the clip.
///
/// A canvas for a partial redraw draws only the damaged rows: the rows between them are
/// left as they are, and clipping to an area that holds none of them leaves nothing visible.
public struct Canvas {
    /// The frame all views onto one buffer share.
    private final class Storage {
        // Unchecked: a frame is drawn by one widget at a time on one thread, and no access
        // to it overlaps another; the dynamic checks were a tenth of the cost of a frame.
        @exclusivity(unchecked) var frame: Frame
        /// The only rows drawing may change (a partial redraw's), or `nil` for every row.
        let rows: RowSet?
        init(frame: Frame, rows: RowSet?) {
            self.frame = frame
            self.rows = rows
        }

        /// `rect` (in frame coordinates) narrowed to the rows drawing may change.
        func narrowed(_ rect: Rect) -> Rect {
            guard let rows, !rect.isEmpty else { return rect }
            let span = rows.span(within: rect.minY..<rect.maxY)
            return Rect(x: rect.minX, y: span.lowerBound, width: rect.width, height: span.count)
        }

        func draws(row y: Int) -> Bool { rows?.contains(y) ?? true }
    }

    private let storage: Storage
    /// Where (0, 0) of this canvas lies in the frame.
    private let origin: Point
    /// The cells this canvas may change, in frame coordinates (always inside the frame).
    private let clip: Rect

    /// The extent of the area this canvas draws, in its own coordinates from (0, 0); parts
    /// of it may be clipped away (see ``visibleRect``).
    public let size: Size

    /// A canvas over a new frame of `size` filled with `fill`.
    public init(size: Size, fill: Cell = .blank()) {
        self.init(frame: Frame(size: size, fill: fill))
    }

    /// A canvas that draws over a copy of `frame`; read the result back with ``frame``.
    public init(frame: Frame) {
        self.init(frame: frame, drawingOnly: nil)
    }

    /// A canvas over a copy of `frame` that changes only `rows` (every row when `nil`).
    init(frame: Frame, drawingOnly rows: RowSet?) {
        storage = Storage(frame: frame, rows: rows)
        origin = .zero
        clip = storage.narrowed(Rect(origin: .zero, size: frame.size))
        size = frame.size
    }

    private init(storage: Storage, origin: Point, clip: Rect, size: Size) {
        self.storage = storage
        self.origin = origin
        self.clip = clip
        self.size = size
    }

    /// The whole frame drawn so far, including cells outside this canvas.
    public var frame: Frame { storage.frame }

    /// The part of this canvas that drawing can change, in its own coordinates (empty when
    /// it is entirely clipped away).
    public var visibleRect: Rect {
        Rect(x: clip.minX - origin.x, y: clip.minY - origin.y, width: clip.width, height: clip.height)
    }

    /// `point` of this canvas in frame coordinates (for placing the terminal cursor).
    public func absolute(_ point: Point) -> Point {
        Point(x: origin.x + point.x, y: origin.y + point.y)
    }

    /// A canvas for `rect` of this one: its (0, 0) is `rect.origin` and it draws only
    /// inside `rect` and this canvas' visible part.
    public func clipped(to rect: Rect) -> Canvas {
        let area = Rect(origin: absolute(rect.origin), size: rect.size)
        return Canvas(
            storage: storage, origin: area.origin, clip: storage.narrowed(clip.intersection(area)), size: rect.size)
    }

    /// A canvas with the same coordinates as this one that draws only inside `rect` (and
    /// this canvas' visible part); for containers that clip children placed in this
    /// canvas' coordinates.
    public func restricted(to rect: Rect) -> Canvas {
        let area = Rect(origin: absolute(rect.origin), size: rect.size)
        return Canvas(storage: storage, origin: origin, clip: storage.narrowed(clip.intersection(area)), size: size)
    }

    /// Draws `text` on one row starting at `point`, grapheme by grapheme, clipped.
    ///
    /// Wide graphemes take two cells; one cut by a clip edge is replaced by a blank in
    /// `style` on its visible column. Graphemes of width 0 (controls, lone combining marks)
    /// are skipped. Returns the columns the text advances, its `terminalWidth`,
    /// whether or not all of it was visible, so that `x += canvas.put(…)` continues after it.
    @discardableResult
    public func put(_ text: some StringProtocol, at point: Point, style: Style = .plain) -> Int {
        if let advance = text.utf8.withContiguousStorageIfAvailable({ putASCII($0, at: point, style: style) }),
            let advance
        {
            return advance
        }
        if let advance = putNarrowScalars(text, at: point, style: style) { return advance }
        let y = origin.y + point.y
        var x = origin.x + point.x
        let start = x
        let visible = y >= clip.minY && y < clip.maxY && storage.draws(row: y)
        for character in text {
            let width = character.terminalWidth
            if width == 0 { continue }
            if visible, x < clip.maxX, x + width > clip.minX {
                place(
                    Cell(grapheme: String(character), width: UInt8(width), style: style),
                    x: x, y: y, from: clip.minX, to: clip.maxX)
            }
            x += width
        }
        return x - start
    }

    /// `put` for text whose every scalar is printable ASCII or a common narrow character
    /// (Latin, box drawing, •, …): no grapheme rule joins two such scalars, so each is a
    /// grapheme of width 1 and the text needs no grapheme breaking. `nil` for other text.
    private func putNarrowScalars(_ text: some StringProtocol, at point: Point, style: Style) -> Int? {
        let scalars = text.unicodeScalars
        guard scalars.allSatisfy({ ($0.value >= 0x20 && $0.value < 0x7F) || $0.isCommonNarrow }) else { return nil }
        let y = origin.y + point.y
        var x = origin.x + point.x
        let start = x
        guard y >= clip.minY && y < clip.maxY && storage.draws(row: y) else { return scalars.count }
        for scalar in scalars {
            if x >= clip.minX && x < clip.maxX {
                write(Cell(scalar: scalar, width: 1, style: style), x: x, y: y)
            }
            x += 1
        }
        return x - start
    }

    /// Fills `rect` (clipped) with copies of `cell`.
    ///
    /// A wide cell is repeated every two columns from `rect`'s left edge; a column left
    /// over at the right, or cut by the clip, gets a blank in the cell's style. A
    /// continuation cell fills with blanks in its style.
    public func fill(_ rect: Rect, with cell: Cell) {
        let target = Rect(origin: absolute(rect.origin), size: rect.size)
        let area = clip.intersection(target)
        guard !area.isEmpty else { return }
        let item = cell.isContinuation ? Cell.blank(cell.style) : cell
        let step = item.width == 2 ? 2 : 1
        if step == 1 {
            for y in area.minY..<area.maxY where storage.draws(row: y) {
                fillRow(y, from: area.minX, to: area.maxX, with: item)
            }
            return
        }
        for y in area.minY..<area.maxY where storage.draws(row: y) {
            var x = step == 1 ? area.minX : target.minX
            while x < area.maxX {
                if x + step > area.minX { place(item, x: x, y: y, from: area.minX, to: area.maxX) }
                x += step
            }
        }
    }

    /// Fills the whole visible canvas with blanks in `style`.
    public func clear(style: Style = .plain) {
        fill(Rect(origin: .zero, size: size), with: .blank(style))
    }

    /// Draws a single-line box (`┌─┐│└┘`) along the edges of `rect`, leaving the inside
    /// alone.
    ///
    /// A non-empty `title` sits in the top border as ` title `, after one `─` or centred,
    /// in `titleStyle` (by default `style`), truncated with `…` to leave at least one `─` on
    /// each side; a box narrower than 7 columns shows no title. A `rect` smaller than 2×2
    /// draws nothing.
    public func drawBox(
        _ rect: Rect, style: Style = .plain, title: String? = nil,
        titleStyle: Style? = nil, centerTitle: Bool = false
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let inner = rect.width - 2
        let left = rect.minX, right = rect.maxX - 1, top = rect.minY, bottom = rect.maxY - 1
        // Edges on rows drawing cannot change (outside a partial redraw's) are not built at all.
        let shown = visibleRect
        func edge(_ y: Int, _ first: Unicode.Scalar, _ last: Unicode.Scalar) {
            guard y >= shown.minY && y < shown.maxY else { return }
            fill(Rect(x: left, y: y, width: 1, height: 1), with: Cell(scalar: first, width: 1, style: style))
            fill(Rect(x: left + 1, y: y, width: inner, height: 1), with: Cell(scalar: "─", width: 1, style: style))
            fill(Rect(x: right, y: y, width: 1, height: 1), with: Cell(scalar: last, width: 1, style: style))
        }
        edge(top, "┌", "┐")
        edge(bottom, "└", "┘")
        let bar = Cell(scalar: "│", width: 1, style: style)
        fill(Rect(x: left, y: top + 1, width: 1, height: bottom - top - 1), with: bar)
        fill(Rect(x: right, y: top + 1, width: 1, height: bottom - top - 1), with: bar)
        guard let title, !title.isEmpty, inner >= 5, top >= shown.minY, top < shown.maxY else { return }
        let label = " " + title.truncated(toWidth: inner - 4) + " "
        let offset = centerTitle ? (inner - label.terminalWidth) / 2 : 1
        put(label, at: Point(x: left + 1 + offset, y: top), style: titleStyle ?? style)
    }

    /// Writes `cell` (width 1 or 2) at frame column `x` of row `y`, drawing only columns
    /// in `from..<to`: a wide cell with one column outside becomes a blank on the other.
    private func place(_ cell: Cell, x: Int, y: Int, from minX: Int, to maxX: Int) {
        if cell.width == 2 {
            let leftIn = x >= minX && x < maxX
            let rightIn = x + 1 >= minX && x + 1 < maxX
            if leftIn && rightIn {
                write(cell, x: x, y: y)
            } else if leftIn {
                write(.blank(cell.style), x: x, y: y)
            } else if rightIn {
                write(.blank(cell.style), x: x + 1, y: y)
            }
        } else if x >= minX && x < maxX {
            write(cell, x: x, y: y)
        }
    }

    /// Fills frame columns `minX..<maxX` of row `y` with the narrow `cell`, leaving the frame as
    /// writing it cell by cell would: only a wide grapheme cut at either end loses its other
    /// half (judged on the cells before the fill), and the run is then set at once.
    private func fillRow(_ y: Int, from minX: Int, to maxX: Int, with cell: Cell) {
        blankWideGraphemesCut(row: y, from: minX, to: maxX)
        storage.frame.fill(row: y, columns: minX..<maxX, with: cell)
    }

    /// Before frame columns `minX..<maxX` of row `y` are overwritten with narrow cells: blanks
    /// the half outside the run of a wide grapheme the run cuts at either end, as writing the
    /// run cell by cell would (judged on the cells before the run; inside the run every cell
    /// is overwritten anyway).
    private func blankWideGraphemesCut(row y: Int, from minX: Int, to maxX: Int) {
        if storage.frame[minX, y].isContinuation, minX > 0, storage.frame[minX - 1, y].width == 2 {
            storage.frame[minX - 1, y] = .blank(storage.frame[minX - 1, y].style)
        }
        if storage.frame[maxX - 1, y].width == 2, maxX < storage.frame.size.width, storage.frame[maxX, y].isContinuation
        {
            storage.frame[maxX, y] = .blank(storage.frame[maxX, y].style)
        }
    }

    /// `put` for text of printable ASCII bytes only (most of what widgets draw): one cell per
    /// byte, written as one run with the same result as cell by cell. `nil` for other text.
    @discardableResult
    func putASCII(_ bytes: UnsafeBufferPointer<UInt8>, at point: Point, style: Style) -> Int? {
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
        let y = origin.y + point.y
        let start = origin.x + point.x
        let from = max(start, clip.minX), to = min(start + bytes.count, clip.maxX)
        guard y >= clip.minY && y < clip.maxY, from < to, storage.draws(row: y) else { return bytes.count }
        blankWideGraphemesCut(row: y, from: from, to: to)
        storage.frame.withRow(y) { row in
            for x in from..<to { row[x] = Cell(ascii: bytes[x - start], style: style) }
        }
        return bytes.count
    }

    /// Writes `cell` at frame column `x` of row `y` (both inside the frame; a wide cell's
    /// second column too), first blanking the other half of any wide grapheme it cuts.
    private func write(_ cell: Cell, x: Int, y: Int) {
        let wide = cell.width == 2
        let last = wide ? x + 1 : x
        let frameWidth = storage.frame.size.width
        if storage.frame[x, y].isContinuation, x > 0, storage.frame[x - 1, y].width == 2 {
            storage.frame[x - 1, y] = .blank(storage.frame[x - 1, y].style)
        }
        if storage.frame[last, y].width == 2, last + 1 < frameWidth, storage.frame[last + 1, y].isContinuation {
            storage.frame[last + 1, y] = .blank(storage.frame[last + 1, y].style)
        }
        storage.frame[x, y] = cell
        if wide { storage.frame[x + 1, y] = .continuation(cell.style) }
    }
}
