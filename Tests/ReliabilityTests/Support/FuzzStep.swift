import PropertyBased
import TetherUI

/// A widget of the login form a fuzz step aims at (its frame is read when the step runs).
enum FuzzTarget: String, CaseIterable, Sendable {
    case username, password, remember, session, signIn, reset
}

/// A write into one of the view model's relays.
enum ModelWrite: Sendable, Equatable, CustomStringConvertible {
    case username(String)
    case password(String)
    case remember(Bool)
    case minutes(Double)

    var description: String {
        switch self {
        case .username(let text): "username=\(text.debugDescription)"
        case .password(let text): "password=\(text.debugDescription)"
        case .remember(let on): "remember=\(on)"
        case .minutes(let value): "minutes=\(value)"
        }
    }
}

/// One thing the user (or the model) does to the login form.
enum FuzzStep: Sendable, Equatable, CustomStringConvertible {
    case key(KeyEvent)
    case paste(String)
    /// Press and release `button` `column` cells into the target (clamped to its frame).
    case click(FuzzTarget, column: Int, button: MouseButton)
    /// Press and release the left button anywhere.
    case clickAt(Point)
    /// Press on the target, drag along its row, release.
    case drag(FuzzTarget, from: Int, to: Int)
    case wheel(FuzzTarget, up: Bool)
    case resize(Size)
    case write(ModelWrite)
    case advance(milliseconds: Int)
    /// Let pending async work (the sign-in's task) run.
    case settle

    var description: String {
        switch self {
        case .key(let key): "key(\(key.description.debugDescription))"
        case .paste(let text): "paste(\(text.debugDescription))"
        case .click(let target, let column, let button): "click(\(target)+\(column), \(button))"
        case .clickAt(let point): "clickAt\(point)"
        case .drag(let target, let from, let to): "drag(\(target) \(from)→\(to))"
        case .wheel(let target, let up): "wheel(\(target), \(up ? "up" : "down"))"
        case .resize(let size): "resize(\(size))"
        case .write(let write): "write(\(write))"
        case .advance(let milliseconds): "advance(\(milliseconds) ms)"
        case .settle: "settle"
        }
    }

    // MARK: Generation

    /// Keys with a meaning somewhere in the form, and some with none.
    static let namedKeys: [KeyEvent] = [
        .left, .right, .home, .end, .backspace, .delete, .ctrl("b"), .ctrl("f"), .ctrl("a"), .ctrl("e"),
        .ctrl("d"), .ctrl("w"), .ctrl("u"), .ctrl("k"), .alt("b"), .alt("f"), .alt("d"),
        KeyEvent(.backspace, modifiers: .alt), KeyEvent(.left, modifiers: .ctrl), KeyEvent(.right, modifiers: .ctrl),
        .tab, .backTab, .up, .down, .enter, .space, .pageUp, .pageDown,
        KeyEvent(.insert), .function(1), .function(5), .ctrl("x"), .ctrl("h"), .alt("x"), .alt("B"),
        KeyEvent(.enter, modifiers: .alt), KeyEvent(.left, modifiers: .shift), KeyEvent(.backspace, modifiers: .ctrl),
        KeyEvent(.delete, modifiers: .shift),
    ]
    /// Keys that cancel, reset, quit or suspend: rarer.
    static let rareKeys: [KeyEvent] = [.escape, .ctrl("r"), .ctrl("c"), .ctrl("z")]

