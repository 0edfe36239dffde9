import Testing
@testable import TerminalKit

/// Cells hold their grapheme's bytes inline: every terminal form survives the round trip, and the
/// fast paths (ASCII, one scalar) give the cells the general path gives.
@Suite("Cells as plain data")
struct CellStorageTests {
    @Test(arguments: ["a", " ", "─", "…", "한", "中", "👍", "e\u{301}", "a\u{301}\u{302}\u{303}\u{304}", "😀\u{FE0F}",
                      "\u{1F468}\u{200D}\u{1F469}", "🇰🇷", "\u{00A0}"])
    func everyTerminalFormRoundTrips(_ grapheme: String) throws {
        let form = try #require(DisplayWidth.terminalForm(Character(grapheme)))
        let cell = Cell(text: form.text, width: form.width, style: .plain)
        #expect(cell.text == form.text)
        #expect(cell.width == form.width)
        let fast = try #require(Cell.terminalCell(Character(grapheme), style: .plain))
        #expect(fast == cell)
    }

    @Test func controlsAndLoneMarksDrawNothingOnEitherPath() {
        for grapheme in ["\u{7}", "\u{301}", "\u{200D}"] {
            #expect(DisplayWidth.terminalForm(Character(grapheme)) == nil)
            #expect(Cell.terminalCell(Character(grapheme), style: .plain) == nil)
        }
    }

    @Test func equalityIsByBytesWidthAndStyle() {
        let precomposed = Cell(text: "é", width: 1, style: .plain)
        let decomposed = Cell(text: "e\u{301}", width: 1, style: .plain)
        // Canonically equal as Strings, but a terminal is sent different bytes: a diff must redraw.
        #expect(precomposed != decomposed)
        #expect(precomposed == Cell(text: "é", width: 1, style: .plain))
        #expect(precomposed != Cell(text: "é", width: 1, style: TextStyle(.accent)))
        #expect(Cell.blank() == Cell(text: " ", width: 1, style: .plain))
        #expect(Cell.blank().isSpace)
        #expect(Cell.continuation(.plain).text.isEmpty && Cell.continuation(.plain).isContinuation)
    }

    @Test func asciiAndGeneralPathsDrawTheSameCells() {
        var fast = CellGrid(width: 12, height: 1)
        fast.put("Save 88%!", x: 1, y: 0)
        var general = CellGrid(width: 12, height: 1)
        general.put("Save 88%!\u{7}", x: 1, y: 0) // a control character (skipped) forces the grapheme path
        #expect(fast.cells.map(\.text) == general.cells.map(\.text))
    }

    @Test func boxRulesMatchPuttingEachGlyph() {
        var box = CellGrid(width: 6, height: 3)
        box.box(Rect(x: 0, y: 0, width: 6, height: 3), glyphs: .rounded)
        var byHand = CellGrid(width: 6, height: 3)
        let g = GlyphSet.rounded, style = TextStyle(.border)
        for x in 1...4 {
            byHand.put(g.horizontal, x: x, y: 0, style: style, maxWidth: 1)
            byHand.put(g.horizontal, x: x, y: 2, style: style, maxWidth: 1)
        }
        byHand.put(g.vertical, x: 0, y: 1, style: style, maxWidth: 1)
        byHand.put(g.vertical, x: 5, y: 1, style: style, maxWidth: 1)
        byHand.put(g.topLeft, x: 0, y: 0, style: style, maxWidth: 1)
        byHand.put(g.topRight, x: 5, y: 0, style: style, maxWidth: 1)
        byHand.put(g.bottomLeft, x: 0, y: 2, style: style, maxWidth: 1)
        byHand.put(g.bottomRight, x: 5, y: 2, style: style, maxWidth: 1)
        #expect(box == byHand)
        #expect(box.plainText == "╭────╮\n│    │\n╰────╯")
    }

    @Test func theDiffSkipsUnchangedRowsByMemoryAndStillFindsEveryChange() {
        #expect(Cell.bytesCompare, "a cell fills its stride: rows can be compared as memory")
        let styles = [TextStyle.plain, TextStyle(.accent, bold: true), TextStyle(.muted, panel: .surface), TextStyle(.text, underline: true)]
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int { seed = seed &* 6_364_136_223_846_793_005 &+ 1; return Int(seed >> 33) % n }
        var before = CellGrid(width: 30, height: 6)
        for _ in 0..<40 { before.put(["a", "─", "한", "é", "  "][next(5)], x: next(30), y: next(6), style: styles[next(4)]) }
        for _ in 0..<50 {
            var after = before
            let changes = next(4)
            for _ in 0..<changes { after.put(["b", "│", "中", " "][next(4)], x: next(30), y: next(6), style: styles[next(4)]) }
            // The runs rebuild `after` from `before`, and cover exactly the cells that differ.
            var rebuilt = before.cells
            var covered = 0
            for run in after.diff(from: before) {
                for (i, cell) in run.cells.enumerated() { rebuilt[run.y * 30 + run.x + i] = cell }
                covered += run.cells.count
            }
            #expect(rebuilt == after.cells)
            #expect(covered == zip(before.cells, after.cells).filter { $0 != $1 }.count)
        }
    }
}
