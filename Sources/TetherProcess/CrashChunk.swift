#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What the crash handler reads for ``CrashRestore/chunkSize`` consecutive slots, in one
/// allocation made on the main actor when the first of them is armed, and never freed: each
/// slot's terminal (-1 when disarmed), its published buffer and length, its shell modes and
/// its two farewell buffers. A table of chunk addresses, loaded atomically, lets the handler
/// walk every chunk without a lock; so the number of sessions that can be restored after a
/// crash grows with the sessions (decision 0114), where there were 16 fixed slots.
struct CrashChunk {
    private let base: UnsafeMutableRawPointer

    private static let fdsOffset = 0
    private static let publishedOffset = align(fdsOffset + CrashRestore.chunkSize * 4, to: 8)
    private static let modesOffset = align(
        publishedOffset + CrashRestore.chunkSize * 8, to: MemoryLayout<termios>.alignment)
    private static let buffersOffset = align(
        modesOffset + CrashRestore.chunkSize * MemoryLayout<termios>.stride, to: 16)
    private static let byteCount = buffersOffset + CrashRestore.chunkSize * 2 * CrashRestore.capacity

    private static func align(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }

    /// The chunk holding `slot`, allocated (slots disarmed) when it does not exist yet.
    @MainActor
    static func ensure(slot: Int) -> CrashChunk {
        if let chunk = existing(slot: slot) { return chunk }
        let raw = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        let fds = (raw + fdsOffset).bindMemory(to: Atomic<Int32>.self, capacity: CrashRestore.chunkSize)
        let published = (raw + publishedOffset).bindMemory(to: Atomic<Int>.self, capacity: CrashRestore.chunkSize)
        for index in 0..<CrashRestore.chunkSize {
            (fds + index).initialize(to: Atomic(-1))
            (published + index).initialize(to: Atomic(0))
        }
        (raw + modesOffset).bindMemory(to: termios.self, capacity: CrashRestore.chunkSize)
            .initialize(repeating: termios(), count: CrashRestore.chunkSize)
        (raw + buffersOffset).bindMemory(to: UInt8.self, capacity: CrashRestore.chunkSize * 2 * CrashRestore.capacity)
        crashChunks[slot / CrashRestore.chunkSize].store(Int(bitPattern: raw), ordering: .sequentiallyConsistent)
        return CrashChunk(base: raw)
    }

    /// The chunk holding `slot`, or `nil` when none was allocated (async-signal-safe).
    static func existing(slot: Int) -> CrashChunk? {
        let index = slot / CrashRestore.chunkSize
        guard slot >= 0, index < CrashRestore.maxChunks else { return nil }
        let address = crashChunks[index].load(ordering: .sequentiallyConsistent)
        return UnsafeMutableRawPointer(bitPattern: address).map { CrashChunk(base: $0) }
    }

    /// Calls `body` with every slot of every allocated chunk, in order (async-signal-safe).
    /// Chunks are allocated in order (slots are claimed lowest first), so the walk stops at
    /// the first missing one.
    static func forEachSlot(_ body: (Int) -> Void) {
        for index in 0..<CrashRestore.maxChunks {
            guard crashChunks[index].load(ordering: .sequentiallyConsistent) != 0 else { return }
            for offset in 0..<CrashRestore.chunkSize { body(index * CrashRestore.chunkSize + offset) }
        }
    }

    /// `slot`'s terminal: -1 when it has nothing to restore.
    func fd(_ slot: Int) -> UnsafeMutablePointer<Atomic<Int32>> {
        (base + Self.fdsOffset).assumingMemoryBound(to: Atomic<Int32>.self) + slot % CrashRestore.chunkSize
    }

    /// `slot`'s published buffer (the low bit) and its length (the rest).
    func published(_ slot: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (base + Self.publishedOffset).assumingMemoryBound(to: Atomic<Int>.self) + slot % CrashRestore.chunkSize
    }

    /// `slot`'s terminal modes from before its session started.
    func modes(_ slot: Int) -> UnsafeMutablePointer<termios> {
        (base + Self.modesOffset).assumingMemoryBound(to: termios.self) + slot % CrashRestore.chunkSize
    }

    /// `slot`'s buffer `index` (0 or 1) of ``CrashRestore/capacity`` bytes.
    func buffer(_ slot: Int, _ index: Int) -> UnsafeMutablePointer<UInt8> {
        (base + Self.buffersOffset).assumingMemoryBound(to: UInt8.self)
            + ((slot % CrashRestore.chunkSize) * 2 + index) * CrashRestore.capacity
    }
}

/// The address of each chunk, 0 until allocated.
private let crashChunks = InlineArray<1024, Atomic<Int>> { _ in Atomic(0) }
