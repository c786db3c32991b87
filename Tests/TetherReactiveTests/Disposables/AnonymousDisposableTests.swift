import Testing
import TetherReactive

@MainActor
@Suite("AnonymousDisposable")
struct AnonymousDisposableTests {
    @Test("runs its action on the first dispose only")
    func idempotent() {
        var runs = 0
        let disposable = AnonymousDisposable { runs += 1 }
        #expect(!disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        #expect(runs == 1)
        #expect(disposable.isDisposed)
    }

    @Test("a dispose called from inside its own action does not run the action again")
    func reentrantDispose() {
        var runs = 0
        var disposable: AnonymousDisposable?
        disposable = AnonymousDisposable {
            runs += 1
            disposable?.dispose()
        }
        disposable?.dispose()
        #expect(runs == 1)
    }

    @Test("releases its action once disposed")
    func releasesAction() {
        var token: Token? = Token()
        let weakToken = Weak(token)
        let disposable = AnonymousDisposable { [token] in _ = token }
        token = nil
        #expect(weakToken.object != nil)
        disposable.dispose()
        #expect(weakToken.object == nil)
    }
}
