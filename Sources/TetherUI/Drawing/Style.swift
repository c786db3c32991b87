/// How a cell is drawn: colours and attributes.
public struct Style: Hashable, Sendable {
    /// Text attributes a terminal can combine.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt8
        /// Attributes from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bold (or bright) text.
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Dim text.
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Foreground and background swapped.
        public static let reverse = Attributes(rawValue: 1 << 2)
        /// Underlined text.
        public static let underline = Attributes(rawValue: 1 << 3)
    }

    /// The text colour, packed (two bytes: a cell stays 24 bytes).
    package private(set) var packedForeground: PackedColor
    /// The cell colour, packed.
    package private(set) var packedBackground: PackedColor
    /// The hyperlink the cell belongs to: its index in ``LinkTable`` plus one, 0 for none.
    package var linkID: UInt16 = 0
    /// Bold, dim, reverse, underline.
    public var attributes: Attributes

    /// The text colour.
    public var foreground: Color {
        get { packedForeground.color }
        set { packedForeground = PackedColor(newValue) }
    }

    /// The cell colour.
    public var background: Color {
        get { packedBackground.color }
        set { packedBackground = PackedColor(newValue) }
    }

    /// The address the text links to (an OSC 8 hyperlink where the terminal shows them),
    /// or `nil`. The first 65,535 addresses a process uses are kept; later ones are dropped
    /// (the text shows without a link).
    public var link: String? {
        get { linkID == 0 ? nil : LinkTable.link(at: Int(linkID) - 1) }
        set { linkID = newValue.map { LinkTable.id(of: $0) } ?? 0 }
    }

    /// The address of link id `id` (``linkID``), `nil` for 0.
    package static func link(id: UInt16) -> String? {
        id == 0 ? nil : LinkTable.link(at: Int(id) - 1)
    }

    /// A style; by default the terminal's own colours with no attributes.
    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        packedForeground = PackedColor(foreground)
        packedBackground = PackedColor(background)
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style linking to `link` (see ``link``).
    public func withLink(_ link: String?) -> Style {
        var copy = self
        copy.link = link
        return copy
    }

    /// This style with `attributes` added.
    public func adding(_ attributes: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }
}
