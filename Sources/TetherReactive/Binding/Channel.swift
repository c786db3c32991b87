/// A two-ended pipe (RACChannel): what is sent into one terminal comes out of the other.
///
/// The ``followingTerminal`` replays the latest value sent into the ``leadingTerminal`` to
/// each new subscriber (capacity 1); the ``leadingTerminal`` replays nothing. An error or
/// completion sent into either terminal reaches the subscribers of both.
@MainActor
public final class Channel<Value> {
    /// The end usually owned by the producer of values (the model).
    public let leadingTerminal: ChannelTerminal<Value>
    /// The end usually handed to a consumer; it replays the latest value.
    public let followingTerminal: ChannelTerminal<Value>

    /// A new channel with nothing sent yet.
    public init() {
        let toLeading = PublishSubject<Value>()
        let toFollowing = ReplaySubject<Value>(bufferSize: 1)
        leadingTerminal = ChannelTerminal(
            receives: toLeading.asObservable(), sendNext: toFollowing.on,
            sendTerminal: {
                toFollowing.on($0); toLeading.on($0)
            })
        followingTerminal = ChannelTerminal(
            receives: toFollowing.asObservable(), sendNext: toLeading.on,
            sendTerminal: {
                toLeading.on($0); toFollowing.on($0)
            })
    }
}

/// One end of a ``Channel``: subscribe to receive what the other end sends; send with `on`.
@MainActor
public struct ChannelTerminal<Value>: ObservableConvertible, ObserverType {
    private let receives: Observable<Value>
    private let sendNext: (Event<Value>) -> Void
    private let sendTerminal: (Event<Value>) -> Void

    init(
        receives: Observable<Value>, sendNext: @escaping (Event<Value>) -> Void,
        sendTerminal: @escaping (Event<Value>) -> Void
    ) {
        self.receives = receives
        self.sendNext = sendNext
        self.sendTerminal = sendTerminal
    }

    /// What the other terminal sends.
    public func asObservable() -> Observable<Value> { receives }

    /// Sends a value to the other terminal; a terminal event ends both.
    public func on(_ event: Event<Value>) {
        if event.isTerminal { sendTerminal(event) } else { sendNext(event) }
    }
}
