// What the presentation examples in docs/presentations.md choose between and test.
import TetherReactive
import TetherUI

@MainActor
struct LoginScreenExample {
    let root: Widget = Form()
}

@MainActor let screen = LoginScreenExample()
@MainActor let scheduler = TestScheduler()
@MainActor let accessible = false
@MainActor let inline = true
