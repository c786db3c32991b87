import Testing

@testable import TetherSSH

/// `ssh host -- ARGS` sends one string: its words, split as `sh` splits a simple command.
@Suite("Command words")
struct CommandWordsTests {
    @Test(
        "words split as a shell splits them, with no expansion",
        arguments: [
            ("", []),
            ("  one\ttwo\nthree  ", ["one", "two", "three"]),
            ("--name 'Ada Lovelace'", ["--name", "Ada Lovelace"]),
            ("\"a \\\"quoted\\\" word\"", ["a \"quoted\" word"]),
            ("\"\\a\\$\\\\\"", ["\\a$\\"]),
            ("it\\'s back\\ slash", ["it's", "back slash"]),
            ("'' \"\" x''y", ["", "", "xy"]),
            ("$HOME `id` *.txt a;b|c>d", ["$HOME", "`id`", "*.txt", "a;b|c>d"]),
            ("one\\\ntwo \"three\\\nfour\"", ["onetwo", "threefour"]),
            ("'a\"b' \"c'd\"", ["a\"b", "c'd"]),
        ] as [(String, [String])])
    func splits(_ command: String, _ words: [String]) throws {
        #expect(try CommandWords.split(command) == words)
    }

    @Test(
        "an unclosed quote, a backslash at the end and a NUL are refused saying what to do",
        arguments: [
            ("--name 'Ada", "' (single quote) that is never closed: close it."),
            ("--name \"Ada", "\" (double quote) that is never closed: close it."),
            ("--name Ada\\", "ends with a backslash"),
            ("a\u{0}b", "NUL"),
        ])
    func refused(_ command: String, _ words: String) {
        #expect(throws: CommandWords.Problem.self) { try CommandWords.split(command) }
        do {
            _ = try CommandWords.split(command)
        } catch {
            #expect(error.message.contains(words), "\(error.message)")
        }
    }

    @Test("a command longer than 64 KiB is refused, saying to give the answers in a file")
    func tooLong() {
        let command = String(repeating: "a ", count: 40 * 1024)
        #expect(throws: CommandWords.Problem(message: "The command is longer than 64 KiB: give the answers in a file."))
        {
            try CommandWords.split(command)
        }
    }

    @Test("quoted words split back as themselves, quotes, spaces and all")
    func quotedRoundTrip() throws {
        let words = [
            "plain", "", "two words", "it's", "\"x\"", "$HOME", "back\\slash", "line\nbreak", "ünï cödé", "'",
            "'\u{0596}x",
        ]
        #expect(try CommandWords.split(CommandWords.quoted(words)) == words)
        #expect(CommandWords.quoted(["--name", "Ada Lovelace"]) == "--name 'Ada Lovelace'")
    }
}
