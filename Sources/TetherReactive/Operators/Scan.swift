extension ObservableConvertible {
    /// Emits each intermediate result of combining the values with `accumulator`,
    /// starting from `seed`.
    public func scan<State>(_ seed: State, _ accumulator: @escaping (State, Element) -> State) -> Observable<State> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            var state = seed
            return source.subscribeHandler(
                AnyObserver { event in
                    switch event {
                    case .next(let value):
                        state = accumulator(state, value)
                        observer.handler(.next(state))
                    case .error(let error): observer.handler(.error(error))
                    case .completed: observer.handler(.completed)
                    }
                })
        })
    }
}
