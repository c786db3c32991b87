import TetherUI

extension InputDecoder {
    /// The key an `ESC [ code ; modifiers u` report of the kitty keyboard protocol names,
    /// or `nil` for keys Tether has no name for (media keys, lone modifier keys, lock keys).
    ///
    /// `code` is a Unicode code point (always the unshifted key: `97` for A) or one of the
    /// protocol's numbers for keys without text: 27 Escape, 13 Enter, 9 Tab, 127 Backspace,
    /// and the private-use numbers of the keypad and F13–F35. A letter with Shift and Alt
    /// (no Ctrl) is the upper-case letter with Alt, as the legacy encoding `ESC A` decodes;
    /// with Ctrl, Shift stays a modifier of the lower-case letter.
    static func kittyKey(code: Int, modifiers: Modifiers) -> KeyEvent? {
        switch code {
        case 27: return KeyEvent(.escape, modifiers: modifiers)
        case 13: return KeyEvent(.enter, modifiers: modifiers)
        case 9: return KeyEvent(.tab, modifiers: modifiers)
        case 8, 127: return KeyEvent(.backspace, modifiers: modifiers)
        case 57_344...63_743: return functionalKey(code).map { KeyEvent($0, modifiers: modifiers) }
        default: break
        }
        guard code >= 0x20, code != 0x7F, let scalar = Unicode.Scalar(UInt32(code)),
            scalar.properties.generalCategory != .control
        else { return nil }
        let character = Character(scalar)
        if modifiers.contains(.shift), !modifiers.contains(.ctrl), character.isLowercase,
            let upper = character.uppercased().first, character.uppercased().count == 1
        {
            return KeyEvent(.character(upper), modifiers: modifiers.subtracting(.shift))
        }
        return KeyEvent(.character(character), modifiers: modifiers)
    }

    /// The key one of the protocol's private-use numbers names: the keypad (as the keys
    /// and characters it stands for) and F13–F24.
    private static func functionalKey(_ code: Int) -> Key? {
        switch code {
        case 57_376...57_387: return .function(code - 57_376 + 13)
        case 57_399...57_408: return .character(Character(Unicode.Scalar(UInt8(code - 57_399) + 0x30)))
        case 57_409...57_416: return keypadKeys[code - 57_409]
        case 57_417: return .left
        case 57_418: return .right
        case 57_419: return .up
        case 57_420: return .down
        case 57_421: return .pageUp
        case 57_422: return .pageDown
        case 57_423: return .home
        case 57_424: return .end
        case 57_425: return .insert
        case 57_426: return .delete
        default: return nil
        }
    }

    /// KP_DECIMAL, KP_DIVIDE, KP_MULTIPLY, KP_SUBTRACT, KP_ADD, KP_ENTER, KP_EQUAL and
    /// KP_SEPARATOR (57409–57416).
    private static let keypadKeys: [Key] = [
        .character("."), .character("/"), .character("*"), .character("-"), .character("+"), .enter,
        .character("="), .character(","),
    ]
}
