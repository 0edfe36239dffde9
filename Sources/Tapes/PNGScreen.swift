import TerminalKit

/// One screen as a PNG image: its cells in the theme's colours, drawn with the embedded bitmap font
/// (8×16 pixels a column), the image exactly the grid's size (`Screenshot x.png`, `copy screens --format png`).
public enum PNGScreen {
    /// The PNG bytes of `grid` drawn in `theme`.
    public static func image(_ grid: CellGrid, theme: Theme) -> [UInt8] {
        var painter = CellPainter(colors: CellPainter.colors(of: grid, theme: theme))
        let pixels = painter.paint(grid, theme: theme, columns: 0..<grid.width, rows: 0..<grid.height)
        return PNGEncoder(width: grid.width * BitmapFont.cellWidth, height: grid.height * BitmapFont.cellHeight, palette: painter.palette).encode(pixels)
    }
}
