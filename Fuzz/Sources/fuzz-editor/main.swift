import CFuzzDriver
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TetherUI

/// `TextEditor` under an edit script read from the input, step by step against the
/// reliability tests' `ReferenceEditor` (`Tests/ReliabilityTests/Support`, linked here): after
/// every step both hold the same text and the same caret, and the caret lies inside the text.
/// The first byte picks word edges (`.words`, or `.line` as in a password field).
func fuzzEditor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let line = input.chance(4)
    var editor = TextEditor(wordBoundaries: line ? .line : .words)
    var reference = ReferenceEditor(words: line ? .line : .words)
    var steps: [String] = []
    while !input.isAtEnd && steps.count < 400 {
        let step = EditStep.read(from: &input)
        steps.append(step.description)
        step.apply(to: &editor, reference: &reference)
        if editor.text != reference.text || editor.caret != reference.caret || editor.caret > editor.graphemes.count {
            fuzzFailure(
                "after \(steps): editor \(editor.text.debugDescription) caret \(editor.caret), reference \(reference)")
        }
    }
    return 0
}

/// Pieces that join their neighbours or are wide, besides plain letters.
let alphabet: [String] = [
    "a", "b", "Z", "_", " ", "-", "1", ".", "é", "e\u{301}", "\u{301}", "\u{200D}", "中", "字", "👍", "👍🏽", "\u{1F3FD}",
    "🇫", "🇷", "🇫🇷", "👨‍👩‍👧", "\u{1100}", "\u{1161}", "\u{11A8}", "\r\n", "\t", "\u{7F}", "\u{0}", "ß", "İ", "ﬁ",
]

/// One step of an edit script.
enum EditStep: CustomStringConvertible {
    case type(String)
    case paste(String)
    case left, right, home, end, wordLeft, wordRight
    case backspace, delete, deleteWordLeft, deleteWordRight, deleteToStart, deleteToEnd
    case place(Int)

    static func read(from input: inout FuzzInput) -> EditStep {
        switch input.int(in: 0...17) {
        case 0...4: return .type(input.pick(alphabet))
        case 5:
            let count = input.int(in: 0...12)
            return .paste((0..<count).map { _ in input.pick(alphabet) }.joined())
        case 6: return .left
        case 7: return .right
        case 8: return .home
        case 9: return .end
        case 10: return .wordLeft
        case 11: return .wordRight
        case 12: return .backspace
        case 13: return .delete
        case 14: return .deleteWordLeft
        case 15: return .deleteWordRight
        case 16: return input.chance(2) ? .deleteToStart : .deleteToEnd
        default: return .place(input.int(in: 0...40))
        }
    }

    var description: String {
        switch self {
        case .type(let text): "type \(text.debugDescription)"
        case .paste(let text): "paste \(text.debugDescription)"
        case .place(let index): "place \(index)"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .wordLeft: "word left"
        case .wordRight: "word right"
        case .backspace: "backspace"
        case .delete: "delete"
        case .deleteWordLeft: "delete word left"
        case .deleteWordRight: "delete word right"
        case .deleteToStart: "delete to start"
        case .deleteToEnd: "delete to end"
        }
    }

    /// Applies the step to both: control characters never reach the editor (the field drops
    /// them), as the reference drops them.
    func apply(to editor: inout TextEditor, reference: inout ReferenceEditor) {
        switch self {
        case .type(let text):
            for character in text {
                reference.type(character)
                if !ReferenceEditor.isControl(character) { editor.insert([character]) }
            }
        case .paste(let text):
            reference.paste(text)
            editor.insert(Array(text.filter { !ReferenceEditor.isControl($0) }))
        case .left: editor.moveLeft(); reference.left()
        case .right: editor.moveRight(); reference.right()
        case .home: editor.moveToStart(); reference.home()
        case .end: editor.moveToEnd(); reference.end()
        case .wordLeft: editor.moveWordLeft(); reference.wordLeft()
        case .wordRight: editor.moveWordRight(); reference.wordRight()
        case .backspace: _ = editor.deleteBackward(); reference.backspace()
        case .delete: _ = editor.deleteForward(); reference.deleteForward()
        case .deleteWordLeft: _ = editor.deleteWordBackward(); reference.deleteWordLeft()
        case .deleteWordRight: _ = editor.deleteWordForward(); reference.deleteWordRight()
        case .deleteToStart: _ = editor.deleteToStart(); reference.deleteToStart()
        case .deleteToEnd: _ = editor.deleteToEnd(); reference.deleteToEnd()
        case .place(let index):
            editor.moveCaret(to: index)
            reference.placeCaret(min(index, reference.count))
        }
    }
}

// Last, so that the globals above are initialised first (main.swift runs top to bottom).
exit(tether_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzEditor))
