#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing
import TetherCurses
import TetherReactive
import TetherUI

/// `FormProgram.run`: a form program's exit status from how its run ended, here with the
/// accessible presentation answering from a pipe (its questions to /dev/null).
@Suite("FormProgram", .serialized, .processWide)
@MainActor
struct FormProgramTests {
    /// A form asking a required name, whose Save returns it; answered by `answers`, then the
    /// end of input. Returns the status and what Save produced.
    func run(answering answers: String) async throws -> (status: Int32, saved: String?) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw HarnessError("no pipe") }
        _ = Array(answers.utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        let quiet = open("/dev/null", O_WRONLY)
        defer {
            close(ends[0])
            close(quiet)
        }
        let name = BehaviorRelay(value: "")
        let save = Command<Void, String> { name.value }
        let button = Button("Save")
        let form = Form {
            Field("Name", key: "name", TextField()).required().bound(to: name)
            Buttons([button], default: button).submitting(save)
        }
        let app = Application(root: form, backend: AccessibleBackend(input: ends[0], output: quiet))
        var saved: String?
        let bag = DisposeBag()
        save.values.subscribe(onNext: {
            saved = $0
            app.quit()
        }).disposed(by: bag)
        // `run()`: a test is not a synchronous main, where `FormProgram.run` would use
        // `runOnMainThread()`; the status is worked out the same way.
        let result: Result<Application.Exit, any Error>
        do {
            result = .success(try await app.run())
        } catch {
            result = .failure(error)
        }
        let status = FormProgram.status(of: result, name: "form-program-test") { saved.map { "saved \($0)" } }
        return (status, saved)
    }

    @Test("a form completed ends with 0, its outcome asked for once the run ended")
    func completedIsZero() async throws {
        let (status, saved) = try await run(answering: "Ada\n\n")
        #expect(status == FormProgram.completed)
        #expect(saved == "Ada")
    }

    @Test("answers that end before the form is complete end with 2, nothing saved")
    func endedInputIsTwo() async throws {
        let (status, saved) = try await run(answering: "")
        #expect(status == FormProgram.unusable)
        #expect(saved == nil)
    }

    @Test("a form left without its outcome ends with 1: the person's no to Save")
    func leftIsOne() async throws {
        let (status, saved) = try await run(answering: "Ada\nn\n")
        #expect(status == FormProgram.left, "status \(status)")
        #expect(saved == nil)
    }
}
