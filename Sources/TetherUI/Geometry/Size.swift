/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size of `width` columns by `height` rows (negative values become zero).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No cells.
    public static let zero = Size(width: 0, height: 0)

    /// `WxH`, as in `80×24`.
    public var description: String { "\(width)×\(height)" }
}
