/// A subject that replays up to `bufferSize` recent values to each new subscriber,
/// followed by the terminal event if there was one.
///
/// The replay is a delivery: a value sent during it (even by the new subscriber) is
/// queued and delivered after the replayed values, to every observer, never recursively.
@MainActor
public final class ReplaySubject<Element>: ObservableConvertible, ObserverType {
    private let observers = ObserverList<Element>()
    private let bufferSize: Int
    private var buffer: [Element] = []
    private var terminal: Event<Element>?

    /// A subject that keeps the latest `bufferSize` values (at least zero).
    public init(bufferSize: Int) { self.bufferSize = max(0, bufferSize) }

    /// Records and delivers `event`. Ignored after a terminal event.
    public func on(_ event: Event<Element>) {
        guard terminal == nil else { return }
        switch event {
        case .next(let value):
            if bufferSize > 0 {
                buffer.append(value)
                if buffer.count > bufferSize { buffer.removeFirst(buffer.count - bufferSize) }
            }
            observers.send(event)
        case .error, .completed:
            terminal = event
            observers.send(event)
            observers.removeAll()
        }
    }

    /// The subject as an observable that replays the buffer first.
    public func asObservable() -> Observable<Element> {
        Observable(unchecked: { [self] observer in
            guard let terminal else {
                return observers.add(observer.handler, replaying: buffer.lazy.map { .next($0) })
            }
            for value in buffer { observer.on(.next(value)) }
            observer.on(terminal)
            return NopDisposable()
        })
    }
}
