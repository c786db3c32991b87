/// Cuts the bytes of the accessible presentation's input into answer lines.
///
/// Only bytes not searched before are searched for a line break, and each complete line is
/// cut out once, so a line costs time in proportion to its length however many reads bring
/// it (``scannedBytes`` counts the work). A line ends at LF; a CR before it is dropped.
/// Invalid UTF-8 becomes U+FFFD, as in the full-screen presentations (``InputDecoder``).
struct LineSplitter {
    /// Bytes of a line whose end has not come yet.
    private var pending: [UInt8] = []
    /// How many bytes all the searches for line breaks have looked at.
    private(set) var scannedBytes = 0

    /// The lines that `bytes` completes, after what was pending.
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [String] {
        var searchFrom = pending.count
        pending += bytes
        var lines: [String] = []
        var start = 0
        while let newline = pending[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
            scannedBytes += newline + 1 - searchFrom
            var end = newline
            if end > start, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            lines.append(String(decoding: pending[start..<end], as: UTF8.self))
            start = newline + 1
            searchFrom = start
        }
        scannedBytes += pending.count - searchFrom
        if start > 0 { pending.removeFirst(start) }
        return lines
    }

    /// Bytes of a line whose end has not come yet.
    var pendingCount: Int { pending.count }

    /// What is left when the input ends: the last line, if it had no line break.
    mutating func finish() -> String? {
        defer { pending = [] }
        return pending.isEmpty ? nil : String(decoding: pending, as: UTF8.self)
    }
}
