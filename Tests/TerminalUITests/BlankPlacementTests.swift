import Testing
@testable import TerminalKit

/// Which blanks the ncurses driver may draw in a neighbouring glyph's attributes.
@Suite("Blank placement")
struct BlankPlacementTests {
    func placements(_ text: String, width: Int = 20) -> [BlankPlacement] {
        var grid = CellGrid(width: width, height: 1)
        _ = grid.put(text, x: 0, y: 0)
        return (0..<width).map { BlankPlacement.of(x: $0, y: 0, in: grid) }
    }

    @Test func shortGapsBetweenGlyphsTakeTheLeftGlyph() {
        let p = placements("▸ ◉ Weekly")
        #expect(p[0] == .notBlank)
        #expect(p[1] == .gap(leftGlyph: 0))
        #expect(p[3] == .gap(leftGlyph: 2))
        #expect(p[4] == .notBlank)
    }

    @Test func gapsUpToTheMaximumAndNoWider() {
        let three = placements("a   b")
        #expect(three[1...3].allSatisfy { $0 == .gap(leftGlyph: 0) })
        let four = placements("a    b")
        #expect(four[1...4].allSatisfy { $0 == .open })
    }

    @Test func leadingAndTrailingBlanksAreOpen() {
        let p = placements("  ab  ", width: 8)
        #expect(p[0] == .open && p[1] == .open)
        #expect(p[4] == .open && p[7] == .open)
    }

    @Test func aWideGlyphBeforeTheGapIsNamedByItsFirstColumn() {
        let p = placements("中 a")
        #expect(p[1] == .notBlank)            // the right half of 中
        #expect(p[2] == .gap(leftGlyph: 0))
    }

    @Test func outsideTheGridIsNotBlank() {
        let grid = CellGrid(width: 3, height: 1)
        #expect(BlankPlacement.of(x: 5, y: 0, in: grid) == .notBlank)
        #expect(BlankPlacement.of(x: 0, y: 2, in: grid) == .notBlank)
    }
}
