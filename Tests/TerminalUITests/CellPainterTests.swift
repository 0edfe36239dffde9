import Testing
@testable import TerminalKit

/// `CellPainter` keeps the cells it has drawn for its life (a GIF's frames share one painter):
/// what it paints is what a new painter paints, whatever it painted before, blank cells in the
/// page's background, in another background, underlined, and wide characters cut at a region's edge.
@Suite struct CellPainterTests {
    static func grids() -> [CellGrid] {
        var first = CellGrid(width: 12, height: 3)
        _ = first.put("A한 b", x: 0, y: 0)
        _ = first.put("  ", x: 2, y: 1, style: TextStyle(.cta, reverse: true))
        _ = first.put("x y", x: 5, y: 1, style: TextStyle(.accent, bold: true))
        _ = first.put("   ", x: 0, y: 2, style: TextStyle(.text, underline: true))
        _ = first.put("✓◉", x: 9, y: 2, style: TextStyle(.surface))
        var second = first
        _ = second.put("한A", x: 0, y: 0, style: TextStyle(.accent, bold: true))
        _ = second.put("b  ", x: 4, y: 1)
        _ = second.put("中", x: 10, y: 0, style: TextStyle(.title, reverse: true))
        return [first, second, first]
    }

    @Test func aPainterKeptBetweenFramesPaintsWhatANewOnePaints() throws {
        let theme = try #require(Theme.builtIn("dark"))
        var colors = Set<UInt32>()
        for grid in Self.grids() { colors.formUnion(CellPainter.colors(of: grid, theme: theme)) }
        var kept = CellPainter(colors: colors)
        // The whole grid, a region whose edges cut a wide character, and one cell.
        let regions: [(Range<Int>, Range<Int>)] = [(0..<12, 0..<3), (1..<11, 0..<2), (4..<5, 1..<2)]
        var painted = Set<[UInt8]>()
        for grid in Self.grids() {
            for (columns, rows) in regions {
                var new = CellPainter(colors: colors)
                let pixels = kept.paint(grid, theme: theme, columns: columns, rows: rows)
                #expect(pixels == new.paint(grid, theme: theme, columns: columns, rows: rows), "\(columns) × \(rows)")
                #expect(pixels.count == columns.count * 8 * rows.count * 16)
                painted.insert(pixels)
            }
        }
        // The two grids and their regions differ: the comparisons above are of different pictures.
        #expect(painted.count == 6)
    }

    /// The styles of a screen, but for the rows equal to the screen before's, as the GIF collects
    /// them: with the screen before's styles, all of them.
    @Test func stylesCollectedAfterAScreenSkipItsRows() {
        let grids = Self.grids()
        var all = Set<TextStyle>(), skipping = Set<TextStyle>()
        CellPainter.collectStyles(of: grids[1], into: &all)
        CellPainter.collectStyles(of: grids[0], into: &skipping)
        let before = skipping
        CellPainter.collectStyles(of: grids[1], after: grids[0], into: &skipping)
        #expect(skipping == all.union(before))
        #expect(all.contains(TextStyle(.title, reverse: true)) && !before.contains(TextStyle(.title, reverse: true)))
        // Equal screens add nothing to look at.
        var none = Set<TextStyle>()
        CellPainter.collectStyles(of: grids[0], after: grids[2], into: &none)
        #expect(none.isEmpty)
    }
}