    static func random(using rng: inout some RandomNumberGenerator) -> FuzzStep {
        switch rng.weighted([40, 26, 3, 5, 4, 2, 3, 2, 5, 4, 1]) {
        case 0:
            // A printable grapheme, sometimes with Shift, rarely a control character.
            let character = TextPool.character(using: &rng, controls: rng.chance(5))
            return .key(KeyEvent(.character(character), modifiers: rng.chance(10) ? .shift : []))
        case 1:
            return .key(rng.pick(namedKeys))
        case 2:
            return .key(rng.pick(rareKeys))
        case 3:
            let long = rng.chance(5)
            return .paste(TextPool.string(using: &rng, maxLength: long ? 600 : 24, controls: true))
        case 4:
            let button: MouseButton = rng.chance(80) ? .left : rng.pick([.right, .middle])
            return .click(rng.pick(FuzzTarget.allCases), column: rng.below(30), button: button)
        case 5:
            return .clickAt(Point(x: rng.below(90), y: rng.below(30)))
        case 6:
            return .drag(rng.pick(FuzzTarget.allCases), from: rng.below(30), to: rng.below(30))
        case 7:
            return .wheel(rng.pick(FuzzTarget.allCases), up: rng.chance(50))
        case 8:
            return .resize(randomSize(using: &rng))
        case 9:
            return .write(randomWrite(using: &rng))
        default:
            return rng.chance(50) ? .advance(milliseconds: rng.below(1_000)) : .settle
        }
    }

    static func randomSize(using rng: inout some RandomNumberGenerator) -> Size {
        // Large terminals are rare here (every later step renders them); the "Sizes" tests
        // cover up to 300×100.
        switch rng.weighted([30, 50, 17, 3]) {
        case 0: Size(width: 80, height: 24)
        case 1: Size(width: 40 + rng.below(81), height: 8 + rng.below(33))
        case 2: Size(width: 1 + rng.below(39), height: 1 + rng.below(12))
        default: Size(width: 120 + rng.below(81), height: 30 + rng.below(31))
        }
    }

    static func randomWrite(using rng: inout some RandomNumberGenerator) -> ModelWrite {
        switch rng.below(4) {
        case 0: .username(TextPool.string(using: &rng, maxLength: 20, controls: rng.chance(10)))
        case 1: .password(TextPool.string(using: &rng, maxLength: 20, controls: rng.chance(10)))
        case 2: .remember(rng.chance(50))
        // On the slider's grid: an off-grid write is snapped by the slider and not sent back
        // (documented), so the two sides would differ by design.
        default: .minutes(Double(5 * (1 + rng.below(24))))
        }
    }

    // MARK: Shrinking

    /// Simpler steps to try in place of this one while shrinking (never this step again).
    var simpler: [FuzzStep] {
        var candidates: [FuzzStep]
        switch self {
        case .paste(let text) where !text.isEmpty:
            candidates = [.paste(String(text.prefix(text.count / 2))), .paste(String(text.dropFirst()))]
        case .write(.username(let text)) where !text.isEmpty:
            candidates = [
                .write(.username(String(text.prefix(text.count / 2)))), .write(.username(String(text.dropFirst()))),
            ]
        case .write(.password(let text)) where !text.isEmpty:
            candidates = [
                .write(.password(String(text.prefix(text.count / 2)))), .write(.password(String(text.dropFirst()))),
            ]
        case .key(let key) where key.modifiers.contains(.shift) && !(key.key == .tab):
            candidates = [.key(KeyEvent(key.key, modifiers: key.modifiers.subtracting(.shift)))]
        case .resize(let size) where size != Size(width: 80, height: 24):
            candidates = [.resize(Size(width: 80, height: 24))]
        case .click(let target, let column, let button) where column > 0:
            candidates = [
                .click(target, column: 0, button: button), .click(target, column: column - 1, button: button),
            ]
        case .advance(let milliseconds) where milliseconds > 0:
            candidates = [.advance(milliseconds: 0), .advance(milliseconds: milliseconds / 2)]
        default:
            candidates = []
        }
        return candidates.filter { $0 != self }
    }

    /// Random steps that shrink to fewer and simpler steps.
    static let generator = Generator<FuzzStep, [FuzzStep]>(
        run: { rng in FuzzStep.random(using: &rng) },
        shrink: { $0.simpler }
    )
}
