import Testing
@testable import TerminalKit

/// Which glyph a changed blank is drawn beside (`BlankStretch`), from the frame before and after.
@Suite("Blank stretch")
struct BlankStretchTests {
    func grid(_ text: String, width: Int = 24) -> CellGrid {
        var grid = CellGrid(width: width, height: 1)
        _ = grid.put(text, x: 0, y: 0)
        return grid
    }

    @Test func trailingBlanksTakeTheChangedGlyphBeforeThem() {
        // A shorter paragraph end: the blanks after "ab" erase "cdef" and follow the new "ab".
        let before = grid("  xxcdef"), after = grid("  ab    ")
        let stretch = BlankStretch.around(x: 5, y: 0, in: after, before: before)
        #expect(stretch.columns == 4..<24)
        #expect(stretch.glyph == 3)
    }

    @Test func leadingBlanksTakeTheChangedGlyphAfterThem() {
        // Centred text that got shorter: the blanks before it erase old text and lead into "ab".
        let before = grid("xxxxxxxx"), after = grid("    ab  ")
        let stretch = BlankStretch.around(x: 1, y: 0, in: after, before: before)
        #expect(stretch.columns == 0..<4)
        #expect(stretch.glyph == 4)
    }

    @Test func anUnchangedGlyphIsNotBorrowedFrom() {
        // "|" did not change, so the terminal is not writing it: the blanks take the changed "b".
        let before = grid("|xxxxa"), after = grid("|    b")
        #expect(BlankStretch.around(x: 2, y: 0, in: after, before: before).glyph == 5)
        // Neither neighbour changed: no glyph to borrow from, the blank stays plain.
        let alone = BlankStretch.around(x: 2, y: 0, in: grid("|    a"), before: grid("|  x a"))
        #expect(alone.glyph == nil)
    }

    @Test func aWideGlyphBeforeTheBlanksIsNamedByItsFirstColumn() {
        let before = grid("ab    "), after = grid("中    ")
        #expect(BlankStretch.around(x: 3, y: 0, in: after, before: before).glyph == 0)
    }

    @Test func betweenChangesCountsBothSidesWithinTheDistance() {
        // "▸ ◉" becomes "  ○": the unchanged blank in the middle lies between two changed cells.
        let before = grid("▸ ◉ Yearly"), after = grid("  ○ Yearly")
        #expect(BlankStretch.liesBetweenChanges(x: 1, y: 0, in: after, before: before, within: 3))
        // A blank with a change on one side only is left as the terminal has it.
        #expect(!BlankStretch.liesBetweenChanges(x: 3, y: 0, in: after, before: before, within: 3))
        // Changes farther away than the distance do not count.
        let far = grid("a      b"), farBefore = grid("x      y")
        #expect(!BlankStretch.liesBetweenChanges(x: 4, y: 0, in: far, before: farBefore, within: 3))
    }
}
