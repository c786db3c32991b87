import Testing
import TetherReactive

@MainActor
@Suite("Event")
struct EventTests {
    @Test("element is the value of a next event and nil for terminal events")
    func element() {
        #expect(Event.next(3).element == 3)
        #expect(Event<Int>.completed.element == nil)
        #expect(Event<Int>.error(TestError()).element == nil)
    }

    @Test("error is the error of an error event and nil otherwise")
    func error() {
        #expect(Event<Int>.error(TestError(code: 7)).error as? TestError == TestError(code: 7))
        #expect(Event.next(1).error == nil)
        #expect(Event<Int>.completed.error == nil)
    }

    @Test("only error and completed are terminal")
    func isTerminal() {
        #expect(!Event.next(1).isTerminal)
        #expect(Event<Int>.completed.isTerminal)
        #expect(Event<Int>.error(TestError()).isTerminal)
    }

    @Test("description names the event and its payload")
    func description() {
        #expect(Event.next(3).description == "next(3)")
        #expect(Event<Int>.completed.description == "completed")
        #expect(Event<Int>.error(TestError(code: 2)).description == "error(TestError(code: 2))")
    }
}
