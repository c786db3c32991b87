#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTetherDispatch
@_spi(SwiftUI) import Observation

/// The object an Observation registration's closures hold: it forwards callbacks to its
/// client's steps on the main actor, and tells the client when the registrar lets it go
/// because the model was deallocated. It holds the steps (and so the client) until the
/// client stops it.
///
/// The callbacks arrive on the thread that mutated the model, and run the steps only on the
/// main actor (a model mutated elsewhere is a programming error, as for every reactive type
/// in Tether): on the process's main thread, where the main actor runs unless the program
/// gave that thread up with `dispatchMain()`, a comparison of thread handles shows it; on
/// any other thread `MainActor.assumeIsolated` checks it, and traps off the main actor
/// (decision 0101). Once stopped, the next callback cancels the registration it came from.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@MainActor
@usableFromInline
final class ObservationLink {
    // Set on the main actor, read by the callbacks on the main actor; no access is held
    // across a call out, so none can overlap.
    @exclusivity(unchecked) private nonisolated(unsafe) var willSetStep: (() -> Void)?
    @exclusivity(unchecked) private nonisolated(unsafe) var didSetStep: ((ObservationLink) -> Void)?
    @exclusivity(unchecked) private nonisolated(unsafe) var wentAwayStep: (() -> Void)?
    /// The registration whose didSet is being handled, while it is: a pointer to the
    /// callback's argument, so that a change costs no copy of it.
    @exclusivity(unchecked) private nonisolated(unsafe) var reportingTracking: UnsafePointer<ObservationTracking>?
    /// The process's main thread, when the link is made there (it is made on the main actor,
    /// which runs there unless the program called `dispatchMain()`); `nil` otherwise.
    private nonisolated let mainThread: pthread_t? = tether_is_main_thread() != 0 ? pthread_self() : nil

    @usableFromInline init(
        willSet: @escaping () -> Void, didSet: @escaping (ObservationLink) -> Void, wentAway: @escaping () -> Void
    ) {
        willSetStep = willSet
        didSetStep = didSet
        wentAwayStep = wentAway
    }

    /// Lets the client go: later callbacks do nothing but cancel their registration.
    @usableFromInline func stop() {
        willSetStep = nil
        didSetStep = nil
        wentAwayStep = nil
    }

    /// Cancels the registration whose didSet is being handled (after tracking anew).
    @usableFromInline func cancelReportingRegistration() {
        reportingTracking?.pointee.cancel()
    }

    /// The registration whose didSet is being handled, while it is.
    var reporting: ObservationTracking? { reportingTracking?.pointee }

    nonisolated func willSet() {
        guard isOnMainThread else { return MainActor.assumeIsolated { willSetStep?() } }
        willSetStep?()
    }

    nonisolated func didSet(_ tracking: ObservationTracking) {
        guard isOnMainThread else { return MainActor.assumeIsolated { report(tracking) } }
        report(tracking)
    }

    private nonisolated func report(_ tracking: ObservationTracking) {
        guard let didSetStep else {
            tracking.cancel()
            return
        }
        withUnsafePointer(to: tracking) { tracking in
            let enclosing = reportingTracking
            reportingTracking = tracking
            didSetStep(self)
            reportingTracking = enclosing
        }
    }

    /// Whether the caller runs on the process's main thread, and so on the main actor (the
    /// runtime's check accepts that thread too): one comparison instead of
    /// `MainActor.assumeIsolated`'s executor lookup and closure.
    private nonisolated var isOnMainThread: Bool {
        guard let mainThread else { return false }
        return pthread_equal(pthread_self(), mainThread) != 0
    }

    // Runs when the last registration holding the link is dropped: the model's registrar
    // dropped it on deinit (the model went away), or a stopped client's last registration
    // was cancelled (then the steps are already gone). It may run while the registrar holds
    // its lock, so it must not touch the registrar: clients never cancel outside a callback.
    isolated deinit {
        wentAwayStep?()
    }
}
