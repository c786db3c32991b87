import PropertyBased
import Testing
import TetherTerminal
import TetherUI

/// A piece of terminal input for the byte fuzzer: bytes fed in one read, and whether the
/// ESC delay then ran out (``InputDecoder/flush()``).
struct ByteChunk: Sendable, Equatable, CustomStringConvertible {
    var bytes: [UInt8]
    var flush: Bool

    var description: String {
        let text = bytes.map { byte -> String in
            switch byte {
            case 0x1B: "⎋"
            case 0x20..<0x7F: String(Unicode.Scalar(byte))
            default: "<\(String(byte, radix: 16))>"
            }
        }.joined()
        return flush ? "\(text)|flush" : text
    }

    static let esc: UInt8 = 0x1B

    /// Noise with a bias towards what breaks decoders: escape prefixes, parameters, final
    /// bytes, mouse and paste markers, broken and overlong UTF-8, overlong sequences.
    static func random(using rng: inout some RandomNumberGenerator) -> ByteChunk {
        let bytes: [UInt8]
        switch rng.below(16) {
        case 0: bytes = (0..<(1 + rng.below(16))).map { _ in UInt8(rng.below(256)) }
        case 1: bytes = [esc]
        case 2: bytes = [esc, 0x5B]
        case 3: bytes = (0..<(1 + rng.below(8))).map { _ in rng.pick(Array("0123456789;:<=>?".utf8)) }
        case 4: bytes = [UInt8(0x40 + rng.below(0x3F))]
        case 5:
            bytes = Array(
                rng.pick([
                    "\u{1B}[A", "\u{1B}[1;5C", "\u{1B}[3~", "\u{1B}[15~", "\u{1B}OP", "\u{1B}[Z",
                    "\u{1B}b", "\u{1B}\u{7F}", "\u{1B}[I", "\u{1B}[O", "\u{1B}O",
                ]).utf8)
        case 6:
            bytes = Array(
                "\u{1B}[<\(rng.pick([0, 2, 32, 35, 64, 65, 66, 128, 999_999_999_999]));\(rng.below(400));\(rng.below(400))\(rng.pick(["M", "m", ""]))"
                    .utf8)
        case 7: bytes = [esc, 0x5B, 0x4D] + (0..<rng.below(4)).map { _ in UInt8(rng.below(256)) }
        case 8:
            bytes = Array(
                rng.pick(["\u{1B}[200~", "\u{1B}[201~", "\u{1B}[20", "\u{1B}[201", "\u{1B}[200~\u{1B}[200~"]).utf8)
        case 9:
            let character = Array(String(TextPool.character(using: &rng, controls: true)).utf8)
            bytes = rng.chance(50) ? character : Array(character.prefix(max(1, rng.below(character.count))))
        case 10: bytes = [rng.pick([0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFF, 0xFE])]
        case 11:
            bytes = rng.pick([
                [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x8F], [0xE2, 0x82],
            ])
        case 12:
            bytes =
                [esc, rng.pick([0x5B, 0x4F])] + Array(repeating: UInt8(0x30 + rng.below(10)), count: 60 + rng.below(80))
                + (rng.chance(50) ? [0x7E] : [])
        case 13: bytes = [UInt8(rng.below(0x20))]
        case 14: bytes = Array(TextPool.string(using: &rng, maxLength: 12, controls: false).utf8)
        default: bytes = [0x7F]
        }
        return ByteChunk(bytes: bytes, flush: rng.chance(10))
    }

    var simpler: [ByteChunk] {
        var candidates: [ByteChunk] = []
        if flush { candidates.append(ByteChunk(bytes: bytes, flush: false)) }
        if bytes.count > 1 {
            candidates.append(ByteChunk(bytes: Array(bytes.prefix(bytes.count / 2)), flush: flush))
            candidates.append(ByteChunk(bytes: Array(bytes.dropFirst()), flush: flush))
        }
        return candidates
    }

    static let generator = Generator<ByteChunk, [ByteChunk]>(
        run: { rng in ByteChunk.random(using: &rng) },
        shrink: { $0.simpler }
    )
}

/// A valid piece of input with the events it stands for.
struct Token: Sendable, Equatable, CustomStringConvertible {
    var bytes: [UInt8]
    var events: [InputEvent]

    var description: String { ByteChunk(bytes: bytes, flush: false).description }

    init(_ text: String, _ events: [InputEvent]) {
        bytes = Array(text.utf8)
        self.events = events
    }

    init(bytes: [UInt8], _ events: [InputEvent]) {
        self.bytes = bytes
        self.events = events
    }

