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
@Suite("YAML answers files")
struct AnswersFileYAMLTests {
    /// The answers `SignUp` reads from a file named `*.yaml` holding `text`.
    func answers(_ text: String, name: String = #function) -> FormAnswers {
        let file = temporaryFile(text, suffix: ".yaml", name: name)
        defer { unlink(file) }
        return SignUp().answers(file: file)
    }

    @Test("a mapping of keys to scalars and lists answers by key, each scalar as written; ~ gives none")
    func values() {
        let read = answers(
            """
            # the sign-up
            name: Ada
            port: 9000
            newsletter: yes
            extras: [Backups, audit log]
            company: NO
            email: ~
            """)
        #expect(read.problems == [])
        #expect(read.answers["name"]?.text == "Ada")
        #expect(read.answers["port"]?.text == "9000")
        #expect(read.answers["newsletter"]?.text == "yes")
        #expect(read.answers["extras"]?.text == "Backups, audit log")
        #expect(read.answers["company"]?.text == "NO", "a country code is not a truth value")
        #expect(read.answers["email"] == nil)
        #expect(
            read.answers["name"]?.source
                == .answersFile(path: "/tmp/tether-answers-\(getpid())-values.yaml", key: "name"))
    }

    @Test("a block list checks options and true turns a yes/no field on, through the field's own parsing")
    func appliedToTheForm() {
        let signUp = SignUp()
        let file = temporaryFile("extras:\n  - Backups\n  - audit log\nnewsletter: true\n", suffix: ".yaml")
        defer { unlink(file) }
        let report = signUp.answers(file: file).apply(to: signUp.form)
        #expect(report.problems == [])
        #expect(signUp.value("extras") == "Backups, Audit log")
        #expect(signUp.value("newsletter") == "yes")
    }

    @Test("YAML that does not parse is refused naming the file, the line and the column, its bytes never quoted")
    func notYAML() {
        let read = answers("name: Ada\nemail: [one\nplan: \u{1B}]0;pwned\u{07}\n")
        #expect(read.answers.isEmpty)
        let problem = read.problems.first ?? ""
        #expect(read.problems.count == 1)
        #expect(problem.hasPrefix("/tmp/tether-answers-\(getpid())-notYAML.yaml: not YAML: "), "\(problem)")
        #expect(problem.contains("line 3"), "\(problem)")
        #expect(!problem.contains("\u{1B}") && !problem.contains("\u{07}"), "\(problem.debugDescription)")
    }

    @Test("a mapping as an answer, a list of lists and a key given twice are refused by key and line")
    func refusedShapes() {
        let mapping = answers("name: Ada\nplan:\n  tier: Pro\n").problems.first ?? ""
        #expect(mapping.contains("key plan (line 3): an answer is a string"), "\(mapping)")
        let nested = answers("extras: [[Backups]]\n").problems.first ?? ""
        #expect(nested.contains("key extras (line 1): a list holds answers"), "\(nested)")
        let twice = answers("name: Ada\nname: Bea\n").problems.first ?? ""
        #expect(twice.contains("the key name is given twice"), "\(twice)")
        let top = answers("- Ada\n- Bea\n").problems.first ?? ""
        #expect(top.contains("not a mapping of answers"), "\(top)")
    }

    @Test("20,000 nested brackets or list markers are refused, without overflowing the stack")
    func deepNesting() {
        for text in ["name: " + String(repeating: "[", count: 20_000), String(repeating: "- ", count: 20_000) + "x"] {
            let problem = answers(text).problems.first ?? ""
            #expect(problem.contains("nested more than 1,000 levels deep on line 1"), "\(problem.prefix(200))")
        }
    }

    @Test("an empty YAML file gives no answers and no problem")
    func empty() {
        let read = answers("# nothing yet\n")
        #expect(read.problems == [] && read.answers.isEmpty)
    }
}
