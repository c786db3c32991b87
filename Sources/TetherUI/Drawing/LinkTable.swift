/// The hyperlink addresses of the process's styles, each stored once so that a style (and
/// so a cell) can name its link in two bytes: id `n` is the address at index `n - 1`, 0 none.
package enum LinkTable {
    private static let table = InternTable<String>(capacity: Int(UInt16.max))

    /// The id of `link` (1 or more), added when new; 0 when the table is full (the text
    /// then shows without a link).
    package static func id(of link: String) -> UInt16 {
        table.index(of: link).map { UInt16($0 + 1) } ?? 0
    }

    /// The address at index `index` (an id minus one).
    package static func link(at index: Int) -> String { table.value(at: index) }
}
