#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TetherAnswerFiles
import TetherAnswers
import TetherUI

@MainActor
@Suite("Answers records")
struct AnswersRecordTests {
    /// Texts that YAML or a careless writer would change: quotes, a backslash, a comment
    /// sign, a country code, a version, leading spaces, line breaks YAML 1.1 knows (NEL,
    /// LS, PS) and an emoji.
    static let awkward = [
        #"Ada "the" Countess"#, #"C:\Users\ada"#, "# not a comment", "NO", "1.10", "  indented", "a: b",
        "line\u{85}next", "line\u{2028}sep\u{2029}para", "👩🏽‍💻 Ada", "~", "null", "yes",
    ]

    /// A sign-up answered with `name`, Pro with two extras, news on, port 9000.
    func answered(name: String) -> SignUp {
        let signUp = SignUp()
        let answers = signUp.answers(["--name", name, "--plan", "pro", "--extras", "backups, audit", "--newsletter"])
        answers.apply(to: signUp.form)
        return signUp
    }

    @Test("a record read back as an answers file gives every field the value it had, however awkward the text")
    func roundTrip() {
        for name in Self.awkward {
            let first = answered(name: name)
            let path = "/tmp/tether-record-\(getpid()).yaml"
            defer { unlink(path) }
            #expect(throws: Never.self) { try AnswersRecord.write(first.form, names: first.names, toPath: path) }
            let second = SignUp()
            let replay = second.answers(file: path)
            #expect(replay.problems == [], "\(name.debugDescription): \(replay.problems)")
            replay.apply(to: second.form)
            for key in ["name", "email", "plan", "extras", "newsletter", "port"] {
                #expect(second.value(key) == first.value(key), "\(key) for \(name.debugDescription)")
            }
            #expect(
                AnswersRecord.text(of: second.form, names: second.names)
                    == AnswersRecord.text(of: first.form, names: first.names))
        }
    }

    @Test("a secret is left out with a comment naming how to give it, and its text is nowhere in the file")
    func secretLeftOut() throws {
        let signUp = answered(name: "Ada")
        signUp.answers(environment: ["SIGNUP_PASSWORD": "hunter2-hunter2"]).apply(to: signUp.form)
        let path = "/tmp/tether-record-secret-\(getpid()).yaml"
        defer { unlink(path) }
        let leftOut = try AnswersRecord.write(signUp.form, names: signUp.names, toPath: path)
        #expect(leftOut.map(\.key) == ["password"])
        let text = String(decoding: try #require(readBytes(path)), as: UTF8.self)
        #expect(!text.contains("hunter2"))
        #expect(
            text.contains(
                "# password: left out, a secret is never recorded; give it with SIGNUP_PASSWORD or --password-file FILE"
            ))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o077 == 0, "readable by others")
    }

    @Test("a field hidden by its condition is not recorded; an empty one is recorded as no answer")
    func hiddenAndEmpty() {
        let signUp = answered(name: "Ada")
        let text = AnswersRecord.text(of: signUp.form, names: signUp.names)
        #expect(!text.contains("company"), "\(text)")
        #expect(text.contains("\nemail: ~\n"), "\(text)")
        #expect(text.contains("\nplan: \"Pro\"\n") && text.contains("\nextras: \"Backups, Audit log\"\n"), "\(text)")
    }

    @Test("a record named .json or in a folder that cannot be written is refused before the form runs")
    func refusedPaths() {
        #expect(
            AnswersRecord.problem(writing: "answers.json")?.description.contains("give a name ending in .yaml") == true)
        #expect(
            AnswersRecord.problem(writing: "/nonexistent/answers.yaml")?.description.contains("the folder /nonexistent")
                == true)
        #expect(AnswersRecord.problem(writing: "answers.yml") == nil)
    }

    func readBytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return bytes
    }
}
