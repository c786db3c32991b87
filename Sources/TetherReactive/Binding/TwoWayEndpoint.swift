/// One side of a `<->` binding that is neither a ``ControlProperty`` nor a ``BehaviorRelay``:
/// a property of an `@Observable` object, or a subject bridged from another framework.
///
/// This is the extension point that bridges (`TetherCombine`) use to join the `<->` engine;
/// apps never need it. Import it with `@_spi(TetherBridges) import TetherReactive`.
///
/// A binding makes one endpoint per side and calls ``start(includeCurrent:_:)`` once. The
/// endpoint owns the rules the engine cannot see from outside:
/// - it never reports the echo of its own ``write(_:)`` (rules 2 and 4), without comparing
///   values;
/// - values it reports while it is already reporting one, or while ``write(_:)`` runs, are
///   queued and reported afterwards, in order (rule 5);
/// - it sends `.completed` when its source goes away or ends (rule 6), and holds the source
///   no more strongly than the source's own subscriptions do (rule 7).
@_spi(TetherBridges)
@MainActor
public protocol TwoWayEndpoint<Value>: AnyObject {
    /// The bound value.
    associatedtype Value

    /// Starts reporting: the current value first when `includeCurrent` is set, then every
    /// change made by anyone but this endpoint, then `.completed` when the source ends.
    /// Disposing the result stops the reports.
    func start(includeCurrent: Bool, _ handler: @escaping (Event<Value>) -> Void) -> any Disposable

    /// Writes a value that came from the other side; its echo is not reported.
    func write(_ value: Value)
}

/// A side of a two-way binding, for bridges that add `<->` overloads of their own.
@_spi(TetherBridges)
@MainActor
public struct TwoWaySide<Value> {
    let side: TwoWayBinding<Value>.Side

    /// A control property; see ``ControlProperty``.
    public static func control(_ property: ControlProperty<Value>) -> TwoWaySide {
        TwoWaySide(side: .control(property))
    }
    /// A relay; see ``BehaviorRelay``.
    public static func relay(_ relay: BehaviorRelay<Value>) -> TwoWaySide { TwoWaySide(side: .relay(relay)) }
    /// An endpoint made for this binding alone.
    public static func endpoint(_ endpoint: any TwoWayEndpoint<Value>) -> TwoWaySide {
        TwoWaySide(side: .endpoint(.init(endpoint)))
    }
}

/// Binds two sides both ways with the rules of `<->`; the right side is the model and wins on bind.
@_spi(TetherBridges)
@MainActor
public func bindTwoWay<Value>(_ left: TwoWaySide<Value>, _ right: TwoWaySide<Value>) -> any Disposable {
    TwoWayBinding.bind(left: left.side, right: right.side)
}
