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

    /// The key on one non-blank, non-comment line.
    static func key(in line: Substring) -> Result<NIOSSHPublicKey, AuthorizedKeysFormat.LineProblem> {
        switch AuthorizedKeysFormat.entry(in: line) {
        case .failure(let problem):
            return .failure(problem)
        case .success(let entry):
            do {
                return .success(try NIOSSHPublicKey(openSSHPublicKey: "\(entry.type) \(entry.body)"))
            } catch {
                return .failure(.init(message: "the \(entry.type) key's data is not a valid key"))
            }
        }
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
