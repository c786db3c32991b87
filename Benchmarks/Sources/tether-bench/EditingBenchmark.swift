import TetherTesting
import TetherUI

/// Issue 12: the cost of one typed key and of one Backspace in a text field already holding
/// 1 KB, 100 KB or 1 MB of text, with the caret at the end or in the middle, each key one
/// `Pilot.press` (routed, edited, a frame rendered and diffed by the headless backend).
/// Keys alternate `a` / Backspace so the text keeps its length; each is timed on its own.
/// The widgets are in `EditingWidgets.swift`.
@MainActor
enum EditingBenchmark {
    static let sizes = [0, 1_000, 100_000, 1_000_000]

    struct Result {
        let widget: String
        let size: Int
        let middle: Bool
        let type: Double
        let backspace: Double
    }

    /// Words of 2–9 letters, spaces between, a line break every ~70 characters.
    static func text(_ size: Int) -> String {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var result = ""
        result.reserveCapacity(size)
        var line = 0
        while result.utf8.count < size {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = 2 + Int(state >> 60) % 8
            let word = String(repeating: "abcdefghij".randomLetter(Int(state >> 40)), count: length)
            line += length + 1
            if line > 70 { result += "\n"; line = 0 } else { result += " " }
            result += word
        }
        return String(result.utf8.prefix(size))!
    }

    static func makeField(widget: String, text: String, middle: Bool) -> (Pilot, Widget) {
        let prefix = middle ? String(text.prefix(text.count / 2)) : text
        let field: Widget = makeWidget(widget, text: prefix)
        // Focus arriving puts the caret after the text (the prefix); the rest comes after,
        // as a model write, which keeps the caret where it is.
        let pilot = try! Pilot(root: Panel(title: "edit", field), size: Size(width: 80, height: 24))
        setText(field, text)
        return (pilot, field)
    }

    static func run(repetitions: Int) -> [Result] {
        var results: [Result] = []
        for widget in widgets {
            for size in sizes {
                for middle in [false, true] where size > 0 || !middle {
                    let source = text(size, for: widget)
                    let (pilot, _) = makeField(widget: widget, text: source, middle: middle)
                    let keys = max(4, min(400, 2_000_000 / max(1, size)))
                    var typed: [Double] = []
                    var deleted: [Double] = []
                    measure(pilot, keys: 4, typed: &typed, deleted: &deleted)  // warm-up
                    typed = []; deleted = []
                    for _ in 0..<repetitions { measure(pilot, keys: keys, typed: &typed, deleted: &deleted) }
                    results.append(
                        Result(
                            widget: widget, size: size, middle: middle,
                            type: KeystrokeBenchmark.median(typed), backspace: KeystrokeBenchmark.median(deleted)))
                }
            }
        }
        return results
    }

    static func measure(_ pilot: Pilot, keys: Int, typed: inout [Double], deleted: inout [Double]) {
        var typing = Duration.zero
        var deleting = Duration.zero
        for _ in 0..<keys {
            let start = ContinuousClock.now
            pilot.press(.character("a"))
            let middle = ContinuousClock.now
            pilot.press(.backspace)
            deleting += ContinuousClock.now - middle
            typing += middle - start
        }
        typed.append(KeystrokeBenchmark.nanoseconds(typing) / Double(keys))
        deleted.append(KeystrokeBenchmark.nanoseconds(deleting) / Double(keys))
    }

    static func report(_ results: [Result]) {
        print("")
        print("## Editing long text (headless backend, 80×24, µs per key, median of repetitions)")
        print("")
        print("| widget | text | caret | type a key | Backspace |")
        print("|---|---:|---|---:|---:|")
        for r in results {
            print(
                "| \(r.widget) | \(r.size) B | \(r.middle ? "middle" : "end") | \(micro(r.type)) | \(micro(r.backspace)) |"
            )
        }
        for widget in widgets {
            let rows = results.filter { $0.widget == widget && !$0.middle }
            guard let empty = rows.first(where: { $0.size == 0 }), let kb = rows.first(where: { $0.size == 1_000 }),
                let mb = results.filter({ $0.widget == widget && $0.size == 1_000_000 }).map(\.type).max()
            else { continue }
            let small = kb.type / empty.type
            let large = mb / kb.type
            print("")
            print(
                "\(widget): 1 KB ÷ empty \(KeystrokeBenchmark.format2(small))× (≤ 1.5), 1 MB ÷ 1 KB \(KeystrokeBenchmark.format2(large))× (≤ 3), 1 MB \(micro(mb)) µs (< 1000): \(small <= 1.5 && large <= 3 && mb < 1e6 ? "pass" : "FAIL")"
            )
        }
    }

    static func micro(_ nanoseconds: Double) -> String {
        KeystrokeBenchmark.format2(nanoseconds / 1000)
    }
}

private extension String {
    func randomLetter(_ seed: Int) -> String { String(self[index(startIndex, offsetBy: seed % count)]) }
}
