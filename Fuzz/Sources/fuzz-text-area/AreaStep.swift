import FuzzSupport
import TetherTesting
@testable import TetherUI

/// Pieces typed or pasted: letters, spaces, tabs, wide and joining graphemes, line breaks.
let pieces: [String] = [
    "a", "b", "Z", "_", " ", " ", "-", "1", "é", "e\u{301}", "\u{301}", "\u{200D}", "中", "字", "👍", "👍🏽", "🇫", "🇷",
    "👨‍👩‍👧", "\u{1100}", "\u{1161}", "\t", "\n", "\r\n", "\r", "\u{7F}", "ß",
]

/// One step of a script for a text area.
enum AreaStep: CustomStringConvertible {
    case type(String)
    case enter, ctrlJ, altEnter
    case paste(String)
    /// A paste of `length` graphemes made from `seed`: words, or (`spaces` false) one word.
    case longPaste(seed: UInt8, length: Int, spaces: Bool)
    case left, right, up, down, pageUp, pageDown, home, end, textStart, textEnd
    case backspace, delete, deleteWordLeft, deleteToLineStart, deleteToLineEnd
    case undo, redo
    case wheel(up: Bool)
    /// A left click: on the row clicked (the last shown one below the text), at the column.
    case click(x: Int, y: Int)
    case resize(width: Int, height: Int)

    static func read(from input: inout FuzzInput) -> AreaStep {
        switch input.int(in: 0...31) {
        case 0...6: return .type(input.pick(pieces))
        case 7: return .enter
        case 8: return .ctrlJ
        case 9: return .altEnter
        case 10: return .paste((0..<input.int(in: 0...12)).map { _ in input.pick(pieces) }.joined())
        case 11: return .longPaste(seed: input.byte(), length: input.int(in: 0...1_500), spaces: input.chance(2))
        case 12: return .left
        case 13: return .right
        case 14, 15: return .up
        case 16, 17: return .down
        case 18: return .pageUp
        case 19: return .pageDown
        case 20: return input.chance(2) ? .home : .end
        case 21: return input.chance(2) ? .textStart : .textEnd
        case 22, 23: return .backspace
        case 24: return .delete
        case 25: return [.deleteWordLeft, .deleteToLineStart, .deleteToLineEnd][input.int(in: 0...2)]
        case 26: return input.chance(3) ? .redo : .undo
        case 27: return .wheel(up: input.chance(2))
        case 28: return .click(x: input.int(in: 0...40), y: input.int(in: 0...8))
        case 29: return .resize(width: input.int(in: 8...40), height: input.int(in: 1...8))
        default: return .type(input.pick(["x", " ", "中"]))
        }
    }

