/// A group of disposables disposed together.
///
/// Adding to a composite that is already disposed disposes the new member at once.
@MainActor
public final class CompositeDisposable: Disposable {
    private var members: [any Disposable]? = []

    /// A composite holding `disposables`.
    public init(_ disposables: [any Disposable] = []) { members = disposables }

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { members == nil }

    /// Adds `disposable`; disposes it immediately when the composite is already disposed.
    public func insert(_ disposable: any Disposable) {
        if members == nil { disposable.dispose() } else { members!.append(disposable) }
    }

    /// Disposes every member, in insertion order, the first time only.
    public func dispose() {
        guard let members else { return }
        self.members = nil
        for member in members { member.dispose() }
    }
}
