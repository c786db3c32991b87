/// A fuzzer's input read as a stream of choices: each read takes bytes from the front, and
/// an exhausted input answers with the smallest choice, so every input is a valid script
/// and shorter inputs mean simpler scripts (libFuzzer's mutations then stay meaningful).
public struct FuzzInput: Sendable {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    }

    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, 0 at the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number in `range` (at most 65,536 values apart), from one or two bytes.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span <= 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % span
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(in: 0...choices.count - 1)] }

    /// Whether a one-in-`n` chance happened.
    public mutating func chance(_ n: Int) -> Bool { int(in: 0...n - 1) == 0 }
}

/// A small deterministic generator (SplitMix64), for choices that must not depend on the
/// input's own bytes (how to cut an input into reads).
public struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    /// A generator seeded with a hash of `bytes`, so that the same input always gets the
    /// same choices (libFuzzer needs a deterministic target).
    public init(seeding bytes: some Sequence<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        state = hash
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// Stops the process with `message` on standard error: libFuzzer saves the input that did it.
public func fuzzFailure(_ message: String) -> Never {
    fatalError(message)
}
