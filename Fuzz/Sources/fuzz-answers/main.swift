import CFuzzDriver
import TetherAnswerFiles
import TetherAnswers
import TetherUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The answers file (`FormAnswers` reading JSON through Foundation, and YAML through Yams):
/// any bytes at the file's path, read as each format, are read without crashing; they give
/// answers or problems that each name the file; the answers read are applied to a form of
/// every kind of field without crashing, and a report's every entry says what became of its
/// field; a record of that form reads back without a problem.
func fuzzAnswers(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for answersPath in [jsonPath, yamlPath] { read(bytes, at: answersPath) }
    return 0
}

/// `bytes` written at `answersPath` and read as an answers file.
func read(_ bytes: [UInt8], at answersPath: String) {
    let fd = open(answersPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("cannot write \(answersPath)") }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    MainActor.assumeIsolated {
        let form = makeForm()
        let answers = FormAnswers(
            for: form, names: AnswerNames(environmentPrefix: "FUZZ_"), answersFile: answersPath)
        for problem in answers.problems where !problem.hasPrefix(answersPath) {
            fatalError("a problem that does not name the file: \(problem)")
        }
        for (key, answer) in answers.answers {
            guard form.field(forKey: key) != nil else { fatalError("an answer for a key the form lacks: \(key)") }
            guard answer.source == .answersFile(path: answersPath, key: key) else {
                fatalError("a wrong source: \(answer.source)")
            }
        }
        let report = answers.apply(to: form)
        guard report.entries.count == 8 else { fatalError("\(report.entries.count) entries for 8 fields") }
        _ = report.explanation
        _ = report.failureMessage
        recordReadsBack(form)
    }
}

/// The record of `form` read back as an answers file: no problem, and every field it
/// holds answered.
@MainActor
func recordReadsBack(_ form: Form) {
    let names = AnswerNames(environmentPrefix: "FUZZ_")
    do throws(AnswersFileError) {
        try AnswersRecord.write(form, names: names, toPath: recordPath)
    } catch {
        fatalError("a record cannot be written: \(error)")
    }
    let replay = FormAnswers(for: makeForm(), names: names, answersFile: recordPath)
    guard replay.problems.isEmpty else { fatalError("a record does not read back: \(replay.problems)") }
}

/// A form with a text field, a typed integer, a picker, a check list, a toggle, a slider, a
/// text area and a password.
@MainActor
func makeForm() -> Form {
    Form {
        Field("Name", key: "name", TextField()).required().validate(.length(max: 20))
        Field("Port", key: "port", TextField(), as: .integer(in: 1...65_535), value: 80)
        Field("Plan", key: "plan", Picker(options: ["Free", "Pro", "Team"]))
        Field("Extras", key: "extras", CheckList(options: ["Backups", "Support", "Audit"]))
        Field("News", key: "news", Toggle("Send news"))
        Field("Size", key: "size", Slider(value: 10, in: 0...20, step: 2))
        Field("Notes", key: "notes", TextArea())
        Field("Password", key: "password", SecureField())
    }
}

/// One file per process, in the temporary folder.
let jsonPath = "/tmp/tether-fuzz-answers-\(getpid()).json"
let yamlPath = "/tmp/tether-fuzz-answers-\(getpid()).yaml"
let recordPath = "/tmp/tether-fuzz-record-\(getpid()).yaml"

// Last, so that the globals above are initialised first (main.swift runs top to bottom).
exit(tether_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzAnswers))
