precedencegroup BindingPrecedence {
    associativity: right
    higherThan: AssignmentPrecedence
}

/// One-way binding: `target <~ source` sends every value of `source` to `target`.
infix operator <~ : BindingPrecedence

/// Binds `source` to `target` one way; the same as `source.bind(to: target)`.
///
/// The binding lasts until the returned disposable is disposed or `source` terminates.
@discardableResult @MainActor
public func <~ <Target: ObserverType, Source: ObservableConvertible>(target: Target, source: Source) -> any Disposable
where Target.Element == Source.Element {
    source.bind(to: target)
}

/// Binds `source` to `relay` one way; the same as `source.bind(to: relay)`.
@discardableResult @MainActor
public func <~ <Source: ObservableConvertible>(relay: BehaviorRelay<Source.Element>, source: Source) -> any Disposable {
    source.bind(to: relay)
}

/// Binds `source` to `relay` one way; the same as `source.bind(to: relay)`.
@discardableResult @MainActor
public func <~ <Source: ObservableConvertible>(relay: PublishRelay<Source.Element>, source: Source) -> any Disposable {
    source.bind(to: relay)
}
