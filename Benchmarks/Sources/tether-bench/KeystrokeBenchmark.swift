import TetherTesting
import TetherUI

/// Issue 3: keystroke-to-frame cost on the headless backend for forms of 10 … 10,000 fields.
///
/// Each key is one `Pilot.press`: the application routes the key to the focused field, the
/// field edits its text, and the application renders a full frame (layout is not needed)
/// which the headless backend diffs against the previous one, as a real backend would.
/// Keys alternate between typing `a` and Backspace so the field's text stays short.
@MainActor
enum KeystrokeBenchmark {
    static let fieldCounts = [10, 100, 1_000, 10_000]
    static let keysPerRepetition = 2_000

    struct Result {
        let fields: Int
        let nanosecondsPerKey: Double
        let cellsPerKey: Double
    }

    static func makePilot(fields: Int) -> Pilot {
        let form = Form()
        for index in 0..<fields {
            form.addField("Field \(index + 1)", TextField(placeholder: "value \(index + 1)", width: 30))
        }
        let button = Button("Save")
        form.addButtons([button], default: button)
        return try! Pilot(root: Panel(title: "\(fields) fields", form), size: Size(width: 80, height: 24))
    }

    static func run(repetitions: Int) -> [Result] {
        let pilots = fieldCounts.map { makePilot(fields: $0) }
        for pilot in pilots { typeKeys(pilot, count: 200) }  // warm-up
        var samples = Array(repeating: [Double](), count: pilots.count)
        var cells = Array(repeating: 0.0, count: pilots.count)
        for _ in 0..<repetitions {
            for (index, pilot) in pilots.enumerated() {  // interleaved
                let before = pilot.cellsWritten
                let start = ContinuousClock.now
                typeKeys(pilot, count: keysPerRepetition)
                let elapsed = ContinuousClock.now - start
                samples[index].append(nanoseconds(elapsed) / Double(keysPerRepetition))
                cells[index] = Double(pilot.cellsWritten - before) / Double(keysPerRepetition)
            }
        }
        return pilots.indices.map {
            Result(fields: fieldCounts[$0], nanosecondsPerKey: median(samples[$0]), cellsPerKey: cells[$0])
        }
    }

    static func typeKeys(_ pilot: Pilot, count: Int) {
        for index in 0..<count { pilot.press(index % 2 == 0 ? .character("a") : .backspace) }
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func report(_ results: [Result]) {
        print("")
        print("## Keystroke to frame (headless backend, 80×24, median of repetitions)")
        print("")
        print("| fields | ns/key | cells written/key | × vs 10 fields |")
        print("|---:|---:|---:|---:|")
        let base = results.first?.nanosecondsPerKey ?? 1
        for result in results {
            print(
                "| \(result.fields) | \(Int(result.nanosecondsPerKey.rounded())) | \(result.cellsPerKey) | \(String(format2(result.nanosecondsPerKey / base))) |"
            )
        }
        if let last = results.last {
            let ratio = last.nanosecondsPerKey / base
            print("")
            print("Flatness 10,000 vs 10 fields: \(format2(ratio))× (target ≤ 1.5×): \(ratio <= 1.5 ? "pass" : "FAIL")")
        }
    }

    static func format2(_ value: Double) -> String {
        let scaled = Int((value * 100).rounded())
        return "\(scaled / 100).\(scaled % 100 < 10 ? "0" : "")\(scaled % 100)"
    }
}
