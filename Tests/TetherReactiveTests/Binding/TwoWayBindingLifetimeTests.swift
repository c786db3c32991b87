import Testing
@_spi(TetherBridges) import TetherReactive

/// An endpoint whose source has already ended: it completes as soon as it starts.
@MainActor
private final class EndedEndpoint: TwoWayEndpoint {
    private(set) var isSubscriptionDisposed = false
    private(set) var writes: [Int] = []

    func start(includeCurrent: Bool, _ handler: @escaping (Event<Int>) -> Void) -> any Disposable {
        handler(.completed)
        return Disposables.create { [weak self] in self?.isSubscriptionDisposed = true }
    }

    func write(_ value: Int) { writes.append(value) }
}

@MainActor
@Suite("<-> lifetimes")
struct TwoWayBindingLifetimeTests {
    @Test("rule 7: two relays and their binding are freed once the bag goes")
    func relaysFreedWithBag() {
        var left: BehaviorRelay<Int>? = BehaviorRelay(value: 1)
        var right: BehaviorRelay<Int>? = BehaviorRelay(value: 2)
        var bag: DisposeBag? = DisposeBag()
        let binding = left! <-> right!
        binding.disposed(by: bag!)
        let weakLeft = Weak(left), weakRight = Weak(right), weakBinding = Weak(binding as AnyObject)
        _ = consume binding
        left = nil
        right = nil
        bag = nil
        #expect(weakLeft.object == nil)
        #expect(weakRight.object == nil)
        #expect(weakBinding.object == nil)
    }

    @Test("rule 7: a disposed binding that is still referenced keeps neither relay")
    func disposedBindingLetsRelaysGo() {
        var left: BehaviorRelay<Int>? = BehaviorRelay(value: 1)
        var right: BehaviorRelay<Int>? = BehaviorRelay(value: 2)
        let binding = left! <-> right!
        let weakLeft = Weak(left), weakRight = Weak(right)
        binding.dispose()
        left = nil
        right = nil
        #expect(weakLeft.object == nil)
        #expect(weakRight.object == nil)
        withExtendedLifetime(binding) {}
    }

    @Test("a binding nobody keeps ends at once and leaves no observer on either side")
    func bindingNobodyKeepsEnds() {
        let control = FakeControl("a")
        let relay = BehaviorRelay(value: "b")
        do {
            let binding = control.property <-> relay
            #expect(!binding.isDisposed)
        }
        #expect(!control.edits.hasObservers)
        control.userEdit("edited")
        relay.accept("accepted")
        #expect(relay.value == "accepted")
        #expect(control.setterCalls == ["b"])
    }

    @Test("a binding freed while it forwards a value finishes forwarding it, then ends")
    func bindingFreedDuringDelivery() {
        let left = BehaviorRelay(value: 1)
        let right = BehaviorRelay(value: 2)
        var bag: DisposeBag? = DisposeBag()
        (left <-> right).disposed(by: bag!)
        let subscription = right.subscribe(onNext: { value in if value == 3 { bag = nil } })
        left.accept(3)
        #expect(bag == nil)
        #expect(right.value == 3)
        left.accept(4)
        #expect(right.value == 3)
        subscription.dispose()
    }

    @Test("rule 6: a side that completes as the binding starts ends it, and its subscription is disposed")
    func sideEndedAtStart() {
        let relay = BehaviorRelay(value: 1)
        let endpoint = EndedEndpoint()
        let binding = bindTwoWay(.relay(relay), .endpoint(endpoint))
        #expect(binding.isDisposed)
        #expect(endpoint.isSubscriptionDisposed)
        relay.accept(2)
        #expect(endpoint.writes.isEmpty)
    }
}
