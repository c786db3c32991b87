#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import TetherTesting
import Testing

/// The built `signup-example` scripted: its answers piped in, without a controlling terminal.
@Suite("signup-example scripted", .serialized)
struct SignupScriptedEndToEndTests {
    static var binary: String { buildProductsDirectory() + "/signup-example" }

    /// Runs signup-example with `arguments`, `input` as its answers, in a session of its own
    /// (no terminal), as a user's test would with TetherTesting's `ProgramRunner`.
    func scripted(_ input: String, _ arguments: [String] = []) async -> ProcessResult {
        await ProgramRunner.run(Self.binary, arguments, input: input, environment: ProcessRunner.testEnvironment())
    }

    @Test("answers piped in sign up: numbers for the choices, a text ended by an empty line, the outcome on stdout")
    func scriptedSignUp() async {
        let result = await scripted("18\n2\n1,2\nLisbon\n41\nhello\nworld\n\n\n", ["--accessible"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "signed up: Spain, Pro, Email+SMS, Lisbon, age 41\nabout:\nhello\nworld\n")
        #expect(result.stderr.contains("9) India\nOptions 1 to 9 of 21: "))
        #expect(
            result.stderr.contains(
                "Country (required; hint: choose a country; a number from 1 to 21 or part of a name): 18\n"))
        #expect(result.stderr.contains("1) Country: Spain\n"))
        #expect(result.stderr.hasSuffix("Sign up? [Y/n]: \nSigning up…\nSigned up.\n"))
    }

    @Test("a sign-up whose outcome cannot be written (standard output on a full disk) exits 74 and says why")
    func outcomeLostIsAnError() async {
        let command =
            "printf %s \(shellQuoted("18\n2\n1,2\nLisbon\n41\nhello\n\n\n")) | \(shellQuoted(Self.binary)) > /dev/full"
        let result = await ProcessRunner.run(["setsid", "-w", "sh", "-c", command])
        #expect(result.status == 74)
        #expect(
            result.stderr.hasSuffix(
                "signup-example: the result could not be written to standard output (No space left on device)\n"),
            "stderr: \(result.stderr)")
    }

    @Test("without a terminal the example asks by itself, and an invalid number is told and asked again")
    func invalidNumberAskedAgain() async {
        let result = await scripted("40\n18\n\n\nBern\n\n\n\n")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("There is no option 40: enter a number from 1 to 21.\n"))
        #expect(result.stdout == "signed up: Spain, Free, Email, Bern, age 30\n")
    }

    @Test("input ending in the middle of the text area is one error line, exit status 2, nothing signed up")
    func endOfInputInTextArea() async {
        let result = await scripted("18\n2\n1\nLisbon\n41\nhalf a text\n")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasSuffix(
                "signup-example: input ended before the form was complete (no answer for About)\n"))
        #expect(!result.stderr.contains("Signing up"))
    }
}
