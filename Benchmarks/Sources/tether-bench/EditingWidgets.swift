import TetherUI

/// The widgets the editing benchmark measures.
@MainActor
extension EditingBenchmark {
    static let widgets = ["TextField", "TextArea"]

    static func makeWidget(_ name: String, text: String) -> Widget {
        name == "TextField" ? TextField(text: text) : TextArea(text: text, minRows: 10, maxRows: 10)
    }

    static func setText(_ widget: Widget, _ text: String) {
        if let field = widget as? TextField { field.text = text }
        if let area = widget as? TextArea { area.text = text }
    }
}
