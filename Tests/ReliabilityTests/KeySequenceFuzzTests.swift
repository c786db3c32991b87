import PropertyBased
import Testing
import TetherTesting
import TetherUI

/// Random sequences of keys, text, pastes, mouse events, resizes and model writes against
/// the login form (docs/reliability.md, "Key-sequence fuzzing").
///
/// `TETHER_FUZZ_STEPS=1000000 swift test --filter ReliabilityTests.KeySequenceFuzzTests` runs a
/// million steps; the default is 100,000. The count and time are printed.
@MainActor
@Suite("Key-sequence fuzzing")
struct KeySequenceFuzzTests {
    static let steps = environmentCount("TETHER_FUZZ_STEPS", default: 100_000)

    @Test(
        "after every random step the widgets agree with the view model and each text field holds what a reference editor predicts"
    )
    func randomStepsKeepTheFormConsistent() async throws {
        let start = ContinuousClock.now
        let sequences = FuzzStep.generator.array(of: 1...100)
        var executed = 0, runs = 0, failed = false
        var coverage = FuzzCoverage()
        while executed < Self.steps && !failed {
            await propertyCheck(count: max(1, (Self.steps - executed) / 50), input: sequences) { steps in
                runs += 1
                let harness = try LoginFuzzHarness()
                for (index, step) in steps.enumerated() {
                    await Task.yield()  // the main actor is every suite's: 100,000 steps must not hold it
                    let problem = await harness.perform(step)
                    executed += 1
                    if let problem = problem ?? harness.check() {
                        failed = true
                        Issue.record("step \(index + 1) of \(steps.count), \(step): \(problem)")
                        break
                    }
                    // A few inputs after Ctrl-C show that nothing handles them; more would
                    // only spend the steps.
                    if harness.coverage.afterQuit >= 3 { break }
                }
                await harness.tearDown()
                coverage = coverage + harness.coverage
            }
        }
        print(
            "Key-sequence fuzzing: \(executed) steps in \(runs) sequences, \(seconds(since: start)); \(coverage.summary)"
        )
        #expect(executed >= Self.steps)
    }

    // MARK: Counterexamples the fuzzer found, kept as examples

    @Test("a letter typed before a lone combining mark takes the mark, and the next key goes after both")
    func letterBeforeCombiningMark() throws {
        let demo = try Demo()
        demo.pilot.type("\u{300}")
        demo.pilot.press(.ctrl("b"))
        demo.pilot.type("nJ")
        #expect(demo.screen.username.text.unicodeScalars.elementsEqual("n\u{300}J".unicodeScalars))
        #expect(demo.screen.username.caret == 2)
    }

    @Test("the two halves of a flag typed one after the other make one grapheme, which one Backspace deletes")
    func flagHalvesJoin() throws {
        let demo = try Demo()
        demo.pilot.type("a\u{1F1EB}")
        demo.pilot.type("\u{1F1F7}")
        #expect(demo.screen.username.text == "a🇫🇷")
        #expect(demo.screen.username.caret == 2)
        demo.pilot.press(.backspace)
        #expect(demo.viewModel.username.value == "a")
    }
}
