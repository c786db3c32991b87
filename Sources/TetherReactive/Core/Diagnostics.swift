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
@MainActor
public enum Diagnostics {
    /// Receives each diagnostic message. Replace it to redirect or capture messages.
    public static var handler: (String) -> Void = { message in
        var line = Array("tether: \(message)\n".utf8)
        _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    static func report(_ message: String) { handler(message) }

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
        handler("binding error: \(message)")
        #endif
    }

    static func bindingError(_ message: String) { bindingErrorHandler(message) }
}
