/// What a backend offers the application beyond drawing, declared by the backend
/// (``TerminalBackend/features``) rather than found out by casting it: how its events
/// arrive, where it draws, whether it can suspend the program. The requirement has no
/// default, so the compiler asks every new backend to say; and each capability is carried
/// by the protocol it needs, so a backend can only declare what it implements.
///
/// A backend builds the value when asked (a computed property), so holding itself in it
/// makes no reference cycle.
@MainActor
public struct BackendFeatures {
    /// How events reach the application.
    public enum Events {
        /// From ``PollingBackend/processPendingInput()``, which a run loop calls when the
        /// backend's descriptors are readable (a real terminal, the accessible presentation).
        case polled(any PollingBackend)
        /// Whenever the backend's owner sends one (the headless test terminal). Such a
        /// backend runs under ``Application/run()`` and the test pilots, not
        /// ``Application/runOnMainThread()``.
        case pushed
    }

    /// Where the application's frames go.
    public enum Screen {
        /// The whole of ``TerminalBackend/size``: the alternate screen, or a headless grid.
        case whole
        /// A band of rows of the normal screen that the renderer fits to the widget tree
        /// before each layout (the inline presentation).
        case band(any BandBackend)
        /// Nowhere: the backend presents the application another way (the accessible
        /// presentation asks its questions line by line).
        case none
    }

    /// How events reach the application.
    public var events: Events
    /// Where the application's frames go.
    public var screen: Screen
    /// What Ctrl-Z calls to give the terminal back to the shell and stop the program;
    /// `nil` where that means nothing (the key then reaches the widgets).
    public var suspension: (any SuspendableBackend)?
    /// What the copy key (``Intent/copy``) puts text on the system clipboard through; `nil`
    /// where nothing can (the accessible presentation, a test's band).
    public var clipboard: (any ClipboardBackend)?
    /// The backend that drives the application itself once started (the accessible one).
    var driver: (any ApplicationDriver)?

    /// Features: events `events`, frames on `screen`, Ctrl-Z through `suspension`, copies
    /// through `clipboard`.
    public init(
        events: Events, screen: Screen, suspension: (any SuspendableBackend)?, clipboard: (any ClipboardBackend)? = nil
    ) {
        self.events = events
        self.screen = screen
        self.suspension = suspension
        self.clipboard = clipboard
    }

    /// The features of a backend that drives the application: polled, no screen.
    init(driver: any ApplicationDriver & PollingBackend) {
        self.init(events: .polled(driver), screen: .none, suspension: nil)
        self.driver = driver
    }

    /// The polling backend, when events are polled.
    var polling: (any PollingBackend)? {
        if case .polled(let backend) = events { return backend }
        return nil
    }

    /// The band, when frames go to one.
    var band: (any BandBackend)? {
        if case .band(let backend) = screen { return backend }
        return nil
    }
}
