// The reader's own account service, as the view-model examples in docs/view-models.md assume it.

struct Session: Sendable {
    let username: String
}

@MainActor
final class AccountStore {
    func signIn(_ username: String, _ password: String) async throws -> Session {
        guard password == "tether-demo" else { throw SignInError.rejected }
        return Session(username: username)
    }
}

enum SignInError: Error { case rejected }
