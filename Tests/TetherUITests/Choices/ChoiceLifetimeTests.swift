import Testing
import TetherReactive
import TetherUI

@MainActor
@Suite("Choice widgets' rx properties over the widget's lifetime")
struct ChoiceLifetimeTests {
    @Test("a picker's rx.selection completes when the picker goes away, and a binding does not keep it alive")
    func pickerSelectionCompletes() {
        var picker: Picker<Int>? = Picker(options: [1, 2], selection: 1)
        weak let weakPicker = picker
        let model = BehaviorRelay<Int?>(value: 2)
        let binding = picker!.rx.selection <-> model
        var completed = false
        let subscription = picker!.rx.selection.subscribe(onCompleted: { completed = true })
        picker = nil
        #expect(weakPicker == nil && completed)
        binding.dispose()
        subscription.dispose()
    }

    @Test("a dropdown goes away with its popup list, completing rx.selection")
    func dropdownSelectionCompletes() {
        var dropdown: Dropdown<Int>? = Dropdown(options: [1, 2])
        weak let weakDropdown = dropdown
        var completed = false
        let subscription = dropdown!.rx.selection.subscribe(onCompleted: { completed = true })
        dropdown = nil
        #expect(weakDropdown == nil && completed)
        subscription.dispose()
    }

    @Test("a check list's selection and validation message complete when it goes away")
    func checkListCompletes() {
        var list: CheckList<Int>? = CheckList(options: [1, 2], minimumCount: 1)
        weak let weakList = list
        var completions = 0
        let selection = list!.rx.selection.subscribe(onCompleted: { completions += 1 })
        let validation = list!.rx.validationMessage.subscribe(onCompleted: { completions += 1 })
        list = nil
        #expect(weakList == nil && completions == 2)
        selection.dispose()
        validation.dispose()
    }

    @Test("a text field with suggestions still goes away, completing rx.text")
    func fieldWithSuggestionsGoesAway() {
        var field: TextField? = TextField()
        field!.suggestions = ["Berlin"]
        weak let weakField = field
        var completed = false
        let subscription = field!.rx.text.subscribe(onCompleted: { completed = true })
        field = nil
        #expect(weakField == nil && completed)
        subscription.dispose()
    }
}
