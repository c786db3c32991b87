/// One cell of the terminal grid.
///
/// A wide grapheme (most CJK and emoji) occupies two cells: the first holds the grapheme
/// with `width == 2`, the second is a continuation cell with `width == 0` and no text.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown, `" "` for a blank cell, `""` for the continuation of a wide grapheme.
    public var grapheme: String
    /// Columns taken: 1, 2 for a wide grapheme, 0 for a continuation cell.
    public var width: UInt8
    /// How the cell is drawn.
    public var style: Style

    /// A cell showing `grapheme` of `width` columns.
    public init(grapheme: String, width: UInt8 = 1, style: Style = .plain) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A blank cell in `style`.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(grapheme: " ", width: 1, style: style) }

    /// The right half of a wide grapheme.
    public static func continuation(_ style: Style) -> Cell { Cell(grapheme: "", width: 0, style: style) }

    /// `true` for the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}
