import TetherReactive

extension Application {
    /// Runs `body` with this application's ``diagnostics`` receiving what is reported
    /// (`Diagnostics`), when it has its own, and its ``InternQuota`` in force.
    func withDiagnostics<Result>(_ body: () -> Result) -> Result {
        internQuota.withQuota {
            guard let diagnostics else { return body() }
            return Diagnostics.withHandler(diagnostics, body)
        }
    }
}
