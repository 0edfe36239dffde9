import Testing
@testable import PaywallScreens
@testable import TerminalKit

@Suite("CellGrid")
struct CellGridTests {
    @Test func putWritesGraphemesAndReturnsColumns() {
        var grid = CellGrid(width: 10, height: 2)
        #expect(grid.put("abc", x: 1, y: 0) == 3)
        #expect(grid.put("한국", x: 0, y: 1) == 4)
        #expect(grid.plainText == " abc\n한국")
        #expect(grid[0, 1]?.width == 2)
        #expect(grid[1, 1]?.isContinuation == true)
    }

    @Test func wideCharacterIsNeverSplitAtTheRightEdge() {
        var grid = CellGrid(width: 5, height: 1)
        #expect(grid.put("ab中文", x: 0, y: 0) == 4)      // 文 would need columns 4–5
        #expect(grid.plainText == "ab中")
        #expect(grid[4, 0]?.text == " ")
    }

    @Test func maxWidthStopsBeforeAWideCharacterThatDoesNotFit() {
        var grid = CellGrid(width: 20, height: 1)
        #expect(grid.put("中文中文中文", x: 2, y: 0, maxWidth: 5) == 4)
        #expect(grid.plainText == "  中文")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = CellGrid(width: 6, height: 1)
        grid.put("中文", x: 0, y: 0)
        grid.put("x", x: 1, y: 0)                         // right half of 中
        #expect(grid.plainText == " x文")
        grid.put("y", x: 2, y: 0)                         // left half of 文
        #expect(grid.plainText == " xy")
        #expect(grid[3, 0]?.isContinuation == false)
        grid.put("한", x: 3, y: 0)
        grid.put("国", x: 2, y: 0)                         // wide over y + left half of 한
        #expect(grid.plainText == " x国")
        #expect(grid[4, 0]?.isContinuation == false)
    }

    @Test func controlCharactersAndNewlines() {
        var grid = CellGrid(width: 10, height: 1)
        #expect(grid.put("a\u{7}b\nc", x: 0, y: 0) == 2)
        #expect(grid.plainText == "ab")
    }

    @Test func clustersCollapseToTheirTerminalForm() {
        var grid = CellGrid(width: 12, height: 1)
        grid.put("👨‍👩‍👧|👍🏽|e\u{301}|", x: 0, y: 0)
        #expect(grid.plainText == "👨|👍|e\u{301}|")
        #expect(grid[0, 0]?.width == 2)
        #expect(grid[6, 0]?.text == "e\u{301}")
    }

    @Test func plainTextTrimsTrailingSpacesPerLine() {
        var grid = CellGrid(width: 8, height: 3)
        grid.put("hi  ", x: 0, y: 0)
        grid.put("x", x: 7, y: 2)
        #expect(grid.plainText == "hi\n\n       x")
    }

    @Test func boxAndRule() {
        var grid = CellGrid(width: 5, height: 3)
        grid.box(Rect(x: 0, y: 0, width: 5, height: 3), glyphs: .rounded)
        #expect(grid.plainText == "╭───╮\n│   │\n╰───╯")
        var ascii = CellGrid(width: 4, height: 2)
        ascii.box(Rect(x: 0, y: 0, width: 4, height: 2), glyphs: .ascii)
        #expect(ascii.plainText == "+--+\n+--+")
        var rule = CellGrid(width: 6, height: 1)
        rule.horizontalRule(x: 1, y: 0, length: 3)
        #expect(rule.plainText == " ───")
    }

    @Test func fillAndRestyle() {
        var grid = CellGrid(width: 4, height: 2)
        grid.fill(Rect(x: 1, y: 0, width: 3, height: 2), with: "·", style: TextStyle(.muted))
        #expect(grid.plainText == " ···\n ···")
        grid.restyle(Rect(x: 0, y: 1, width: 2, height: 1), style: TextStyle(.selection))
        #expect(grid[1, 1]?.style.role == .selection)
        #expect(grid[1, 1]?.text == "·")
        #expect(grid[2, 1]?.style.role == .muted)
    }

    @Test func diffReportsOnlyChangedRuns() throws {
        var a = CellGrid(width: 10, height: 3)
        a.put("hello", x: 0, y: 0)
        var b = a
        b.put("J", x: 0, y: 0)
        b.put("XY", x: 5, y: 2)
        b.put("o", x: 4, y: 0, style: TextStyle(.accent))   // same text, new style
        let runs = b.diff(from: a)
        #expect(runs.count == 3)
        #expect(runs[0].x == 0 && runs[0].y == 0 && runs[0].cells.map(\.text) == ["J"])
        #expect(runs[1].x == 4 && runs[1].cells.first?.style.role == .accent)
        #expect(runs[2].x == 5 && runs[2].y == 2 && runs[2].cells.map(\.text) == ["X", "Y"])
        #expect(b.diff(from: b).isEmpty)
    }

    @Test func diffAgainstNothingOrAnotherSizeIsEverything() {
        let grid = CellGrid(width: 3, height: 2)
        #expect(grid.diff(from: nil).count == 2)
        #expect(grid.diff(from: CellGrid(width: 4, height: 2)).map(\.cells.count) == [3, 3])
    }

    @Test func writesOutsideTheGridAreIgnored() {
        var grid = CellGrid(width: 3, height: 1)
        #expect(grid.put("abc", x: 0, y: 5) == 0)
        #expect(grid.put("abc", x: -1, y: 0) == 2)
        #expect(grid.plainText == "bc")
        #expect(grid[3, 0] == nil)
    }

    /// `sameCells` (one memory compare) and `sameRow` say what `==` says.
    @Test func sameCellsAndSameRowAreEquality() {
        var grid = CellGrid(width: 6, height: 2)
        _ = grid.put("a한b", x: 0, y: 0, style: TextStyle(.accent, bold: true))
        let copy = grid
        var restyled = grid, moved = grid
        _ = restyled.put("b", x: 3, y: 0, style: TextStyle(.accent))
        _ = moved.put("x", x: 5, y: 1)
        for (other, equal) in [(copy, true), (restyled, false), (moved, false), (CellGrid(width: 6, height: 3), false), (CellGrid(width: 5, height: 2), false)] {
            #expect(grid.sameCells(as: other) == equal && (grid == other) == equal)
        }
        #expect(!grid.sameRow(0, as: restyled) && grid.sameRow(1, as: restyled))
        #expect(grid.sameRow(0, as: moved) && !grid.sameRow(1, as: moved))
    }
}
