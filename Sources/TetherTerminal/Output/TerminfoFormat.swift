/// A terminfo parameterised string (`cup`, `setaf`, …), expanded in Swift the way
/// ncurses' `tiparm` expands it, so that drawing needs neither ncurses' current terminal
/// nor its shared result buffer: any number of sessions, each with its own terminal type,
/// can expand strings at once.
///
/// The whole language of terminfo(5) is understood: `%%`, `%c`, `%s`, `%d`/`%o`/`%x`/`%X`
/// with flags, width and precision (`%:-3d`, `%02d`), `%p1`…`%p9`, `%P`/`%g` variables,
/// `%'c'` and `%{n}` constants, `%l`, arithmetic (`%+ %- %* %/ %m`), bit and logic
/// operators (`%& %| %^ %= %> %< %A %O %! %~`), `%i`, and conditionals
/// (`%? … %t … %e … %;`, with `%e` chains). A pop from an empty stack gives 0, and a
/// division by zero gives 0, as in ncurses. Padding (`$<5>`) is copied as written; the
/// caller drops it (``TerminalStrings/plain(_:)``).
public struct TerminfoFormat: Sendable, Hashable {
    /// The string as terminfo holds it.
    public let source: String
    private let bytes: [UInt8]

    /// The format `source`, parsed lazily at each ``expand(_:)``.
    public init(_ source: String) {
        self.source = source
        bytes = Array(source.utf8)
    }

    /// The string expanded with `parameters` (missing ones are 0), as bytes.
    public func expand(_ parameters: [Int] = []) -> [UInt8] {
        var machine = Machine(bytes: bytes, parameters: parameters)
        machine.run()
        return machine.out
    }
}

/// The stack machine that runs one expansion.
private struct Machine {
    let bytes: [UInt8]
    var parameters: [Int]
    var stack: [Int] = []
    var variables = [Int](repeating: 0, count: 52)
    var out: [UInt8] = []
    var index = 0

    init(bytes: [UInt8], parameters: [Int]) {
        self.bytes = bytes
        self.parameters = parameters + Array(repeating: 0, count: max(0, 9 - parameters.count))
        out.reserveCapacity(bytes.count + 8)
    }

    mutating func pop() -> Int { stack.popLast() ?? 0 }

