// What the one-way binding examples in docs/binding-semantics.md bind.
import TetherReactive
import TetherUI

@MainActor
final class StatusModel {
    let status = BehaviorRelay(value: "Ready")
}

@MainActor let model = StatusModel()
@MainActor let statusLabel = Label()
@MainActor let command = Command<Void, Void>(enabledIf: model.status.map { !$0.isEmpty }) {}
@MainActor let button = Button("Save")
@MainActor let otherButton = Button("Save and close")
