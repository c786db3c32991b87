/// The text of an `authorized_keys` file, line by line, as OpenSSH reads it: no key is
/// decoded here (``AuthorizedKeys`` does that), so the fuzzer reads this file on its own.
enum AuthorizedKeysFormat {
    /// A key line's type and key data.
    struct Entry: Equatable {
        var type: String
        var body: String
    }

    /// Why a line cannot be used, in words.
    struct LineProblem: Error, Equatable {
        var message: String
    }

    /// Options that restrict what the server does not offer anyway: a key with only these is
    /// taken. Any other option would have to be enforced, so its key is refused.
    static let harmlessOptions: Set<String> = [
        "restrict", "no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc",
    ]

    /// Key types the SSH layer verifies.
    static let keyTypes: Set<String> = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
    ]

    /// The key type and data on one non-blank, non-comment line.
    static func entry(in line: Substring) -> Result<Entry, LineProblem> {
        var rest = line
        var first = rest.nextField()
        if !looksLikeKeyType(first) {
            // Options come first: up to the first blank outside quotes.
            rest = line
            guard let options = rest.nextOptions() else {
                return .failure(LineProblem(message: "an option's quotes are not closed"))
            }
            for option in options {
                let name = option.split(separator: "=", maxSplits: 1).first.map(String.init)?.lowercased() ?? ""
                guard harmlessOptions.contains(name) else {
                    let shown = name.isEmpty ? "(empty)" : String(name.prefix(40))
                    return .failure(
                        LineProblem(message: "the option \(shown) is not supported, so this key is not accepted"))
                }
            }
            first = rest.nextField()
        }
        let type = String(first)
        let body = rest.nextField()
        guard keyTypes.contains(type) else {
            let what = type.isEmpty ? "no key type" : "\(type.prefix(40)) keys are not supported"
            return .failure(LineProblem(message: "\(what): use an ssh-ed25519 or ecdsa-sha2-nistp256 key"))
        }
        guard !body.isEmpty else { return .failure(LineProblem(message: "the \(type) key has no key data")) }
        return .success(Entry(type: type, body: String(body)))
    }

    /// Whether `field` names a key type at all (taken or not), rather than options.
    static func looksLikeKeyType(_ field: Substring) -> Bool {
        ["ssh-", "ecdsa-", "sk-"].contains { field.hasPrefix($0) } && !field.contains("=") && !field.contains(",")
    }
}

extension Substring {
    /// This text without blanks at either end.
    func trimmingWhitespace() -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isBlank($0) }) else { return self[endIndex...] }
        let end = lastIndex(where: { !isBlank($0) })!
        return self[start...end]
    }

    /// The next blank-separated field, taken off the front.
    mutating func nextField() -> Substring {
        self = drop { $0 == " " || $0 == "\t" }
        let field = prefix { $0 != " " && $0 != "\t" }
        self = self[field.endIndex...]
        return field
    }

    /// The comma-separated options at the front, up to the first blank outside double
    /// quotes (a backslash escapes a quote); `nil` when a quote is not closed.
    mutating func nextOptions() -> [Substring]? {
        self = drop { $0 == " " || $0 == "\t" }
        var options: [Substring] = []
        var start = startIndex
        var index = startIndex
        var quoted = false
        while index < endIndex {
            let character = self[index]
            if character == "\\", quoted, self.index(after: index) < endIndex {
                index = self.index(after: index)
            } else if character == "\"" {
                quoted.toggle()
            } else if !quoted, character == "," {
                options.append(self[start..<index])
                start = self.index(after: index)
            } else if !quoted, character == " " || character == "\t" {
                break
            }
            index = self.index(after: index)
        }
        guard !quoted else { return nil }
        options.append(self[start..<index])
        self = self[index...]
        return options
    }
}
