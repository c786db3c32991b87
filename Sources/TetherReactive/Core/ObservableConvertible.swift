/// A type that can be viewed as an ``Observable`` sequence of values.
///
/// Subjects, relays, ``ControlProperty`` and ``ControlEvent`` conform, so every
/// operator defined on this protocol applies to all of them.
@MainActor
public protocol ObservableConvertible<Element> {
    /// The type of value the sequence produces.
    associatedtype Element
    /// The sequence itself.
    func asObservable() -> Observable<Element>
}
