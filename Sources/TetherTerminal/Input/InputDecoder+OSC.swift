import TetherUI

extension InputDecoder {
    /// A terminal's answer to an operating system command query (OSC): `ESC ] number ;
    /// payload` ended by BEL or ST (`ESC \`).
    package struct CommandAnswer: Hashable, Sendable {
        /// The command's number: 11 for the background colour.
        package var number: Int
        /// The bytes between the number's `;` and the terminator.
        package var payload: [UInt8]
    }

    /// The longest OSC answer kept while waiting for its terminator; a longer one is
    /// dropped whole (it is no answer to anything Tether asks).
    static let maxCommandLength = 512

    /// The OSC answers decoded since the last call, in order; each is returned once.
    package mutating func takeCommandAnswers() -> [CommandAnswer] {
        defer { commandAnswers = [] }
        return commandAnswers
    }

    /// Decodes the `ESC ]` at `index`: an OSC answer when a digit follows, kept for
    /// ``takeCommandAnswers()``; Alt-] otherwise. Alone at the end of the buffer it waits
    /// for more (a terminal's answer split across reads must not become Alt-] and text).
    mutating func operatingSystemCommand(at index: Int, flushing: Bool, into events: inout [InputEvent]) -> Step {
        let end = buffer.count
        let start = index + 2
        guard start < end else {
            guard flushing else { return .incomplete }
            events.append(.key(.alt("]")))
            return .next(end)
        }
        guard (0x30...0x39).contains(buffer[start]) else {
            events.append(.key(.alt("]")))
            return .next(start)
        }
        var position = start
        while position < end, position - index <= Self.maxCommandLength {
            let byte = buffer[position]
            if byte == 0x07 {
                record(command: buffer[start..<position])
                return .next(position + 1)
            }
            if byte == 0x1B {
                guard position + 1 < end else { break }
                if buffer[position + 1] == UInt8(ascii: "\\") { record(command: buffer[start..<position]) }
                // An ESC that does not end the answer ends it anyway: what follows is input.
                return .next(buffer[position + 1] == UInt8(ascii: "\\") ? position + 2 : position)
            }
            position += 1
        }
        if position - index > Self.maxCommandLength || flushing { return .next(position) }
        return .incomplete
    }

    /// Keeps `number ; payload` as an answer; anything without a number and `;` is dropped.
    private mutating func record(command: ArraySlice<UInt8>) {
        guard let separator = command.firstIndex(of: UInt8(ascii: ";")),
            let number = Int(String(decoding: command[..<separator], as: UTF8.self))
        else { return }
        commandAnswers.append(CommandAnswer(number: number, payload: Array(command[(separator + 1)...])))
    }
}
