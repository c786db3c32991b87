/// What one subscription of an operator remembers between values (the last value passed on,
/// the values still to drop), in a class rather than a `var` captured by the observer
/// closure: a captured variable is read and written with a run-time exclusivity check
/// (about 120 instructions each, issue 24). Every access is a single read or write with no
/// call inside it, so none can overlap another.
@usableFromInline
final class OperatorState<Value> {
    @exclusivity(unchecked) @usableFromInline var value: Value

    @inlinable init(_ value: Value) { self.value = value }
}
