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
@Suite("Answers files")
struct AnswersFileTests {
    @Test("strings, numbers, true and false, and lists are answers by key; null gives none")
    func values() {
        let file = temporaryFile(
            #"{"name": "Ada", "port": 9000, "newsletter": true, "extras": ["Backups", "audit log"], "email": null}"#)
        defer { unlink(file) }
        let answers = SignUp().answers(file: file)
        #expect(answers.problems == [])
        #expect(answers.answers["name"]?.text == "Ada")
        #expect(answers.answers["port"]?.text == "9000")
        #expect(answers.answers["newsletter"]?.text == "yes")
        #expect(answers.answers["extras"]?.text == "Backups, audit log")
        #expect(answers.answers["email"] == nil)
    }

    @Test("a file that is not JSON is refused naming the file and where the parser stopped")
    func notJSON() {
        let file = temporaryFile("{\n  \"name\": \"Ada\",\n  oops\n}")
        defer { unlink(file) }
        let answers = SignUp().answers(file: file)
        #expect(answers.answers.isEmpty)
        #expect(answers.problems.count == 1)
        let problem = answers.problems.first ?? ""
        #expect(problem.hasPrefix("\(file): "), "\(problem)")
        #expect(problem.contains("line 3"), "\(problem)")
    }

    @Test("a key the form does not have is named with the keys it has; a secret in the file is refused")
    func unknownKeyAndSecret() {
        let file = temporaryFile(#"{"nmae": "Ada", "password": "in-a-file"}"#)
        defer { unlink(file) }
        let answers = SignUp().answers(file: file)
        #expect(answers.answers.isEmpty)
        #expect(answers.problems.count == 2)
        #expect(
            answers.problems[0].hasPrefix("\(file): no field has the key nmae (the keys are name, email, password,"))
        #expect(
            answers.problems[1].hasPrefix(
                "\(file): Password is secret and is not read from an answers file: set SIGNUP_PASSWORD"))
        #expect(!answers.problems.joined().contains("in-a-file"))
    }

    @Test(
        "an object, a nested list, a top level that is not an object, a missing file and one over 1 MB are refused by name"
    )
    func refusedShapes() {
        let cases = [
            #"{"name": {"first": "Ada"}}"#: "key name:", #"{"extras": [["Backups"]]}"#: "key extras:",
            #"["Ada"]"#: "not a JSON object of answers",
        ]
        for (text, expected) in cases {
            let file = temporaryFile(text)
            defer { unlink(file) }
            let problems = SignUp().answers(file: file).problems
            #expect(problems.count == 1 && problems[0].contains(expected), "\(text): \(problems)")
        }
        #expect(
            SignUp().answers(file: "/nonexistent/answers.json").problems == ["/nonexistent/answers.json: no such file"])
        let large = temporaryFile("{\"name\": \"" + String(repeating: "a", count: 1 << 20) + "\"}", name: "large")
        defer { unlink(large) }
        #expect(SignUp().answers(file: large).problems == ["\(large): larger than 1 MB, not an answers file"])
    }

    @Test("20,000 nested brackets are refused without overflowing the stack")
    func deepNesting() {
        let file = temporaryFile("{\"notes\": " + String(repeating: "[", count: 20_000))
        defer { unlink(file) }
        let problems = SignUp().answers(file: file).problems
        #expect(problems.count == 1 && problems[0].hasPrefix(file))
    }
}
