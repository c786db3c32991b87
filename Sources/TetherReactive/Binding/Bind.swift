extension ObservableConvertible {
    /// Sends every value to `observer` (a ``Binder``, a ``ControlProperty``, an ``AnyObserver``…).
    ///
    /// The binding lasts until the returned disposable is disposed or the source
    /// terminates. Binding a source that fails is a programming error: the error is
    /// rejected by the target (see ``Binder``).
    @discardableResult
    public func bind<Target: ObserverType>(to observer: Target) -> any Disposable where Target.Element == Element {
        asObservable().subscribe(observer)
    }

    /// Sends every value to two targets, in argument order; see ``ObservableConvertible/bind(to:)-6zntm``.
    @discardableResult
    public func bind<T1: ObserverType, T2: ObserverType>(to first: T1, _ second: T2) -> any Disposable
    where T1.Element == Element, T2.Element == Element {
        asObservable().subscribeHandler(
            AnyObserver {
                first.on($0); second.on($0)
            })
    }

    /// Sends every value to three targets, in argument order; see ``ObservableConvertible/bind(to:)-6zntm``.
    @discardableResult
    public func bind<T1: ObserverType, T2: ObserverType, T3: ObserverType>(to first: T1, _ second: T2, _ third: T3)
        -> any Disposable
    where T1.Element == Element, T2.Element == Element, T3.Element == Element {
        asObservable().subscribeHandler(
            AnyObserver {
                first.on($0); second.on($0); third.on($0)
            })
    }

    /// Sends every value to every observer in `observers`, in order.
    @discardableResult
    public func bind(to observers: [AnyObserver<Element>]) -> any Disposable {
        asObservable().subscribeHandler(AnyObserver { event in for observer in observers { observer.on(event) } })
    }

    /// Sends every value to `relays`; an error or completion ends the binding and is
    /// reported through ``Diagnostics`` (relays never terminate).
    @discardableResult
    public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
        bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Sends every value to `relays`; see ``ObservableConvertible/bind(to:)-7v6vd``.
    @discardableResult
    public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
        bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Sends every value, wrapped, to an observer of optionals (a `ControlProperty<String?>`…);
    /// see ``ObservableConvertible/bind(to:)-6zntm``.
    @discardableResult
    public func bind<Target: ObserverType>(to observer: Target) -> any Disposable where Target.Element == Element? {
        asObservable().subscribeHandler(
            AnyObserver { event in
                switch event {
                case .next(let value): observer.on(.next(value))
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            })
    }

    /// Sends every value, wrapped, to relays of optionals; see ``ObservableConvertible/bind(to:)-7v6vd``.
    @discardableResult
    public func bind(to relays: BehaviorRelay<Element?>...) -> any Disposable {
        bindValues { value in for relay in relays { relay.accept(value) } }
    }

    /// Sends every value, wrapped, to relays of optionals; see ``ObservableConvertible/bind(to:)-7v6vd``.
    @discardableResult
    public func bind(to relays: PublishRelay<Element?>...) -> any Disposable {
        bindValues { value in for relay in relays { relay.accept(value) } }
    }

    private func bindValues(_ accept: @escaping (Element) -> Void) -> any Disposable {
        asObservable().subscribeHandler(
            AnyObserver { event in
                switch event {
                case .next(let value): accept(value)
                case .error(let error): Diagnostics.bindingError("a relay binding received error \(error)")
                case .completed: break
                }
            })
    }
}
