/// The blanks around a blank that changed this frame, and the glyph beside them whose attributes
/// a terminal driver can draw them in.
///
/// A space shows only its background (and underline or reverse), so a changed blank outside a
/// short gap (`BlankPlacement.open`) may take the attributes of a glyph written in the same frame
/// beside it: then the terminal needs no attribute change on the way into or out of the blanks,
/// as with the twelve blanks that erase the longer end of a paragraph before and after a shorter
/// one. Blanks that did not change are left as the terminal has them.
public struct BlankStretch: Equatable, Sendable {
    /// The row.
    public var y: Int
    /// The columns of the blanks, the changed one among them.
    public var columns: Range<Int>
    /// The column of the glyph to borrow attributes from: the one just before the blanks when it
    /// changed this frame (the terminal has just written it), else the one just after them when it
    /// changed (the terminal writes it next); nil when neither did.
    public var glyph: Int?

    /// The stretch of blanks on row `y` that holds column `x` of `grid`, `before` being the frame
    /// the terminal shows.
    public static func around(x: Int, y: Int, in grid: CellGrid, before: CellGrid) -> BlankStretch {
        var start = x
        while start > 0, let cell = grid[start - 1, y], BlankPlacement.isBlank(cell) { start -= 1 }
        var end = x + 1
        while end < grid.width, let cell = grid[end, y], BlankPlacement.isBlank(cell) { end += 1 }
        var glyph: Int?
        if start > 0, let lead = glyphStart(start - 1, y: y, in: grid), changed(lead, y: y, grid: grid, before: before) {
            glyph = lead
        } else if end < grid.width, changed(end, y: y, grid: grid, before: before) {
            glyph = end
        }
        return BlankStretch(y: y, columns: start..<end, glyph: glyph)
    }

    /// Whether cells that changed lie on both sides of column `x` of row `y`, each within `distance`
    /// columns: a terminal library writes such a short unchanged cell with its changed neighbours
    /// rather than move the cursor over it.
    public static func liesBetweenChanges(x: Int, y: Int, in grid: CellGrid, before: CellGrid, within distance: Int) -> Bool {
        let left = max(0, x - distance)..<x
        let right = (x + 1)..<min(grid.width, x + 1 + distance)
        return left.contains { changed($0, y: y, grid: grid, before: before) }
            && right.contains { changed($0, y: y, grid: grid, before: before) }
    }

    /// Where the glyph covering column `x` starts (one column earlier for the right half of a wide one).
    private static func glyphStart(_ x: Int, y: Int, in grid: CellGrid) -> Int? {
        guard let cell = grid[x, y] else { return nil }
        return cell.isContinuation ? (x > 0 ? x - 1 : nil) : x
    }

    private static func changed(_ x: Int, y: Int, grid: CellGrid, before: CellGrid) -> Bool {
        grid[x, y] != before[x, y]
    }
}