    /// The text of a long paste: deterministic from its seed.
    static func longText(seed: UInt8, length: Int, spaces: Bool) -> String {
        var generator = SplitMix(seeding: [seed])
        let letters: [Character] = spaces ? ["a", "b", "c", " ", "中", "é"] : ["a", "b", "中"]
        return String((0..<length).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
    }

    var description: String {
        switch self {
        case .type(let text): "type \(text.debugDescription)"
        case .paste(let text): "paste \(text.debugDescription)"
        case .longPaste(let seed, let length, let spaces): "long paste \(seed) \(length) \(spaces)"
        case .wheel(let up): up ? "wheel up" : "wheel down"
        case .click(let x, let y): "click \(x),\(y)"
        case .resize(let width, let height): "resize \(width)×\(height)"
        case .enter: "enter"
        case .ctrlJ: "ctrl-j"
        case .altEnter: "alt-enter"
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        case .pageUp: "page up"
        case .pageDown: "page down"
        case .home: "home"
        case .end: "end"
        case .textStart: "ctrl-home"
        case .textEnd: "ctrl-end"
        case .backspace: "backspace"
        case .delete: "delete"
        case .deleteWordLeft: "ctrl-w"
        case .deleteToLineStart: "ctrl-u"
        case .deleteToLineEnd: "ctrl-k"
        case .undo: "undo"
        case .redo: "redo"
        }
    }

    /// Sends the step and applies it to the model. Returns whether the area follows the caret
    /// afterwards, or `nil` when the step leaves that as it was.
    @MainActor
    func perform(on pilot: Pilot, area: TextArea, model: inout AreaModel, wrap: ReferenceWrap, screen: inout Size)
        -> Bool?
    {
        let page = max(1, screen.height - 1)
        switch self {
        case .type(let text):
            for character in text {
                switch character {
                case "\n", "\r\n", "\r":
                    pilot.press(.enter)
                    model.insert("\n", paste: false)
                case "\t":
                    pilot.press(.tab)  // leaves the area (here, the only widget: it stays focused)
                    model.goal = nil  // a key other than ↑/↓/PgUp/PgDn ends a run of vertical moves
                case _ where AreaModel.isControl(character):
                    // DEL: no key binding, and never offered as text, so the area does not see
                    // it (the goal column stays).
                    pilot.press(.character(character))
                default:
                    pilot.press(.character(character))
                    model.insert(String(character), paste: false)
                }
            }
            // Not the area's keys (Tab, DEL): the view stays where it was.
            if text.allSatisfy({ $0 == "\t" || (AreaModel.isControl($0) && !$0.isNewline) }) { return nil }
        case .enter, .ctrlJ, .altEnter:
            pilot.press(self == .enter ? .enter : self == .ctrlJ ? .ctrl("j") : KeyEvent(.enter, modifiers: .alt))
            model.insert("\n", paste: false)
        case .paste(let text):
            pilot.paste(text)
            model.insert(text, paste: true)
        case .longPaste(let seed, let length, let spaces):
            let text = Self.longText(seed: seed, length: length, spaces: spaces)
            pilot.paste(text)
            model.insert(text, paste: true)
        case .left: pilot.press(.left); model.left()
        case .right: pilot.press(.right); model.right()
        case .up, .down:
            pilot.press(self == .up ? .up : .down)
            // Not the area's key on the first (last) row: the view stays where it was.
            return model.vertical(by: self == .up ? -1 : 1, clamped: false, wrap: wrap) ? true : nil
        case .pageUp: pilot.press(.pageUp); model.vertical(by: -page, clamped: true, wrap: wrap)
        case .pageDown: pilot.press(.pageDown); model.vertical(by: page, clamped: true, wrap: wrap)
        case .home: pilot.press(.home); model.rowEdge(end: false, wrap: wrap)
        case .end: pilot.press(.end); model.rowEdge(end: true, wrap: wrap)
        case .textStart: pilot.press(KeyEvent(.home, modifiers: .ctrl)); model.textStart()
        case .textEnd: pilot.press(KeyEvent(.end, modifiers: .ctrl)); model.textEnd()
        case .backspace: pilot.press(.backspace); model.backspace()
        case .delete: pilot.press(.delete); model.deleteForward()
        case .deleteWordLeft: pilot.press(.ctrl("w")); model.deleteWordLeft()
        case .deleteToLineStart: pilot.press(.ctrl("u")); model.deleteToLineStart()
        case .deleteToLineEnd: pilot.press(.ctrl("k")); model.deleteToLineEnd()
        case .undo: pilot.press(.ctrl("_"))
        case .redo: pilot.press(.ctrl("^"))
        case .wheel(let up):
            pilot.scroll(at: Point(x: 0, y: 0), steps: up ? 1 : -1)
            return false
        case .click(let x, let y):
            guard x < screen.width && y < screen.height else { return nil }
            let top = wrap.rows.firstIndex { $0.lowerBound == area.scrollTop } ?? 0
            pilot.click(at: Point(x: x, y: y))
            let shown = min(screen.height, wrap.rows.count - top)
            model.move(to: wrap.index(atColumn: x, in: wrap.rows[top + min(shown - 1, y)]))
        case .resize(let width, let height):
            screen = Size(width: width, height: height)
            pilot.resize(to: screen)
            return nil
        }
        return true
    }
}

extension AreaStep: Equatable {}