    /// Keys and sequences whose meaning does not depend on timing (no lone Esc, no Alt-[ or
    /// Alt-O, which begin longer sequences).
    static let fixed: [Token] = [
        Token("\r", [.key(.enter)]), Token("\t", [.key(.tab)]), Token("\u{7F}", [.key(.backspace)]),
        Token("\u{1}", [.key(.ctrl("a"))]), Token("\u{17}", [.key(.ctrl("w"))]), Token("\u{0}", [.key(.ctrl(" "))]),
        Token("\u{1B}[A", [.key(.up)]), Token("\u{1B}[B", [.key(.down)]), Token("\u{1B}[C", [.key(.right)]),
        Token("\u{1B}[D", [.key(.left)]), Token("\u{1B}[H", [.key(.home)]), Token("\u{1B}[F", [.key(.end)]),
        Token("\u{1B}OA", [.key(.up)]), Token("\u{1B}OP", [.key(.function(1))]),
        Token("\u{1B}[1;5C", [.key(KeyEvent(.right, modifiers: .ctrl))]),
        Token("\u{1B}[1;3D", [.key(KeyEvent(.left, modifiers: .alt))]),
        Token("\u{1B}[3~", [.key(.delete)]), Token("\u{1B}[5~", [.key(.pageUp)]),
        Token("\u{1B}[2~", [.key(KeyEvent(.insert))]),
        Token("\u{1B}[15~", [.key(.function(5))]), Token("\u{1B}[Z", [.key(.backTab)]),
        Token("\u{1B}b", [.key(.alt("b"))]), Token("\u{1B}\u{7F}", [.key(KeyEvent(.backspace, modifiers: .alt))]),
        Token("\u{1B}é", [.key(.alt("é"))]), Token("\u{1B}[I", []),
        Token(
            bytes: [0x1B, 0x5B, 0x4D, 32, 33 + 9, 33 + 4], [.mouse(MouseEvent(.press(.left), at: Point(x: 9, y: 4)))]),
    ]
    static let text: [Character] = TextPool.ascii + ["é", "e\u{301}", "中", "😀", "🇫🇷", "👩‍👩‍👧", "Ω"]

    static func random(using rng: inout some RandomNumberGenerator) -> Token {
        switch rng.below(5) {
        case 0, 1:
            let character = rng.pick(text)
            return Token(String(character), [.key(.character(character))])
        case 2:
            return rng.pick(fixed)
        case 3:
            let x = 1 + rng.below(300), y = 1 + rng.below(100)
            let (code, kind): (Int, MouseEvent.Kind) = rng.pick([
                (0, .press(.left)), (2, .press(.right)), (32, .drag(.left)),
                (64, .wheelUp), (65, .wheelDown),
            ])
            let release = code == 0 && rng.chance(50)
            return Token(
                "\u{1B}[<\(code);\(x);\(y)\(release ? "m" : "M")",
                [.mouse(MouseEvent(release ? .release : kind, at: Point(x: x - 1, y: y - 1)))])
        default:
            // A paste keeps everything verbatim, escape sequences and line breaks included.
            var content = TextPool.string(using: &rng, maxLength: 20, controls: true)
            if rng.chance(30) { content += rng.pick(["\u{1B}[A", "\u{1B}", "\u{1B}[20", "\u{1B}[201"]) + "x" }
            return Token("\u{1B}[200~\(content)\u{1B}[201~", content.isEmpty ? [] : [.paste(content)])
        }
    }

    static let generator = Generator<Token, [Token]>(
        run: { rng in Token.random(using: &rng) },
        shrink: { token in token.bytes.count > 1 ? [Token("a", [.key(.character("a"))])] : [] }
    )
}

/// Events with each run of plain typed characters joined into one string: where a read
/// splits the text decides only how it is cut into keys (one key per grapheme of each read).
enum Decoded: Equatable, CustomStringConvertible {
    case text(String)
    case event(InputEvent)

    static func normalize(_ events: [InputEvent]) -> [Decoded] {
        var result: [Decoded] = []
        for event in events {
            if case .key(let key) = event, key.modifiers.isEmpty, case .character(let character) = key.key {
                if case .text(let text) = result.last {
                    result[result.count - 1] = .text(text + String(character))
                } else {
                    result.append(.text(String(character)))
                }
            } else {
                result.append(.event(event))
            }
        }
        return result
    }

    var description: String {
        switch self {
        case .text(let text): text.debugDescription
        case .event(let event): "\(event)"
        }
    }
}

/// Random and broken bytes into ``InputDecoder`` (docs/reliability.md, "Byte-level input fuzzing").
///
/// `TETHER_FUZZ_BYTES=10000000 swift test --filter ReliabilityTests.InputDecoderFuzzTests`
/// feeds ten million bytes of noise; the default is 1,000,000. Counts are printed.
@Suite("Byte-level input fuzzing")
struct InputDecoderFuzzTests {
    static let noiseBytes = environmentCount("TETHER_FUZZ_BYTES", default: 1_000_000)
    static let esc: UInt8 = 0x1B
    /// `a`, Up, `é` and a left press at (4, 2): what must decode after the noise.
    static let probe = Array("a\u{1B}[Aé\u{1B}[<0;5;3M".utf8)
    static let probeEvents: [InputEvent] = [
        .key(.character("a")), .key(.up), .key(.character("é")),
        .mouse(MouseEvent(.press(.left), at: Point(x: 4, y: 2))),
    ]

