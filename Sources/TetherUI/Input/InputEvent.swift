/// Something the user did at the terminal.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// Text pasted with bracketed paste: inserted as one edit, never run as key bindings.
    case paste(String)
    /// A mouse press, release, drag or wheel step.
    case mouse(MouseEvent)
}

/// A key and the modifiers held with it.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public var key: Key
    /// Ctrl, Alt and Shift, as far as the terminal reports them.
    public var modifiers: Modifiers

    /// A key press.
    public init(_ key: Key, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Enter (Return).
    public static let enter = KeyEvent(.enter)
    /// Tab.
    public static let tab = KeyEvent(.tab)
    /// Shift-Tab (back tab).
    public static let backTab = KeyEvent(.tab, modifiers: .shift)
    /// Backspace.
    public static let backspace = KeyEvent(.backspace)
    /// Delete (forward).
    public static let delete = KeyEvent(.delete)
    /// Escape.
    public static let escape = KeyEvent(.escape)
    /// Space.
    public static let space = KeyEvent(.character(" "))
    /// Arrow up.
    public static let up = KeyEvent(.up)
    /// Arrow down.
    public static let down = KeyEvent(.down)
    /// Arrow left.
    public static let left = KeyEvent(.left)
    /// Arrow right.
    public static let right = KeyEvent(.right)
    /// Home.
    public static let home = KeyEvent(.home)
    /// End.
    public static let end = KeyEvent(.end)
    /// Page up.
    public static let pageUp = KeyEvent(.pageUp)
    /// Page down.
    public static let pageDown = KeyEvent(.pageDown)

    /// A printable character.
    public static func character(_ character: Character) -> KeyEvent { KeyEvent(.character(character)) }
    /// Ctrl with a letter, as in `.ctrl("w")`.
    public static func ctrl(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .ctrl) }
    /// Alt (Meta) with a character, as in `.alt("b")`.
    public static func alt(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .alt) }
    /// Function key `n` (F1 is 1).
    public static func function(_ number: Int) -> KeyEvent { KeyEvent(.function(number)) }

    /// A readable name such as `Ctrl-W`, `Alt-B`, `Shift-Tab` or `a`.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.ctrl) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        switch key {
        case .character(let c): parts.append(modifiers.isEmpty ? String(c) : String(c).uppercased())
        default: parts.append(key.name)
        }
        return parts.joined(separator: "-")
    }
}

/// A key on the keyboard.
public enum Key: Hashable, Sendable {
    /// A printable character (a whole grapheme: CJK, emoji, combining sequences).
    case character(Character)
    case enter, tab, backspace, delete, escape, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// Function key F1…F24.
    case function(Int)

    /// The key's name, as in `Enter` or `F5`.
    public var name: String {
        switch self {
        case .character(let c): String(c)
        case .enter: "Enter"
        case .tab: "Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .escape: "Esc"
        case .insert: "Insert"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .function(let n): "F\(n)"
        }
    }
}

/// Modifier keys held with a key or mouse event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8
    /// Modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Alt (Meta, Option).
    public static let alt = Modifiers(rawValue: 1 << 1)
    /// Control.
    public static let ctrl = Modifiers(rawValue: 1 << 2)
}

/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press(MouseButton)
        /// A button came up.
        case release
        /// The pointer moved with a button held.
        case drag(MouseButton)
        /// One wheel step up.
        case wheelUp
        /// One wheel step down.
        case wheelDown
    }

    /// What happened.
    public var kind: Kind
    /// The cell under the pointer.
    public var position: Point
    /// Modifiers held.
    public var modifiers: Modifiers

    /// A mouse event.
    public init(_ kind: Kind, at position: Point, modifiers: Modifiers = []) {
        self.kind = kind
        self.position = position
        self.modifiers = modifiers
    }
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
}
