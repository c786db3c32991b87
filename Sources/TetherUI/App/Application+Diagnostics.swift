import TetherReactive

extension Application {
    /// Runs `body` with this application's ``diagnostics`` receiving what is reported
    /// (`Diagnostics`), when it has its own; else just runs it.
    func withDiagnostics<Result>(_ body: () -> Result) -> Result {
        guard let diagnostics else { return body() }
        return Diagnostics.withHandler(diagnostics, body)
    }
}
