extension Application.Exit {
    /// The exit status a command-line program reports for a run a signal ended: 128 + the
    /// signal's number (143 for `SIGTERM`, 129 for a hang-up), as a shell reports a process
    /// the signal killed; `nil` for ``Application/Exit/quit`` and ``Application/Exit/interrupted``, whose status the program
    /// decides (0 after its work is done, 1 when the person cancelled). docs/reliability.md,
    /// "Exit statuses", lists every status the examples use.
    ///
    /// ```swift
    /// let exit = try app.runOnMainThread()
    /// if let status = exit.signalStatus { return status }
    /// ```
    public var signalStatus: Int32? {
        if case .terminated(let signal) = self { return 128 + signal }
        return nil
    }
}
