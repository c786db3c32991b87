import Testing
import TetherReactive

@MainActor
@Suite("Disposable and Disposables")
struct DisposableTests {
    @Test("disposed(by:) puts the disposable in the bag, which disposes it")
    func disposedBy() {
        let bag = DisposeBag()
        let disposable = AnonymousDisposable {}
        disposable.disposed(by: bag)
        #expect(bag.count == 1)
        bag.dispose()
        #expect(disposable.isDisposed)
    }

    @Test("Disposables.create() does nothing and reports itself disposed")
    func nop() {
        let nop = Disposables.create()
        #expect(nop.isDisposed)
        nop.dispose()
        #expect(nop.isDisposed)
    }

    @Test("Disposables.create(action) runs the action once")
    func anonymous() {
        var runs = 0
        let disposable = Disposables.create { runs += 1 }
        disposable.dispose()
        disposable.dispose()
        #expect(runs == 1)
    }
}
