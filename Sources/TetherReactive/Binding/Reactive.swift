/// The reactive members of an object, reached through its ``ReactiveCompatible/rx`` property:
/// `field.rx.text`, `button.rx.tap`, `widget.rx.isEnabled`.
///
/// It follows RxCocoa: an object's plain state keeps its Swift name (`field.text` is a
/// `String`), and the bindable or observable form of that state lives under `rx`
/// (`field.rx.text` is a ``ControlProperty``). Extend it with a constraint on `Base` to add
/// reactive members to your own types:
///
/// ```swift
/// extension Reactive where Base: Gauge {
///     public var level: Binder<Double> { Binder(base) { gauge, level in gauge.level = level } }
/// }
/// ```
///
/// It holds `base` strongly only for as long as the `Reactive` value itself lives (usually
/// one expression); the members it builds decide their own lifetimes (a ``Binder`` or a
/// ``ControlProperty`` holds its object weakly). It lives on the main actor, like the rest
/// of the reactive graph, and is `Sendable` exactly when `Base` is.
@MainActor
public struct Reactive<Base: AnyObject> {
    /// The object whose reactive members these are.
    public let base: Base

    /// The reactive members of `base`.
    public init(_ base: Base) {
        self.base = base
    }
}

extension Reactive: Sendable where Base: Sendable {}

/// A type whose reactive members live under ``rx``.
///
/// Conform a class to it with an empty extension (`extension Gauge: ReactiveCompatible {}`)
/// and add members with `extension Reactive where Base: Gauge`. Every `Widget` conforms.
@MainActor
public protocol ReactiveCompatible: AnyObject {}

extension ReactiveCompatible {
    /// The reactive members of this object: bindable state, observable state and events.
    public var rx: Reactive<Self> { Reactive(self) }
}