    func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    mutating func run() {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "%"), let code = peek() else {
                out.append(byte)
                continue
            }
            index += 1
            step(code)
        }
    }

    /// Runs the operator `code` (the byte after `%`).
    mutating func step(_ code: UInt8) {
        switch code {
        case UInt8(ascii: "%"): out.append(code)
        case UInt8(ascii: "c"): out.append(UInt8(truncatingIfNeeded: pop()))
        case UInt8(ascii: "p"):
            let digit = Int(peek() ?? 0) - Int(UInt8(ascii: "1"))
            index += 1
            stack.append(digit >= 0 && digit < 9 ? parameters[digit] : 0)
        case UInt8(ascii: "P"), UInt8(ascii: "g"): variable(set: code == UInt8(ascii: "P"))
        case UInt8(ascii: "'"):
            stack.append(Int(peek() ?? 0))
            index += 2  // the character and the closing quote
        case UInt8(ascii: "{"): constant()
        case UInt8(ascii: "l"): stack.append(String(pop()).utf8.count)
        case UInt8(ascii: "i"):
            parameters[0] += 1
            parameters[1] += 1
        case UInt8(ascii: "?"), UInt8(ascii: ";"): break
        case UInt8(ascii: "t"): if pop() == 0 { skip(toElse: true) }
        case UInt8(ascii: "e"): skip(toElse: false)
        case UInt8(ascii: "!"): stack.append(pop() == 0 ? 1 : 0)
        case UInt8(ascii: "~"): stack.append(~pop())
        default:
            if !binary(code) { printf(code) }
        }
    }

    /// `%P` or `%g` with the variable named by the next byte.
    mutating func variable(set: Bool) {
        guard let name = peek() else { return }
        index += 1
        let slot: Int
        switch name {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): slot = Int(name - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): slot = 26 + Int(name - UInt8(ascii: "A"))
        default: return
        }
        if set { variables[slot] = pop() } else { stack.append(variables[slot]) }
    }

    /// `%{digits}`.
    mutating func constant() {
        var value = 0
        while let byte = peek(), byte != UInt8(ascii: "}") {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = value &* 10 &+ Int(byte - UInt8(ascii: "0"))
            }
            index += 1
        }
        index += 1
        stack.append(value)
    }

    /// An operator on the top two values; `false` when `code` is not one.
    mutating func binary(_ code: UInt8) -> Bool {
        let operators: [UInt8] = Array("+-*/m&|^=<>AO".utf8)
        guard operators.contains(code) else { return false }
        let b = pop(), a = pop()
        let result: Int
        switch code {
        case UInt8(ascii: "+"): result = a &+ b
        case UInt8(ascii: "-"): result = a &- b
        case UInt8(ascii: "*"): result = a &* b
        case UInt8(ascii: "/"): result = b == 0 ? 0 : a / b
        case UInt8(ascii: "m"): result = b == 0 ? 0 : a % b
        case UInt8(ascii: "&"): result = a & b
        case UInt8(ascii: "|"): result = a | b
        case UInt8(ascii: "^"): result = a ^ b
        case UInt8(ascii: "="): result = a == b ? 1 : 0
        case UInt8(ascii: "<"): result = a < b ? 1 : 0
        case UInt8(ascii: ">"): result = a > b ? 1 : 0
        case UInt8(ascii: "A"): result = a != 0 && b != 0 ? 1 : 0
        default: result = a != 0 || b != 0 ? 1 : 0
        }
        stack.append(result)
        return true
    }

    /// Skips a conditional's branch: after a false `%t` to just past the matching `%e`
    /// (or `%;`), after a taken branch's `%e` to just past the matching `%;`.
    mutating func skip(toElse: Bool) {
        var depth = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            let code = bytes[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "?"): depth += 1
            case UInt8(ascii: ";"):
                if depth == 0 { return }
                depth -= 1
            case UInt8(ascii: "e") where depth == 0 && toElse: return
            default: break
            }
        }
        index = bytes.count
    }

    /// `%[[:]flags][width[.precision]][doxXs]`, starting at `first`; anything else is
    /// dropped, as ncurses drops an unknown operator.
    mutating func printf(_ first: UInt8) {
        var flags: Set<UInt8> = []
        var code = first
        if code == UInt8(ascii: ":") {
            code = peek() ?? 0
            index += 1
        }
        while [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: " ")].contains(code) {
            flags.insert(code)
            code = peek() ?? 0
            index += 1
        }
        var width = 0, precision: Int?
        while code >= UInt8(ascii: "0"), code <= UInt8(ascii: "9") {
            if code == UInt8(ascii: "0"), width == 0 { flags.insert(code) }
            width = width * 10 + Int(code - UInt8(ascii: "0"))
            code = peek() ?? 0
            index += 1
        }
        if code == UInt8(ascii: ".") {
            var digits = 0
            code = peek() ?? 0
            index += 1
            while code >= UInt8(ascii: "0"), code <= UInt8(ascii: "9") {
                digits = digits * 10 + Int(code - UInt8(ascii: "0"))
                code = peek() ?? 0
                index += 1
            }
            precision = digits
        }
        guard let radix = Self.radix(code) else { return }
        out += Self.format(
            pop(), radix: radix, uppercase: code == UInt8(ascii: "X"), flags: flags,
            width: width, precision: precision)
    }

    static func radix(_ code: UInt8) -> Int? {
        switch code {
        case UInt8(ascii: "d"), UInt8(ascii: "s"): 10
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "x"), UInt8(ascii: "X"): 16
        default: nil
        }
    }

    /// `value` printed as C's `printf` prints an `int` with these flags.
    static func format(
        _ value: Int, radix: Int, uppercase: Bool, flags: Set<UInt8>, width: Int, precision: Int?
    ) -> [UInt8] {
        let number = Int32(truncatingIfNeeded: value)
        var digits =
            radix == 10
            ? String(number.magnitude) : String(UInt32(bitPattern: number), radix: radix, uppercase: uppercase)
        if let precision, digits.count < precision {
            digits = String(repeating: "0", count: precision - digits.count) + digits
        }
        var sign = ""
        if radix == 10 {
            sign =
                number < 0
                ? "-" : flags.contains(UInt8(ascii: "+")) ? "+" : flags.contains(UInt8(ascii: " ")) ? " " : ""
        } else if flags.contains(UInt8(ascii: "#")), number != 0 {
            sign = radix == 8 ? "0" : uppercase ? "0X" : "0x"
        }
        let length = sign.count + digits.count
        guard width > length else { return Array((sign + digits).utf8) }
        let fill = width - length
        if flags.contains(UInt8(ascii: "-")) {
            return Array((sign + digits + String(repeating: " ", count: fill)).utf8)
        }
        if flags.contains(UInt8(ascii: "0")), precision == nil {
            return Array((sign + String(repeating: "0", count: fill) + digits).utf8)
        }
        return Array((String(repeating: " ", count: fill) + sign + digits).utf8)
    }
}