    /// Why `event` could not have come from a terminal, or `nil`.
    static func malformed(_ event: InputEvent) -> String? {
        switch event {
        case .key(let key):
            if case .character(let character) = key.key,
                character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
            {
                return "a character key holding a control character: \(key)"
            }
        case .mouse(let mouse):
            if mouse.position.x < 0 || mouse.position.y < 0 { return "a mouse event off the screen: \(mouse)" }
        case .paste(let text):
            if text.isEmpty { return "an empty paste" }
        }
        return nil
    }

    @Test(
        "random and broken bytes never crash or stall the decoder, every event is well formed, and once the deadline of what is pending passes (a sequence, an overlong sequence's rest, a paste without its end) the next input decodes exactly"
    )
    func noiseThenValidInput() async {
        let start = ContinuousClock.now
        var fed = 0, events = 0, runs = 0, failed = false
        let noise = ByteChunk.generator.array(of: 1...100)
        while fed < Self.noiseBytes && !failed {
            await propertyCheck(count: max(1, (Self.noiseBytes - fed) / 500), input: noise) { chunks in
                runs += 1
                var decoder = InputDecoder()
                var decoded: [InputEvent] = []
                var bytes = 0
                for chunk in chunks {
                    decoded += decoder.feed(chunk.bytes)
                    if chunk.flush, decoder.hasPendingInput { decoded += decoder.flush() }
                    bytes += chunk.bytes.count
                }
                fed += bytes
                events += decoded.count
                decoded += decoder.flush()
                if let problem = decoded.lazy.compactMap(Self.malformed).first {
                    failed = true
                    Issue.record("\(problem)")
                }
                if decoded.count > bytes {
                    failed = true
                    Issue.record("\(decoded.count) events out of \(bytes) bytes")
                }
                // As the input pump does: the deadline of whatever is still pending (a
                // sequence, the rest of an overlong one, a paste whose end never came)
                // passes, and only then is the decoder flushed.
                if decoder.hasPendingInput { _ = decoder.flush() }
                let next = decoder.feed(Self.probe)
                if next != Self.probeEvents || decoder.hasPendingInput {
                    failed = true
                    Issue.record("after the noise a, Up, é and a click decoded as \(next)")
                }
            }
        }
        print(
            "Byte-level fuzzing: \(fed) bytes of noise in \(runs) runs gave \(events) events, \(seconds(since: start))")
        #expect(fed >= Self.noiseBytes)
    }

    @Test("valid input cut into reads at random points decodes to the same keys, mouse events and pastes")
    func splitAnywhere() async {
        await propertyCheck(
            count: 2_000, input: Token.generator.array(of: 1...40), Gen.int(in: 1...12).array(of: 1...20)
        ) { tokens, cuts in
            let stream = tokens.flatMap(\.bytes)
            var decoder = InputDecoder()
            var decoded: [InputEvent] = []
            var position = 0, cut = 0
            while position < stream.count {
                let size = min(cuts[cut % cuts.count], stream.count - position)
                decoded += decoder.feed(stream[position..<(position + size)])
                position += size
                cut += 1
            }
            #expect(!decoder.hasPendingInput)
            #expect(Decoded.normalize(decoded) == Decoded.normalize(tokens.flatMap(\.events)))
        }
    }

    @Test(
        "a 1 MB paste fed in random pieces arrives whole as one paste, and the next key decodes",
        .timeLimit(.minutes(1)))
    func megabytePaste() async {
        var seed = SplitMix(state: 0x5EED)
        var content = ""
        while content.utf8.count < 1_000_000 {
            content += TextPool.string(using: &seed, maxLength: 40, controls: true)
            if seed.chance(5) {
                content += seed.pick(["\u{1B}[A", "\u{1B}", "\u{1B}[20", "\u{1B}[201", "\u{1B}[200~"]) + "x"
            }
        }
        let stream = Array("\u{1B}[200~\(content)\u{1B}[201~".utf8) + Self.probe
        await propertyCheck(count: 3, input: Gen.int(in: 1...65_536).array(of: 1...30)) { pieces in
            var decoder = InputDecoder()
            var decoded: [InputEvent] = []
            var position = 0, piece = 0
            while position < stream.count {
                let size = min(pieces[piece % pieces.count], stream.count - position)
                decoded += decoder.feed(stream[position..<(position + size)])
                position += size
                piece += 1
            }
            #expect(decoded.count == 1 + Self.probeEvents.count)
            #expect(decoded.first == .paste(content), "the paste did not arrive whole")
            #expect(Array(decoded.dropFirst()) == Self.probeEvents)
        }
    }

    @Test(
        "a megabyte of noise in a single read is decoded without stalling, and the next key decodes",
        .timeLimit(.minutes(1)))
    func megabyteOfNoiseInOneRead() {
        var seed = SplitMix(state: 0xBAD5EED)
        var noise: [UInt8] = []
        while noise.count < 1_000_000 { noise += ByteChunk.random(using: &seed).bytes }
        var decoder = InputDecoder()
        let decoded = decoder.feed(noise) + decoder.flush()
        #expect(decoded.count <= noise.count)
        #expect(decoded.compactMap(Self.malformed).isEmpty)
        if decoder.hasPendingInput { _ = decoder.flush() }
        #expect(decoder.feed(Self.probe) == Self.probeEvents)
    }
}

/// A small seeded generator for inputs built once per test.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
