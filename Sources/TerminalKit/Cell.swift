/// One terminal column: a grapheme (1 or 2 columns wide), the right half of a wide one, or blank.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here, already in terminal-safe form; empty for a continuation cell.
    public var text: String
    /// Columns the grapheme takes: 1 or 2, and 0 for the continuation cell right of a wide one.
    public var width: Int
    public var style: TextStyle

    public init(text: String, width: Int, style: TextStyle) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// The right half of a wide character; drivers skip it.
    public var isContinuation: Bool { width == 0 }

    /// A space in the given style.
    public static func blank(_ style: TextStyle = .plain) -> Cell { Cell(text: " ", width: 1, style: style) }

    /// The right half of a wide character in the given style.
    public static func continuation(_ style: TextStyle) -> Cell { Cell(text: "", width: 0, style: style) }
}
