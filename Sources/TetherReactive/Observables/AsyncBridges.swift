extension Observable {
    /// Runs `operation` in a `Task` on the main actor at each subscription: emits its result
    /// and completes, or fails with what it throws. Disposing cancels the task; whatever the
    /// task produces after that is dropped.
    public static func task(_ operation: @escaping @MainActor () async throws -> Element) -> Observable<Element> {
        Observable.create { observer in
            let task = Task { @MainActor in
                do {
                    let value = try await operation()
                    guard !Task.isCancelled else { return }
                    observer.on(.next(value))
                    observer.on(.completed)
                } catch {
                    guard !Task.isCancelled else { return }
                    observer.on(.error(error))
                }
            }
            return AnonymousDisposable { task.cancel() }
        }
    }

    /// Emits the elements of an `AsyncSequence`, iterated in a `Task` on the main actor;
    /// completes when it ends and fails when it throws. Disposing cancels the iteration.
    ///
    /// This is how values produced on other threads or actors enter the main actor.
    public static func from<S: AsyncSequence & Sendable>(_ sequence: S) -> Observable<Element>
    where S.Element == Element {
        Observable.create { observer in
            let task = Task { @MainActor in
                do {
                    for try await element in sequence {
                        guard !Task.isCancelled else { return }
                        observer.on(.next(element))
                    }
                    guard !Task.isCancelled else { return }
                    observer.on(.completed)
                } catch {
                    guard !Task.isCancelled else { return }
                    observer.on(.error(error))
                }
            }
            return AnonymousDisposable { task.cancel() }
        }
    }
}

extension ObservableConvertible where Element: Sendable {
    /// The sequence's values as an `AsyncStream`, for consumption with `for await`.
    ///
    /// The subscription starts when the stream is created and ends when the source
    /// terminates (an error also just ends the stream) or when the consuming task is
    /// cancelled or stops iterating. Values are buffered without limit.
    public var values: AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let subscription = subscribe(
            onNext: { continuation.yield($0) },
            onError: { _ in continuation.finish() },
            onCompleted: { continuation.finish() })
        let handle = MainActorHandle(subscription)
        continuation.onTermination = { _ in
            Task { @MainActor in handle.value.dispose() }
        }
        return stream
    }
}

/// Carries a main-actor object into a `@Sendable` closure that only touches it on the main actor.
///
/// `@unchecked Sendable`: `value` is read only inside `Task { @MainActor in … }`.
final class MainActorHandle: @unchecked Sendable {
    let value: any Disposable
    init(_ value: any Disposable) { self.value = value }
}
