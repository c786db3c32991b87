#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where Tether reports programming errors it recovers from in release builds.
///
/// A ``Binder`` that receives an error, or a subscription whose error has no `onError`
/// handler, reports here. By default the message goes to standard error; a terminal
/// app that draws on the terminal may route it to its own log instead.
///
/// Reports go to the handler of the innermost ``withHandler(_:_:)`` running (an
/// application routes what happens while it handles an event or draws to its own
/// `diagnostics`, so that several applications in one process, each serving its own
/// terminal, keep their reports apart), else to the process-wide ``handler``.
@MainActor
public enum Diagnostics {
    /// Receives each diagnostic message. Replace it to redirect or capture messages. The
    /// default writes it to standard error with its control characters shown as visible
    /// escapes.
    public static var handler: (String) -> Void = { message in
        // A message may quote a value from the user: its control characters are shown.
        var line = Array("tether: \(visibleControlCharacters(message))\n".utf8)
        _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// The handler of the innermost ``withHandler(_:_:)`` running, if any.
    private static var scoped: ((String) -> Void)?

    /// Runs `body` with reports (``handler``'s and, in a release build,
    /// ``bindingErrorHandler``'s) going to `scopedHandler`, then puts back what was before.
    /// Nested calls stack; the innermost wins.
    public static func withHandler<Result>(
        _ scopedHandler: @escaping (String) -> Void, _ body: () throws -> Result
    ) rethrows -> Result {
        let outer = scoped
        scoped = scopedHandler
        defer { scoped = outer }
        return try body()
    }

    /// Hands `message` to the scoped handler, else to ``handler``.
    static func deliver(_ message: String) { (scoped ?? handler)(message) }

    /// Reports `message`: to the handler of the innermost ``withHandler(_:_:)`` running,
    /// else to ``handler``. For bridges and extensions that recover from a programming error.
    public static func report(_ message: String) { deliver(message) }

    static func report(unhandled error: any Error) {
        report("unhandled error: \(error)")
    }
}

extension Diagnostics {
    /// Called when a binding target (a ``Binder``, a ``ControlProperty`` sink) receives an
    /// error. By default it stops a debug build with an assertion and reports through
    /// ``handler`` in a release build. Tests may replace it to observe the rejection.
    public static var bindingErrorHandler: (String) -> Void = { message in
        #if DEBUG
        assertionFailure("tether: binding error: \(message)")
        #else
        deliver("binding error: \(message)")
        #endif
    }

    static func bindingError(_ message: String) { bindingErrorHandler(message) }
}
