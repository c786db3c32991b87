public import NIOSSH

/// The public keys an `authorized_keys` file lets in, read the way OpenSSH reads one: a
/// key per line, blank lines and `#` comments skipped, options before the key type.
///
/// Ed25519 and ECDSA keys (P-256, P-384, P-521) are taken; a line that cannot be used (an
/// RSA key, which the SSH layer does not verify, a malformed key, or an option the server
/// would have to enforce and does not, such as `from=` or `command=`) is skipped and named
/// in ``problems`` with its line number, so the server can say why a key is refused.
public struct AuthorizedKeys: Sendable {
    /// One line that was skipped, and why.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The line's number, from 1.
        public var line: Int
        /// What is wrong with it, in words.
        public var message: String

        public var description: String { "line \(line): \(message)" }
    }

    /// The keys that authenticate a client.
    public private(set) var keys: [NIOSSHPublicKey]
    /// The lines skipped.
    public private(set) var problems: [Problem]

    /// The keys of `text`, an `authorized_keys` file's contents.
    public init(parsing text: String) {
        keys = []
        problems = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.trimmingWhitespace()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            switch Self.key(in: line) {
            case .success(let key): keys.append(key)
            case .failure(let problem): problems.append(Problem(line: number, message: problem.message))
            }
        }
    }

    /// The keys in `keys`, with no file behind them.
    public init(keys: [NIOSSHPublicKey]) {
        self.keys = keys
        problems = []
    }

    /// Whether `key` is one of ``keys``.
    public func contains(_ key: NIOSSHPublicKey) -> Bool { keys.contains(key) }

    /// Options that restrict what the server does not offer anyway: a key with only these is
    /// taken. Any other option would have to be enforced, so its key is refused.
    static let harmlessOptions: Set<String> = [
        "restrict", "no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc",
    ]

    /// Key types the SSH layer verifies.
    static let keyTypes: Set<String> = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
    ]

    struct LineProblem: Error {
        var message: String
    }

    /// The key on one non-blank, non-comment line.
    static func key(in line: Substring) -> Result<NIOSSHPublicKey, LineProblem> {
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
                    return .failure(
                        LineProblem(message: "the option \(name) is not supported, so this key is not accepted"))
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
        do {
            return .success(try NIOSSHPublicKey(openSSHPublicKey: "\(type) \(body)"))
        } catch {
            return .failure(LineProblem(message: "the \(type) key's data is not a valid key"))
        }
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

extension AuthorizedKeys {
    /// The keys in the file at `path` (at most 1 MiB).
    ///
    /// - Throws: ``HostKeyFile/Problem`` when the file cannot be read.
    public init(contentsOf path: String) throws(HostKeyFile.Problem) {
        guard let text = readSmallFile(path, limit: 1 << 20) else {
            throw HostKeyFile.Problem(description: "cannot read the authorized keys \(path): \(reason())")
        }
        self.init(parsing: text)
    }
}
