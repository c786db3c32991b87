/// A terminfo parameterised string of the plain form terminals use for cursor moves
/// (`\E[%i%p1%d;%p2%dH`, `\E[%i%p1%dG`, `\E[%p1%dC`), expanded without `tiparm`.
///
/// Such a string is literal bytes, `%%`, at most one `%i` before any parameter is pushed
/// (the first two parameters count from 1), and parameters printed as decimals (`%p1%d`,
/// `%p2%d`). ``TerminfoFormat`` runs the whole terminfo stack machine for it (and `tiparm`
/// ran it with `sprintf`); as a typed key
/// moves the caret to a column the cache has not seen, that was a tenth of a key's
/// instructions (docs/performance.md). Anything else (conditionals, arithmetic, padding,
/// other parameters) makes ``init(_:)`` fail, and the caller expands with ``TerminfoFormat``.
struct ParameterFormat: Sendable {
    private enum Part: Sendable {
        case literal([UInt8])
        /// Parameter 0 or 1 (`%p1`, `%p2`), printed in decimal.
        case decimal(Int)
    }

    private let parts: [Part]
    /// `%i`: the first two parameters count from 1.
    private let countsFromOne: Bool

    /// The plan for `format`, or `nil` when it is not of the plain form.
    init?(_ format: String) {
        let bytes = Array(format.utf8)
        var parts: [Part] = []
        var literal: [UInt8] = []
        var countsFromOne = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") {
                return nil  // padding
            }
            guard byte == UInt8(ascii: "%") else {
                literal.append(byte)
                index += 1
                continue
            }
            let rest = bytes[(index + 1)...]
            if rest.starts(with: "%".utf8) {
                literal.append(byte)
                index += 2
            } else if rest.starts(with: "i".utf8) {
                let pushed = parts.contains { if case .decimal = $0 { true } else { false } }
                guard !countsFromOne, !pushed else { return nil }
                countsFromOne = true
                index += 2
            } else if rest.starts(with: "p1%d".utf8) || rest.starts(with: "p2%d".utf8) {
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = []
                parts.append(.decimal(Int(bytes[index + 2] - UInt8(ascii: "1"))))
                index += 5
            } else {
                return nil
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
        self.countsFromOne = countsFromOne
    }

    /// The string expanded with `a` and `b` (as `tiparm` with C `int`s would).
    func expand(_ a: Int32, _ b: Int32) -> [UInt8] {
        var out: [UInt8] = []
        expand(a, b, into: &out)
        return out
    }

    /// Appends the string expanded with `a` and `b` to `out`: no array of its own, so a
    /// cursor move weighed against others costs no allocation.
    func expand(_ a: Int32, _ b: Int32, into out: inout [UInt8]) {
        let step: Int32 = countsFromOne ? 1 : 0
        for part in parts {
            switch part {
            case .literal(let bytes): out += bytes
            case .decimal(let parameter):
                // tparm's `%i` adds one to the int; it wraps as C arithmetic does.
                Self.appendDecimal((parameter == 0 ? a : b) &+ step, to: &out)
            }
        }
    }

    /// Appends `value` in decimal, as `%d` prints it: the digits straight into `out`, not
    /// through a `String` (a cursor move is expanded on most keys).
    static func appendDecimal(_ value: Int32, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt32 = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }
}
