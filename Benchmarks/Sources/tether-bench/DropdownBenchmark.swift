import TetherTesting
import TetherUI

/// Issue 13: a Dropdown over 100 and 100,000 options, each step one `Pilot.press` (the key
/// routed, the popup updated, a frame rendered and diffed by the headless backend):
/// opening the list (Enter), moving the highlight one row (↓ or ↑), and typing one filter
/// character into an empty filter (a full search; Backspace, not timed, empties it again).
/// Also reported, untimed by the targets: setting the options (titles, the folded index).
@MainActor
enum DropdownBenchmark {
    static let optionCounts = [100, 100_000]

    struct Result {
        let options: Int
        let setOptions: Double
        let open: Double
        let move: Double
        let filter: Double
    }

    /// Titles such as "Lomavi Terasu 4821": syllables from a fixed pseudo-random sequence, so
    /// a one-letter filter matches a realistic share of them.
    static func titles(_ count: Int) -> [String] {
        let syllables = [
            "ka", "lo", "ma", "vi", "te", "ra", "su", "no", "pe", "di", "zu", "be", "ch", "or", "an", "el",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { index in
            var word = ""
            for _ in 0..<(2 + next() % 3) { word += syllables[next() % syllables.count] }
            var other = ""
            for _ in 0..<(2 + next() % 2) { other += syllables[next() % syllables.count] }
            return word.prefix(1).uppercased() + word.dropFirst() + " " + other.prefix(1).uppercased()
                + other.dropFirst()
                + " \(index)"
        }
    }

    static func run(repetitions: Int) -> [Result] {
        optionCounts.map { measure(options: $0, repetitions: repetitions) }
    }

    static func measure(options count: Int, repetitions: Int) -> Result {
        let options = titles(count)
        let dropdown = Dropdown<String>(placeholder: "choose", width: 30)
        let form = Form()
        form.addField("Option", dropdown)
        let pilot = try! Pilot(root: form, size: Size(width: 80, height: 24))
        let setStart = ContinuousClock.now
        dropdown.options = options
        let setOptions = milliseconds(ContinuousClock.now - setStart)
        dropdown.selection = options[count / 2]
        pilot.advance(by: .zero)
        var open: [Double] = [], move: [Double] = [], filter: [Double] = []
        for repetition in 0...repetitions {  // 0 is the warm-up
            open.append(time { pilot.press(.enter) })
            precondition(dropdown.isOpen, "Enter did not open the list")
            move.append(time { pilot.press(repetition % 2 == 0 ? .down : .up) })
            filter.append(time { pilot.press(.character("a")) })
            precondition(pilot.lines[0].contains("[a "), "the filter did not apply")
            pilot.press(.backspace)
            pilot.press(.escape)
        }
        precondition(!dropdown.isOpen && dropdown.selection == options[count / 2], "the benchmark changed the choice")
        return Result(
            options: count, setOptions: setOptions, open: median(open.dropFirst()),
            move: median(move.dropFirst()), filter: median(filter.dropFirst()))
    }

    static func time(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return milliseconds(ContinuousClock.now - start)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: ArraySlice<Double>) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func report(_ results: [Result]) {
        print("")
        print(
            "| Dropdown options | set options, ms | open, ms | move one row, ms | type one filter character, ms | Target |"
        )
        print("| ---: | ---: | ---: | ---: | ---: | --- |")
        for result in results {
            print(
                "| \(result.options) | \(format(result.setOptions, digits: 2)) | \(format(result.open, digits: 3)) "
                    + "| \(format(result.move, digits: 3)) | \(format(result.filter, digits: 3)) | each < 5 ms |")
        }
        if let small = results.first, let big = results.last, small.move > 0 {
            let ratio = big.move / small.move
            let pass = ratio <= 1.5 && results.allSatisfy { max($0.open, $0.move, $0.filter) < 5 }
            print(
                "Moving one row at \(big.options) ÷ at \(small.options) options: \(format(ratio, digits: 2)) "
                    + "(target ≤ 1.5); \(pass ? "pass" : "FAIL")")
        }
    }
}
