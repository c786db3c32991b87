// For docs/widgets-and-keys.md "Typed fields": a form, a model with a typed age, a bag.
import TetherReactive
import TetherUI

@MainActor
final class AgeModel {
    let age = BehaviorRelay(value: 30)
}

@MainActor let form = Form()
@MainActor let model = AgeModel()
@MainActor let bag = DisposeBag()
