#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CNCurses
import TetherTerminal
import TetherUI

/// Frames painted by ncurses' own screen: each frame's changed cells go into the screen's
/// standard window with `mvwadd_wch` (wide characters, attributes and extended colour
/// pairs), and `doupdate` works out what to send, from the terminal's terminfo description,
/// by comparing with what it believes the terminal shows (`curscr`). The renderer of
/// `CursesBackend(renderer: .ncurses)`, and the reference the emulator oracle holds Tether's
/// own writer against (decision 0108).
///
/// ncurses writes characters in the encoding of the process's `LC_CTYPE`, which must be
/// UTF-8 (`CursesBackend` sets it at start). It writes into a temporary file rather than the
/// terminal: the bytes of each frame
/// are read back and the backend writes them as it writes its own writer's, so the way out,
/// a terminal that stops reading and the crash restore stay the backend's. What ncurses does
/// not do, this does not either: true colour is shown as the nearest of the terminal's
/// palette, links are not drawn, and a grapheme ncurses refuses (an emoji ZWJ sequence, two
/// spacing characters) is drawn as U+FFFD.
@MainActor
package final class NCursesPainter: FramePainter {
    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private let mapper: StyleMapper
    private let hasColors: Bool
    /// The size ncurses' screen has now.
    private var screenSize = Size.zero
    /// The frame in ncurses' window, `nil` when every cell must be put again.
    private var shown: Frame?
    private var shownRegion: ScreenWriter.Region?
    package private(set) var cursor: Point?

    /// A painter for terminal type `term` with `colors` colours (0: none); `nil` when ncurses
    /// cannot set up a screen for it.
    package init?(term: String, colors: Int) {
        guard let output = tmpfile() else { return nil }
        guard let input = fopen("/dev/null", "r") else {
            fclose(output)
            return nil
        }
        guard let screen = tether_paint_screen(term, output, input) else {
            fclose(output)
            fclose(input)
            return nil
        }
        self.screen = screen
        self.output = output
        self.input = input
        hasColors = colors > 0
        mapper = StyleMapper(colors: max(0, min(colors, 256)), trueColor: false)
        _ = set_term(screen)
        if hasColors {
            _ = start_color()
            _ = use_default_colors()
        }
        tether_plain_updates(tether_stdscr())
        // What newterm queued (smcup, keypad strings) and the first refresh's clear of the
        // whole screen, dropped: the backend set the terminal up, and an inline band must not
        // clear the shell's lines. ncurses now believes the screen blank; the first paint
        // clears what it needs (the screen, or the band's rows).
        _ = wnoutrefresh(tether_stdscr())
        _ = doupdate()
        tether_flush_output()
        _ = takeOutput()
    }

    isolated deinit {
        _ = set_term(screen)
        _ = endwin()
        delscreen(screen)
        fclose(output)
        fclose(input)
    }

    package func invalidate() { shown = nil }

    package func paint(_ frame: Frame, caret: Point?, region: ScreenWriter.Region, terminal: Size) -> [UInt8] {
        _ = set_term(screen)
        guard let window = tether_stdscr() else { return [] }
        if terminal != screenSize {
            _ = resizeterm(Int32(terminal.height), Int32(terminal.width))
            // resizeterm asks for a clear of the whole screen, which an inline band must not
            // do: what is cleared is decided below.
            _ = clearok(tether_curscr(), false)
            screenSize = terminal
            shown = nil
        }
        if region != shownRegion || shown?.size != frame.size { shown = nil }
        let top = region.top
        var start: [UInt8] = []
        if shown == nil {
            if case .band = region { markRowsOutside(top: top, height: frame.size.height, in: window) }
            start = placeCursorAbsolutely(row: top, in: window)
            switch region {
            case .fullScreen:
                _ = werase(window)
                _ = clearok(tether_curscr(), true)
            case .band:
                _ = wredrawln(window, Int32(top), Int32(frame.size.height))
            }
        }
        for change in frame.changes(from: shown) {
            var x = change.x
            for cell in change.cells {
                if !cell.isContinuation { put(cell, y: top + change.y, x: x, in: window) }
                x += 1
            }
        }
        shown = frame
        shownRegion = region
        placeCursor(caret, frame: frame, top: top, in: window)
        _ = wnoutrefresh(window)
        _ = doupdate()
        return start + takeOutput()
    }

    /// Gives the rows outside a band, which belong to the shell, content of their own in
    /// ncurses' screen (a private-use character, one per row), written by a refresh whose
    /// bytes are dropped: ncurses then sees no blank rows there to clear to the end of the
    /// screen over, and no rows like the band's to scroll with them (`il`, `csr`, which it
    /// uses whatever `idlok` says), so it never writes outside the band.
    private func markRowsOutside(top: Int, height: Int, in window: UnsafeMutablePointer<WINDOW>) {
        let normal = tether_attributes(0, 0, 0, 0)
        for row in 0..<screenSize.height where row < top || row >= top + height {
            let marker: [wchar_t] = [wchar_t(0xE000 + row % 0x1000)]
            for column in 0..<screenSize.width {
                _ = tether_put_cell(window, Int32(row), Int32(column), marker, 1, normal, 0)
            }
        }
        _ = wnoutrefresh(window)
        _ = doupdate()
        _ = takeOutput()
    }

    /// Where the cursor is is unknown after an invalidation (the backend, the shell or a
    /// resize moved it), and ncurses, which moves it from where it believes it left it,
    /// cannot be told so (`mvcur` writes to standard output). So ncurses moves it to the
    /// start of `row` by a refresh whose bytes are dropped, and `cup` puts it there for real.
    private func placeCursorAbsolutely(row: Int, in window: UnsafeMutablePointer<WINDOW>) -> [UInt8] {
        _ = wmove(window, Int32(row), 0)
        _ = wnoutrefresh(window)
        _ = doupdate()
        _ = takeOutput()
        guard let address = tether_string_capability("cup"), let move = tether_tiparm2(address, Int32(row), 0)
        else { return [] }
        return Array(String(cString: move).utf8)
    }

    /// Moves the cursor to `caret` and shows it, or hides it.
    private func placeCursor(_ caret: Point?, frame: Frame, top: Int, in window: UnsafeMutablePointer<WINDOW>) {
        if let caret, caret.x >= 0, caret.y >= 0, caret.x < frame.size.width, caret.y < frame.size.height {
            _ = wmove(window, Int32(top + caret.y), Int32(caret.x))
            _ = curs_set(1)
            cursor = caret
        } else {
            let last = Point(x: 0, y: max(0, frame.size.height - 1))
            _ = wmove(window, Int32(top + last.y), 0)
            _ = curs_set(0)
            cursor = last
        }
    }

    /// Puts `cell` at `x`, `y` of the screen.
    private func put(_ cell: Cell, y: Int, x: Int, in window: UnsafeMutablePointer<WINDOW>) {
        let pen = mapper.pen(for: cell.style)
        let attributes = tether_attributes(
            pen.attributes.contains(.bold) ? 1 : 0, pen.attributes.contains(.dim) ? 1 : 0,
            pen.attributes.contains(.reverse) ? 1 : 0, pen.attributes.contains(.underline) ? 1 : 0)
        let pair = pairNumber(foreground: pen.foreground, background: pen.background)
        var scalars: [wchar_t] = []
        for scalar in cell.grapheme.unicodeScalars { scalars.append(wchar_t(bitPattern: scalar.value)) }
        if scalars.isEmpty { scalars = [0x20] }
        if tether_put_cell(window, Int32(y), Int32(x), scalars, Int32(scalars.count), attributes, pair) == ERR {
            let replacement: [wchar_t] = [0xFFFD]
            _ = tether_put_cell(window, Int32(y), Int32(x), replacement, 1, attributes, pair)
        }
    }

    /// The colour pair of `foreground` on `background` (-1: the terminal's default), from
    /// ncurses' own pair allocator (asked each time, so that it knows which pairs are in use
    /// when it must recycle one); 0 without colours.
    private func pairNumber(foreground: Int32, background: Int32) -> Int32 {
        guard hasColors, foreground != -1 || background != -1 else { return 0 }
        return max(0, alloc_pair(foreground, background))
    }

    /// What ncurses wrote since the last call; the file is emptied.
    private func takeOutput() -> [UInt8] {
        fflush(output)
        let descriptor = fileno(output)
        let end = lseek(descriptor, 0, SEEK_END)
        var bytes = [UInt8](repeating: 0, count: max(0, Int(end)))
        var read = 0
        while read < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + read, $0.count - read, off_t(read))
            }
            if count <= 0 { break }
            read += count
        }
        _ = ftruncate(descriptor, 0)
        _ = fseek(output, 0, SEEK_SET)
        _ = lseek(descriptor, 0, SEEK_SET)
        return Array(bytes.prefix(read))
    }
}
