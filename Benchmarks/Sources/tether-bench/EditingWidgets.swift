import TetherUI

/// The widgets the editing benchmark measures: a field, an area holding lines of ~70
/// characters, and an area holding one line as long as the text (no line break at all).
@MainActor
extension EditingBenchmark {
    static let widgets = ["TextField", "TextArea", "TextArea, one line"]

    static func makeWidget(_ name: String, text: String) -> Widget {
        name == "TextField" ? TextField(text: text) : TextArea(text: text, minRows: 10, maxRows: 10)
    }

    /// The benchmark text for `widget`: line breaks only in the multi-line area.
    static func text(_ size: Int, for widget: String) -> String {
        widget == "TextArea" ? text(size) : String(text(size).map { $0 == "\n" ? " " : $0 })
    }

    static func setText(_ widget: Widget, _ text: String) {
        if let field = widget as? TextField { field.text = text }
        if let area = widget as? TextArea { area.text = text }
    }
}
