import CFuzzDriver
import FuzzSupport
import TetherTerminal
import TetherUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `InputDecoder` on arbitrary bytes: no crash; no character key holding a control
/// character; never more events than bytes; and the same bytes cut into random reads (the
/// cuts chosen from a hash of the input) decode to the same events, typed text compared as
/// runs (a cut inside a multi-scalar grapheme only changes how the run is split into keys);
/// and once the deadline of what is pending passes, the next key is never lost.
func fuzzDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    var whole = InputDecoder()
    let once = whole.feed(bytes) + whole.flush()
    if once.count > bytes.count { fuzzFailure("\(once.count) events from \(bytes.count) bytes") }
    for event in once { checkWellFormed(event) }

    var generator = SplitMix(seeding: bytes)
    var split = InputDecoder()
    var pieces: [InputEvent] = []
    var offset = 0
    while offset < bytes.count {
        let length = Int.random(in: 1...16, using: &generator)
        pieces += split.feed(bytes[offset..<min(bytes.count, offset + length)])
        offset += length
    }
    pieces += split.flush()
    if tokens(once) != tokens(pieces) {
        fuzzFailure("split reads decode differently:\n\(tokens(once))\n\(tokens(pieces))")
    }
    checkNextKeyAfterDeadline(bytes)
    return 0
}

/// As the input pump runs the decoder: after the bytes, the deadline of whatever is still
/// pending passes (flushed only when ``InputDecoder/hasPendingInput`` says something is:
/// a sequence, the rest of an overlong one, a paste whose end never came); then a typed
/// key must decode as that key, with nothing left pending.
func checkNextKeyAfterDeadline(_ bytes: [UInt8]) {
    var decoder = InputDecoder()
    _ = decoder.feed(bytes)
    if decoder.hasPendingInput { _ = decoder.flush() }
    let next = decoder.feed([0x78])
    if next != [.key(.character("x"))] || decoder.hasPendingInput {
        fuzzFailure("after the deadline, the key x decoded as \(next) (pending: \(decoder.hasPendingInput))")
    }
}

/// An event a decoder may produce: no control character as a character key, no empty paste.
func checkWellFormed(_ event: InputEvent) {
    switch event {
    case .key(let key):
        if case .character(let character) = key.key, key.modifiers.isEmpty,
            character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            fuzzFailure("a character key holding a control character: \(key)")
        }
    case .paste(let text):
        if text.isEmpty { fuzzFailure("an empty paste") }
    case .mouse:
        break
    }
}

/// Events with each run of unmodified character keys joined into one string.
func tokens(_ events: [InputEvent]) -> [String] {
    var result: [String] = []
    var run = ""
    for event in events {
        if case .key(let key) = event, key.modifiers.isEmpty, case .character(let character) = key.key {
            run.append(character)
            continue
        }
        if !run.isEmpty { result.append("text \(run.debugDescription)") }
        run = ""
        result.append(String(describing: event))
    }
    if !run.isEmpty { result.append("text \(run.debugDescription)") }
    return result
}

// Last, so that the globals above are initialised first (main.swift runs top to bottom).
exit(tether_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzDecoder))
