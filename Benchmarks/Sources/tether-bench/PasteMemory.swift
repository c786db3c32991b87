import CHeapStats
import TetherReactive
import TetherTesting
import TetherUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 26, item 8: what a large bracketed paste costs in memory and what a key costs after
/// it. One widget per process (`tether-bench --paste-memory SIZE WIDGET [ascii|mixed]`), so
/// the peak resident set is this paste's alone: a `TextField` or `TextArea` bound two ways to
/// a `BehaviorRelay<String>` (as a view model holds it) in a `Pilot` at 80×24, then one paste
/// of SIZE characters (`ascii`: words and spaces; `mixed`: one in eight graphemes is `é` or
/// `世`), then 200 keys (`a`, Backspace) each timed alone.
///
/// Prints the heap in use and the peak resident set before and after, per character of the
/// paste, the paste's own time and the median key.
@MainActor
enum PasteMemory {
    static func run(size: Int, widget: String, kind: String) {
        let text = kind == "mixed" ? mixedText(size) : asciiText(size)
        let model = BehaviorRelay(value: "")
        let field: Widget = widget == "TextArea" ? TextArea(minRows: 10, maxRows: 10) : TextField()
        let binding: any Disposable =
            if let area = field as? TextArea { area.rx.text <-> model } else { (field as! TextField).rx.text <-> model }
        let pilot = try! Pilot(root: Panel(title: "paste", field), size: Size(width: 80, height: 24))
        pilot.click(on: field)
        let heapBefore = cheapstats_heap_and_mapped_in_use()
        let peakBefore = peakResidentBytes()
        let start = ContinuousClock.now
        pilot.paste(text)
        let pasteTime = ContinuousClock.now - start
        let heapAfter = cheapstats_heap_and_mapped_in_use()
        let peakAfter = peakResidentBytes()
        precondition(model.value.count == size, "the model holds \(model.value.count) graphemes, not \(size)")
        var keys: [Double] = []
        for index in 0..<200 {
            let keyStart = ContinuousClock.now
            pilot.press(index.isMultiple(of: 2) ? .character("a") : .backspace)
            keys.append(KeystrokeBenchmark.nanoseconds(ContinuousClock.now - keyStart))
        }
        let utf8 = text.utf8.count
        print("paste of \(size) graphemes (\(utf8) UTF-8 bytes, \(kind)) into a \(widget):")
        print(
            "  heap in use (mapped blocks included) after the paste: +\(megabytes(heapAfter - heapBefore)) MB = \(perCharacter(heapAfter - heapBefore, size)) B per grapheme"
        )
        print(
            "  peak resident set: \(megabytes(peakBefore)) MB -> \(megabytes(peakAfter)) MB, +\(perCharacter(peakAfter - peakBefore, size)) B per grapheme"
        )
        print(
            "  the paste: \(milliseconds(KeystrokeBenchmark.nanoseconds(pasteTime))) ms; a key after it: median \(milliseconds(KeystrokeBenchmark.median(keys))) ms"
        )
        binding.dispose()
    }

    static func asciiText(_ size: Int) -> String {
        var text = ""
        text.reserveCapacity(size)
        let words = ["alpha", "beta", "gamma", "delta", "epsilon"]
        var index = 0
        while text.utf8.count < size {
            text += words[index % words.count]
            text += " "
            index += 1
        }
        return String(text.utf8.prefix(size))!
    }

    static func mixedText(_ size: Int) -> String {
        var text = ""
        for index in 0..<size {
            text.append(index % 16 == 7 ? "é" : index % 16 == 15 ? "世" : Character(UnicodeScalar(97 + index % 26)!))
        }
        return text
    }

    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    static func megabytes(_ bytes: Int) -> String { String(format1: Double(bytes) / 1_048_576) }
    static func perCharacter(_ bytes: Int, _ count: Int) -> String { String(format1: Double(bytes) / Double(count)) }
    static func milliseconds(_ nanoseconds: Double) -> String { String(format3: nanoseconds / 1_000_000) }
}

extension String {
    fileprivate init(format1 value: Double) { self = String(Double(Int((value * 10).rounded())) / 10) }
    fileprivate init(format3 value: Double) { self = String(Double(Int((value * 1000).rounded())) / 1000) }
}
