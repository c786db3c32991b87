/// The demo's in-memory accounts: `demo` / `tether-demo` signs in.
public struct AccountStore: Sendable {
    private let accounts: [String: String]

    /// A store holding `accounts` (username → password).
    public init(accounts: [String: String] = ["demo": "tether-demo"]) { self.accounts = accounts }

    /// Whether `password` is the password of `username`.
    public func verify(username: String, password: String) -> Bool {
        accounts[username] == password
    }
}

/// Why a sign-in failed.
public enum SignInError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Unknown user or wrong password (deliberately not saying which).
    case invalidCredentials

    public var description: String { "Invalid username or password" }
}
