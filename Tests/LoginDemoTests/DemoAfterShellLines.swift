import TerminalHarness

/// The built `login-demo` with `arguments`, run in tmux after two shell lines (`shell line 1`,
/// `shell line 2`): `stty -g` kept before and after, its standard output and error in `out`
/// and `err`, its status in `status`, then `after` printed where the cursor ended.
enum DemoAfterShellLines {
    static var binary: String { buildProductsDirectory() + "/login-demo" }

    /// Starts it at `width`×`height` (keeping `historyLimit` rows of scrollback) and waits
    /// for the form.
    static func start(
        _ arguments: [String], width: Int = 80, height: Int = 24, historyLimit: Int = 0, environment: [String] = []
    ) async throws -> TmuxSession {
        let program = (environment.isEmpty ? [] : ["env"] + environment) + [binary] + arguments
        let command = program.map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(
            command: "stty -g > before; printf 'shell line 1\\nshell line 2\\n'; \(command) > out 2> err; "
                + "echo $? > status; stty -g > after; echo after; exec sleep 600",
            width: width, height: height, historyLimit: historyLimit)
        try await tmux.waitForText("Username", timeout: .seconds(30))
        return tmux
    }

    /// Waits for it to exit; its exit status.
    static func exitStatus(_ tmux: TmuxSession) async throws -> String {
        let status = try await tmux.waitForFile("status", timeout: .seconds(30))
        _ = try await tmux.waitForFile("after")
        return String(status.dropLast())
    }
}
