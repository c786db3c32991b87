import Testing
import TetherReactive

@MainActor
@Suite("SerialDisposable")
struct SerialDisposableTests {
    @Test("assigning a new disposable disposes the previous one, not the new one")
    func replacingDisposesPrevious() {
        let serial = SerialDisposable()
        let first = AnonymousDisposable {}, second = AnonymousDisposable {}
        serial.disposable = first
        serial.disposable = second
        #expect(first.isDisposed)
        #expect(!second.isDisposed)
        #expect(serial.disposable === second)
    }

    @Test("dispose disposes the current disposable")
    func disposeDisposesCurrent() {
        let serial = SerialDisposable()
        let current = AnonymousDisposable {}
        serial.disposable = current
        serial.dispose()
        #expect(current.isDisposed)
        #expect(serial.isDisposed)
        #expect(serial.disposable == nil)
    }

    @Test("a disposable assigned after dispose is disposed at once")
    func assignAfterDispose() {
        let serial = SerialDisposable()
        serial.dispose()
        let late = AnonymousDisposable {}
        serial.disposable = late
        #expect(late.isDisposed)
        #expect(serial.disposable == nil)
    }
}
