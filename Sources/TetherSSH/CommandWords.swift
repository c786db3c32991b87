/// The words of the command an SSH client sends with `ssh host -- ARGS` (an `exec` request),
/// split as a POSIX shell splits a simple command, without running one: no variable,
/// command or file-name expansion, no redirection, no second command (`$`, `` ` ``, `*`, `;`,
/// `|` and `>` are plain characters).
///
/// OpenSSH's `ssh` joins its arguments with single spaces, so an argument with a space
/// reaches the server as two words unless it is quoted for the server as well:
/// `ssh host -- --name "'Ada Lovelace'"`. Here, as in `sh`:
/// - spaces, tabs and line breaks outside quotes separate words;
/// - `'…'` keeps everything up to the next `'` as it is;
/// - `"…"` keeps everything up to the next unescaped `"`, where a backslash escapes only
///   `"`, `\`, `$`, `` ` `` and a line break (which it removes);
/// - a backslash outside quotes keeps the next character as it is (and removes a line break);
/// - `''` and `""` are an empty word.
///
/// Hand-written (no library splits words without a shell), so fuzzed: `.ci/fuzz`'s
/// `fuzz-ssh-keys` splits any text and checks that ``quoted(_:)`` words split back as
/// themselves.
enum CommandWords {
    /// Why a command could not be split, in words a person can act on.
    struct Problem: Error, Equatable, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// The longest command taken, in bytes (OpenSSH sends what fits in a packet, 256 KiB).
    static let longestCommand = 64 * 1024

    /// The words of `command`.
    ///
    /// - Throws: ``Problem`` for an unclosed quote, a backslash at the very end, a NUL byte
    ///   (a program's argument cannot hold one) or a command over ``longestCommand`` bytes.
    static func split(_ command: String) throws(Problem) -> [String] {
        guard command.utf8.count <= longestCommand else {
            throw Problem(
                message: "The command is longer than \(longestCommand / 1024) KiB: give the answers in a file.")
        }
        guard !command.utf8.contains(0) else {
            throw Problem(message: "The command holds a NUL character, which no argument can hold.")
        }
        var splitter = Splitter()
        for character in command.unicodeScalars { try splitter.take(character) }
        return try splitter.finish()
    }

    /// `words` written so that ``split(_:)`` gives them back: each in single quotes unless
    /// it is made only of characters that need none.
    static func quoted(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    /// One word, quoted when it needs it (`'` itself as `'\''`), scalar by scalar: a quote
    /// followed by a combining mark is one `Character`, and must still be escaped.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { Self.needsNoQuotes.contains($0) }
        guard !plain else { return word }
        var result = String.UnicodeScalarView()
        result.append("'")
        for scalar in word.unicodeScalars {
            if scalar == "'" { result.append(contentsOf: "'\\''".unicodeScalars) } else { result.append(scalar) }
        }
        result.append("'")
        return String(result)
    }

    private static let needsNoQuotes = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+.,/:@%".unicodeScalars)

    /// The splitting state, one character at a time.
    private struct Splitter {
        enum Quote { case none, single, double }
        var words: [String] = []
        var word = String.UnicodeScalarView()
        /// Whether a word is under way (an empty pair of quotes makes one).
        var inWord = false
        var quote = Quote.none
        var escaped = false

        mutating func take(_ character: Unicode.Scalar) throws(Problem) {
            if escaped {
                escaped = false
                if character == "\n" { return }  // a line continued
                if quote == .double, !"\"\\$`".unicodeScalars.contains(character) { word.append("\\") }
                append(character)
                return
            }
            switch (quote, character) {
            case (.single, "'"): quote = .none
            case (.single, _): append(character)
            case (.double, "\""): quote = .none
            case (.double, "\\"), (.none, "\\"): escaped = true
            case (.double, _): append(character)
            case (.none, "'"):
                quote = .single
                inWord = true
            case (.none, "\""):
                quote = .double
                inWord = true
            case (.none, " "), (.none, "\t"), (.none, "\n"): endWord()
            case (.none, _): append(character)
            }
        }

        mutating func append(_ character: Unicode.Scalar) {
            word.append(character)
            inWord = true
        }

        mutating func endWord() {
            if inWord { words.append(String(word)) }
            word = String.UnicodeScalarView()
            inWord = false
        }

        mutating func finish() throws(Problem) -> [String] {
            switch quote {
            case .single: throw Problem(message: "The command has a ' (single quote) that is never closed: close it.")
            case .double: throw Problem(message: "The command has a \" (double quote) that is never closed: close it.")
            case .none: break
            }
            if escaped {
                throw Problem(message: "The command ends with a backslash: remove it, or quote it as '\\'.")
            }
            endWord()
            return words
        }
    }
}
