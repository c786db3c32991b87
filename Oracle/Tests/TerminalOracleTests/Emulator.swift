import CVTerm

/// libvterm's screen: a terminal nobody here wrote, fed bytes and read cell by cell.
///
/// UTF-8 on, no scrollback (lines scrolled off are dropped), answers to queries thrown away.
/// libvterm 0.1.4 keeps bold, underline and reverse but not faint (`SGR 2` is parsed and
/// dropped), so dim cannot be read back (docs/reliability.md, "The emulator oracle").
final class Emulator {
    /// One cell as libvterm holds it.
    struct Cell: Hashable, CustomStringConvertible {
        /// The cell's scalars (up to six), `" "` for an erased cell, `""` for the right half
        /// of a wide character.
        var text: String
        /// 2 for a wide character's left half, 1 otherwise (also for a right half).
        var width: Int
        var bold: Bool
        var underline: Bool
        var reverse: Bool
        /// Palette index, -1 for the terminal's default colour.
        var foreground: Int
        var background: Int

        var description: String {
            let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "+")
            var attributes = [bold ? "bold" : nil, underline ? "underline" : nil, reverse ? "reverse" : nil]
                .compactMap { $0 }.joined(separator: ",")
            if attributes.isEmpty { attributes = "-" }
            return "\"\(text)\"(\(scalars)) w\(width) \(attributes) fg\(foreground) bg\(background)"
        }
    }

    private let terminal: OpaquePointer
    private let screen: OpaquePointer
    private let state: OpaquePointer
    private let properties = Properties()
    private(set) var rows: Int
    private(set) var columns: Int

    /// What libvterm reports through the screen's `settermprop` callback.
    private final class Properties {
        var cursorVisible = true
        /// The operating system commands libvterm left to its fallback (OSC 8, OSC 52), in order.
        var commands: [String] = []
        var altScreen = false
        var mouse = 0

        /// Records `property`; 1: handled.
        func set(_ property: VTermProp, _ value: VTermValue) -> Int32 {
            switch property {
            case VTERM_PROP_CURSORVISIBLE: cursorVisible = value.boolean != 0
            case VTERM_PROP_ALTSCREEN: altScreen = value.boolean != 0
            case VTERM_PROP_MOUSE: mouse = Int(value.number)
            default: break
            }
            return 1
        }
    }

    /// Every OSC libvterm does not act on itself (libvterm 0.1.4: hyperlinks, the clipboard),
    /// as its text after `ESC ]` and before the terminator: `"8;;https://…"`, `"52;c;aGk="`.
    var operatingSystemCommands: [String] { properties.commands }

    /// A blank terminal `rows` high and `columns` wide, cursor at the top left and shown.
    /// With `altScreen`, it has an alternate screen to switch to (DEC mode 1049), whose
    /// switches ``isAltScreen`` reports; without, the switch is ignored.
    init(rows: Int, columns: Int, altScreen: Bool = false) {
        self.rows = rows
        self.columns = columns
        terminal = vterm_new(Int32(rows), Int32(columns))
        vterm_set_utf8(terminal, 1)
        vterm_output_set_callback(terminal, { _, _, _ in }, nil)
        screen = vterm_obtain_screen(terminal)
        state = vterm_obtain_state(terminal)
        var callbacks = VTermScreenCallbacks()
        callbacks.settermprop = { property, value, user in
            guard let user, let value else { return 1 }
            return Unmanaged<Properties>.fromOpaque(user).takeUnretainedValue().set(property, value.pointee)
        }
        withUnsafePointer(to: &callbacks) { pointer in
            // libvterm keeps the pointer: the callbacks are copied into storage that lives as long as the screen.
            let stored = UnsafeMutablePointer<VTermScreenCallbacks>.allocate(capacity: 1)
            stored.initialize(to: pointer.pointee)
            callbackStorage = stored
            vterm_screen_set_callbacks(screen, stored, Unmanaged.passUnretained(properties).toOpaque())
        }
        if altScreen { vterm_screen_enable_altscreen(screen, 1) }
        var fallbacks = VTermParserCallbacks()
        fallbacks.osc = { command, length, user in
            guard let user, let command else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: command, count: length)
            Unmanaged<Properties>.fromOpaque(user).takeUnretainedValue().commands.append(
                String(decoding: bytes, as: UTF8.self))
            return 1
        }
        let storedFallbacks = UnsafeMutablePointer<VTermParserCallbacks>.allocate(capacity: 1)
        storedFallbacks.initialize(to: fallbacks)
        fallbackStorage = storedFallbacks
        vterm_screen_set_unrecognised_fallbacks(
            screen, storedFallbacks, Unmanaged.passUnretained(properties).toOpaque())
        vterm_screen_reset(screen, 1)
    }

    private var callbackStorage: UnsafeMutablePointer<VTermScreenCallbacks>?
    private var fallbackStorage: UnsafeMutablePointer<VTermParserCallbacks>?

    deinit {
        vterm_free(terminal)
        callbackStorage?.deallocate()
        fallbackStorage?.deallocate()
    }

    /// Feeds `bytes` to the terminal.
    func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = vterm_input_write(terminal, $0.baseAddress, $0.count) }
        }
    }

    /// Feeds `text` as UTF-8.
    func feed(_ text: String) { feed(Array(text.utf8)) }

    /// Resizes the terminal (libvterm 0.1.4 does not reflow: rows and columns are cut or added).
    func resize(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        vterm_set_size(terminal, Int32(rows), Int32(columns))
    }

    /// The cursor: 0-based column and row.
    var cursor: (x: Int, y: Int) {
        var position = VTermPos()
        vterm_state_get_cursorpos(state, &position)
        return (Int(position.col), Int(position.row))
    }

    /// Whether the cursor is shown.
    var cursorVisible: Bool { properties.cursorVisible }
    /// Whether the alternate screen is shown (only with `altScreen` at creation).
    var isAltScreen: Bool { properties.altScreen }
    /// The mouse reporting libvterm has on: 0 none, 1 clicks, 2 drags, 3 all motion.
    var mouseMode: Int { properties.mouse }

    /// Whether the cell at column `x`, row `y` is `expected` (its text as ``Cell/text`` has
    /// it; its width, attributes and colours unless it is a right half): the quick comparison
    /// made for every cell of every frame, without building strings.
    func holds(_ expected: Cell, x: Int, y: Int) -> Bool {
        var raw = VTermScreenCell()
        _ = vterm_screen_get_cell(screen, VTermPos(row: Int32(y), col: Int32(x)), &raw)
        let textMatches = withUnsafeBytes(of: &raw.chars) { chars -> Bool in
            let first = chars.load(as: UInt32.self)
            if expected.text.isEmpty { return first == UInt32.max }
            var index = 0
            for scalar in expected.text.unicodeScalars {
                let value = chars.load(fromByteOffset: index * 4, as: UInt32.self)
                if value != scalar.value && !(index == 0 && value == 0 && scalar == " ") { return false }
                index += 1
            }
            return index == 6 || chars.load(fromByteOffset: index * 4, as: UInt32.self) == 0
        }
        guard textMatches else { return false }
        if expected.text.isEmpty { return true }
        return Int(raw.width) == expected.width && (raw.attrs.bold != 0) == expected.bold
            && (raw.attrs.underline != 0) == expected.underline && (raw.attrs.reverse != 0) == expected.reverse
            && Self.index(raw.fg, isDefault: raw.fg.type & 0x02 != 0) == expected.foreground
            && Self.index(raw.bg, isDefault: raw.bg.type & 0x04 != 0) == expected.background
    }

    /// The cell at column `x`, row `y`.
    func cell(x: Int, y: Int) -> Cell {
        var raw = VTermScreenCell()
        _ = vterm_screen_get_cell(screen, VTermPos(row: Int32(y), col: Int32(x)), &raw)
        let chars = withUnsafeBytes(of: raw.chars) { Array($0.bindMemory(to: UInt32.self)) }
        var text = ""
        if chars[0] == UInt32.max {
            text = ""
        } else if chars[0] == 0 {
            text = " "
        } else {
            for value in chars {
                guard value != 0, let scalar = Unicode.Scalar(value) else { break }
                text.unicodeScalars.append(scalar)
            }
        }
        return Cell(
            text: text, width: Int(raw.width), bold: raw.attrs.bold != 0, underline: raw.attrs.underline != 0,
            reverse: raw.attrs.reverse != 0, foreground: Self.index(raw.fg, isDefault: raw.fg.type & 0x02 != 0),
            background: Self.index(raw.bg, isDefault: raw.bg.type & 0x04 != 0))
    }

    private static func index(_ color: VTermColor, isDefault: Bool) -> Int {
        if isDefault { return -1 }
        if color.type & 0x01 != 0 { return Int(color.indexed.idx) }
        // RGB, as the writer's pen numbers it (Pen.trueColorFlag over 0xRRGGBB).
        return 1 << 24 | Int(color.rgb.red) << 16 | Int(color.rgb.green) << 8 | Int(color.rgb.blue)
    }
}
