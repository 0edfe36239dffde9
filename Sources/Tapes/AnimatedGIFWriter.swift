import Foundation
import TerminalKit

/// Writes a tape's frames as one animated GIF (`play --gif`, a tape's `Output NAME.gif`): each
/// screen in its theme's colours, drawn with the embedded bitmap font (8×16 pixels a column), shown
/// at its presentation time as the cast and the SVG show it (`Set TypingSpeed`, `Set Pause`), in
/// GIF's 10 ms steps, the last held for `Set Pause`, looping. Each frame paints only the rectangle of
/// cells that changed. The same frames give the same bytes.
public struct AnimatedGIFWriter: Sendable {
    public init() {}

    /// One screen and when it starts showing (hundredths of a second).
    struct Shown {
        var grid: CellGrid
        var theme: Theme
        var start: Int64
    }

    /// The GIF of `frames` (those that hold a screen's cells); the last is held `holdingLast` ms.
    /// With no screen at all, one blank screen of `size`.
    public func render(_ frames: [RecordedFrame], holdingLast: Int64, size: TerminalSize, theme: Theme) -> [UInt8] {
        let shown = screens(frames, size: size, theme: theme)
        let end = (shown.last?.start ?? 0) + max(1, Self.hundredths(max(1, holdingLast)))
        // The styles of each run of screens in one theme (a screen's rows that equal the one
        // before it skipped), each looked up once.
        var colors = Set<UInt32>(), styles = Set<TextStyle>()
        var before: CellGrid?
        for (index, screen) in shown.enumerated() {
            CellPainter.collectStyles(of: screen.grid, after: before, into: &styles)
            before = screen.grid
            if index + 1 == shown.count || shown[index + 1].theme != screen.theme {
                colors.formUnion(CellPainter.colors(of: styles, theme: screen.theme))
                styles = []
                before = nil
            }
        }
        var painter = CellPainter(colors: colors)
        let width = shown.map(\.grid.width).max() ?? size.width
        let height = shown.map(\.grid.height).max() ?? size.height
        var encoded: [GIFEncoder.Frame] = []
        var previous: Shown?
        for (index, screen) in shown.enumerated() {
            let next = index + 1 < shown.count ? shown[index + 1].start : end
            let (columns, rows) = Self.changed(from: previous, to: screen)
            let pixels = painter.paint(screen.grid, theme: screen.theme, columns: columns, rows: rows)
            encoded.append(GIFEncoder.Frame(left: columns.lowerBound * BitmapFont.cellWidth, top: rows.lowerBound * BitmapFont.cellHeight,
                                            width: columns.count * BitmapFont.cellWidth, height: rows.count * BitmapFont.cellHeight,
                                            pixels: pixels, delay: Int(next - screen.start)))
            previous = screen
        }
        return GIFEncoder(width: width * BitmapFont.cellWidth, height: height * BitmapFont.cellHeight, palette: painter.palette).encode(encoded)
    }

    /// Milliseconds as GIF's hundredths of a second, rounded to the nearest.
    static func hundredths(_ milliseconds: Int64) -> Int64 { (max(0, milliseconds) + 5) / 10 }

    /// The screens to show, each starting at least 10 ms after the one before: a screen replaced
    /// within the same hundredth is left out (a GIF delay of 0 is shown as 100 ms by browsers),
    /// and a screen equal to the one before only lengthens it.
    func screens(_ frames: [RecordedFrame], size: TerminalSize, theme: Theme) -> [Shown] {
        var shown: [Shown] = []
        var last: Int64 = 0
        for frame in frames {
            guard let grid = frame.grid, let frameTheme = frame.theme else { continue }
            last = max(last, frame.showMilliseconds ?? frame.timeMilliseconds)
            let screen = Shown(grid: grid, theme: frameTheme, start: Self.hundredths(last))
            if let previous = shown.last, previous.grid.sameCells(as: grid), previous.theme == frameTheme { continue }
            if let previous = shown.last, previous.start == screen.start { shown.removeLast() }
            if let previous = shown.last, previous.grid.sameCells(as: grid), previous.theme == frameTheme { continue }
            shown.append(screen)
        }
        if shown.isEmpty { shown.append(Shown(grid: CellGrid(size: size), theme: theme, start: 0)) }
        shown[0].start = 0
        return shown
    }

    /// The cells that differ between two screens (all of them for the first, or a new size or
    /// theme), widened so a wide character is drawn whole; one cell when nothing differs.
    static func changed(from previous: Shown?, to screen: Shown) -> (columns: Range<Int>, rows: Range<Int>) {
        let grid = screen.grid
        guard let previous, previous.grid.width == grid.width, previous.grid.height == grid.height, previous.theme == screen.theme else {
            return (0..<grid.width, 0..<grid.height)
        }
        var top = grid.height, bottom = -1, left = grid.width, right = -1
        for y in 0..<grid.height where !grid.sameRow(y, as: previous.grid) {
            top = min(top, y)
            bottom = max(bottom, y)
            for x in 0..<grid.width where grid[x, y] != previous.grid[x, y] {
                left = min(left, x)
                right = max(right, x)
            }
        }
        guard bottom >= 0, right >= 0 else { return (0..<1, 0..<1) }
        let rows = top..<(bottom + 1)
        return (CellPainter.widened(left..<(right + 1), rows: rows, in: grid), rows)
    }
}
