/// A rectangle of terminal cells.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left cell.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its coordinates.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The first column.
    public var minX: Int { origin.x }
    /// The first row.
    public var minY: Int { origin.y }
    /// One past the last column.
    public var maxX: Int { origin.x + size.width }
    /// One past the last row.
    public var maxY: Int { origin.y + size.height }
    /// Columns.
    public var width: Int { size.width }
    /// Rows.
    public var height: Int { size.height }
    /// `true` when the rectangle has no cells.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// `true` when `point` lies inside the rectangle.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The cells both rectangles cover (empty, at the clamped origin, when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The rectangle shrunk by `insets` (never below zero size).
    public func inset(by insets: Insets) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }

    /// `(x, y) W×H`.
    public var description: String { "\(origin) \(size)" }
}

/// Space to leave on each side of a rectangle.
public struct Insets: Hashable, Sendable {
    /// Rows above.
    public var top: Int
    /// Columns to the left.
    public var left: Int
    /// Rows below.
    public var bottom: Int
    /// Columns to the right.
    public var right: Int

    /// Insets from each side.
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four sides.
    public init(all: Int) { self.init(top: all, left: all, bottom: all, right: all) }

    /// `horizontal` on the left and right, `vertical` on the top and bottom.
    public init(horizontal: Int = 0, vertical: Int = 0) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// No inset.
    public static let zero = Insets()
}
