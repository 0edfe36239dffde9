/// Where a blank cell sits on its row, so a terminal driver can draw it with the fewest attribute
/// changes: a space shows only its background (and underline or reverse), so its foreground and
/// boldness are free to match its neighbours'.
public enum BlankPlacement: Equatable, Sendable {
    /// Not a space: a glyph, or the right half of a wide one.
    case notBlank
    /// A blank in a short gap between two glyphs of the row; `leftGlyph` is the column of the glyph
    /// before the gap, whose attributes the blank can be drawn with.
    case gap(leftGlyph: Int)
    /// Any other blank: leading, trailing, or in a long gap.
    case open

    /// The widest gap between two glyphs that is drawn in the left glyph's attributes. Longer gaps
    /// stay plain, so the terminal can still skip or erase them.
    public static let maximumGap = 3

    /// The placement of the cell at (`x`, `y`). Whether the blank may really take the glyph's
    /// attributes (same background, no underline or reverse on either) is the driver's to decide.
    public static func of(x: Int, y: Int, in grid: CellGrid) -> BlankPlacement {
        guard let cell = grid[x, y], isBlank(cell) else { return .notBlank }
        var left = x - 1
        while left >= 0, x - left <= maximumGap, let c = grid[left, y], isBlank(c) { left -= 1 }
        guard left >= 0, x - left <= maximumGap, let glyph = grid[left, y] else { return .open }
        var right = x + 1
        while right < grid.width, right - left - 1 <= maximumGap, let c = grid[right, y], isBlank(c) { right += 1 }
        guard right < grid.width, right - left - 1 <= maximumGap else { return .open }
        // The glyph before the gap starts at `left`, or one column earlier when `left` is the right
        // half of a wide character.
        return .gap(leftGlyph: glyph.isContinuation ? left - 1 : left)
    }

    static func isBlank(_ cell: Cell) -> Bool { cell.isSpace }
}
