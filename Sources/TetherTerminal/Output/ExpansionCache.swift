/// The terminal's parameterised strings (cursor moves, colours), expanded once per
/// parameter value and remembered.
///
/// ``TerminfoFormat`` runs the terminfo stack machine for every expansion, and the
/// screen writer weighs up to eight candidate moves per changed span, so a keystroke
/// would expand a dozen strings. The values repeat (the same columns, rows and colours),
/// so each is expanded once. The cache is dropped when it grows past
/// ``ExpansionCache/limit`` entries (a very large terminal), and starts again. Strings of
/// the plain form (``ParameterFormat``: most cursor moves) are not cached: they are
/// expanded by a shorter route, which costs less than hashing and storing the result
/// (typing moves the caret to a new column on every key).
final class ExpansionCache {
    /// The parameterised capabilities the writer uses.
    enum Capability: Int, CaseIterable {
        case cursorAddress, columnAddress, rowAddress, parmRight, parmLeft, parmDown, parmUp
        case setForeground, setBackground
    }

    /// Entries kept before the cache starts again.
    static let limit = 8192

    private let formats: [TerminfoFormat?]
    private let plainFormats: [ParameterFormat?]
    private var expanded: [Int: [UInt8]] = [:]

    init(strings: TerminalStrings) {
        formats = Capability.allCases.map { capability -> String? in
            switch capability {
            case .cursorAddress: strings.cursorAddress
            case .columnAddress: strings.columnAddress
            case .rowAddress: strings.rowAddress
            case .parmRight: strings.parmRight
            case .parmLeft: strings.parmLeft
            case .parmDown: strings.parmDown
            case .parmUp: strings.parmUp
            case .setForeground: strings.setForeground
            case .setBackground: strings.setBackground
            }
        }
        .map { $0.map(TerminfoFormat.init) }
        plainFormats = formats.map { $0.flatMap { ParameterFormat($0.source) } }
    }

    /// Whether the terminal has `capability`.
    func has(_ capability: Capability) -> Bool { formats[capability.rawValue] != nil }

    /// Appends `capability` expanded with `a` (and `b` for two-parameter strings such as
    /// `cup`), without padding, to `out`; appends nothing when the terminal lacks it.
    func append(_ capability: Capability, _ a: Int, _ b: Int? = nil, to out: inout [UInt8]) {
        guard let format = formats[capability.rawValue] else { return }
        // The plain form is cheaper to expand again than to look up.
        if let plain = plainFormats[capability.rawValue] {
            return plain.expand(Int32(clamping: a), Int32(clamping: b ?? 0), into: &out)
        }
        let first = min(max(a, 0), 0xFF_FFFF)
        let second = min(max(b ?? 0, 0), 0xFF_FFFF)
        let key = capability.rawValue | first << 8 | second << 32
        if let bytes = expanded[key] {
            out += bytes
            return
        }
        let bytes = TerminalStrings.plain(bytes: format.expand(b.map { [a, $0] } ?? [a]))
        if expanded.count >= Self.limit { expanded.removeAll(keepingCapacity: true) }
        expanded[key] = bytes
        out += bytes
    }
}
