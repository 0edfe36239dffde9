/// Paints a grid's cells as pixels for the GIF and PNG writers: each column `BitmapFont.cellWidth`
/// pixels wide and each row `cellHeight` high, glyphs from the embedded font, colours the theme's
/// (the terminal's own where a style sets none, as the SVG draws them), as indices into a palette.
/// Bold is drawn one pixel wider, underline as the cell's last pixel row. Pure: the same grid
/// gives the same pixels.
public struct CellPainter: Sendable {
    /// The colours, `0xRRGGBB`, sorted; a pixel is an index into it.
    public let palette: [UInt32]
    private let indices: [UInt32: UInt8]
    public let font: BitmapFont
    /// The cells drawn so far, for the painter's life.
    private var blocks = CellBlocks()

    /// How one style is drawn.
    public struct Look: Hashable, Sendable {
        public var foreground: UInt32
        public var background: UInt32
        public var bold: Bool
        public var underline: Bool
    }

    /// A painter for these colours (at most 256 are kept; a colour beyond them is drawn as its nearest).
    public init(colors: Set<UInt32>, font: BitmapFont = .unifont) {
        palette = Array(colors.sorted().prefix(256))
        var indices: [UInt32: UInt8] = [:]
        for (index, color) in palette.enumerated() { indices[color] = UInt8(index) }
        self.indices = indices
        self.font = font
    }

    /// The colours a grid uses in `theme`.
    public static func colors(of grid: CellGrid, theme: Theme) -> Set<UInt32> {
        var styles = Set<TextStyle>()
        collectStyles(of: grid, into: &styles)
        return colors(of: styles, theme: theme)
    }

    /// Adds the styles of `grid`'s cells to `styles`, but for the rows equal to `previous`'s (whose
    /// styles are there already): each style met again after another is looked for among the few
    /// this grid has shown before it is hashed.
    public static func collectStyles(of grid: CellGrid, after previous: CellGrid? = nil, into styles: inout Set<TextStyle>) {
        guard grid.width > 0 else { return }
        var seen: [TextStyle] = []
        grid.cells.withUnsafeBufferPointer { cells in
            for y in 0..<grid.height {
                if let previous, grid.sameRow(y, as: previous) { continue }
                var last = cells[y * grid.width].style
                if !seen.contains(last) { seen.append(last) }
                for cell in cells[(y * grid.width)..<((y + 1) * grid.width)] where cell.style != last {
                    last = cell.style
                    if !seen.contains(last) { seen.append(last) }
                }
            }
        }
        styles.formUnion(seen)
    }

    /// The colours text in `styles` is drawn in, in `theme`.
    public static func colors(of styles: Set<TextStyle>, theme: Theme) -> Set<UInt32> {
        var colors = Set<UInt32>()
        for style in styles {
            let look = look(of: style, theme: theme)
            colors.insert(look.foreground)
            colors.insert(look.background)
        }
        return colors
    }

    /// How `style` is drawn in `theme` (reverse applied).
    public static func look(of style: TextStyle, theme: Theme) -> Look {
        let resolved = theme.resolve(style, depth: .full256)
        var foreground = rgb(XtermPalette.css(resolved.foreground) ?? SVGScreen.defaultForeground)
        var background = rgb(XtermPalette.css(resolved.background) ?? SVGScreen.defaultBackground)
        if resolved.reverse { (foreground, background) = (background, foreground) }
        return Look(foreground: foreground, background: background, bold: resolved.bold, underline: resolved.underline)
    }

    /// `#rrggbb` as `0xRRGGBB`.
    static func rgb(_ css: String) -> UInt32 { UInt32(css.dropFirst(), radix: 16) ?? 0 }

    /// The palette index of a colour (its nearest when the palette lacks it).
    public func index(of color: UInt32) -> UInt8 {
        if let index = indices[color] { return index }
        func distance(_ a: UInt32, _ b: UInt32) -> Int {
            let channels = [16, 8, 0].map { Int((a >> $0) & 0xFF) - Int((b >> $0) & 0xFF) }
            return channels.reduce(0) { $0 + $1 * $1 }
        }
        let nearest = palette.indices.min { distance(palette[$0], color) < distance(palette[$1], color) } ?? 0
        return UInt8(nearest)
    }

    /// The cell columns a region of changed cells must cover so a wide character is drawn whole.
    public static func widened(_ columns: Range<Int>, rows: Range<Int>, in grid: CellGrid) -> Range<Int> {
        var lower = columns.lowerBound, upper = columns.upperBound
        for y in rows {
            if lower > 0, grid[lower, y]?.width == 0 { lower -= 1 }
            if upper < grid.width, upper > 0, grid[upper - 1, y]?.width == 2 { upper += 1 }
        }
        return lower..<upper
    }

    /// The pixels (palette indices, row by row) of the cells in `columns` × `rows` of `grid`.
    ///
    /// A cell is drawn once per glyph, look and width for the painter's life (`CellBlocks`, eight
    /// pixels a word) and copied word by word wherever it appears again: a screen repeats few of
    /// them, and a GIF's frames share most. A blank cell in the page's background is left as the
    /// canvas starts.
    public mutating func paint(_ grid: CellGrid, theme: Theme, columns: Range<Int>, rows: Range<Int>) -> [UInt8] {
        let cellWidth = BitmapFont.cellWidth, cellHeight = BitmapFont.cellHeight
        let width = columns.count * cellWidth
        let canvas = index(of: Self.rgb(SVGScreen.defaultBackground))
        var pixels = [UInt8](repeating: canvas, count: width * rows.count * cellHeight)
        var looks: [TextStyle: Drawn] = [:]
        var last: (style: TextStyle, drawn: Drawn)?
        var lastKey: UInt64 = 0, lastOffset = CellBlocks.background
        let inside = (columns.clamped(to: 0..<grid.width), rows.clamped(to: 0..<grid.height))
        pixels.withUnsafeMutableBytes { out in grid.cells.withUnsafeBufferPointer { cells in
            for y in inside.1 {
                for x in inside.0 {
                    let cell = cells[y * grid.width + x]
                    guard cell.width > 0 else { continue }
                    let drawn: Drawn
                    if let last, last.style == cell.style { drawn = last.drawn } else {
                        if let known = looks[cell.style] { drawn = known } else {
                            let look = Self.look(of: cell.style, theme: theme)
                            drawn = Drawn(fg: index(of: look.foreground), bg: index(of: look.background), bold: look.bold, underline: look.underline)
                            looks[cell.style] = drawn
                        }
                        last = (cell.style, drawn)
                    }
                    let words = min(cell.width, columns.upperBound - x)
                    let blank = cell.isSpace && !drawn.underline
                    let value = blank ? 0x20 : cell.firstScalarValue
                    let key = CellBlocks.key(value: value, drawn: drawn, cellWidth: cell.width, words: words)
                    if key != lastKey {
                        lastOffset = blocks.offset(of: key, value: value, drawn: drawn, cellWidth: cell.width, words: words,
                                                   blank: blank, canvas: canvas, font: font)
                        lastKey = key
                    }
                    guard lastOffset != CellBlocks.background else { continue }
                    let left = (x - columns.lowerBound) * cellWidth
                    let top = (y - rows.lowerBound) * cellHeight
                    blocks.words.withUnsafeBufferPointer { source in
                        var at = lastOffset
                        for row in 0..<cellHeight {
                            let start = (top + row) * width + left
                            for word in 0..<words {
                                out.storeBytes(of: source[at], toByteOffset: start + word * cellWidth, as: UInt64.self)
                                at += 1
                            }
                        }
                    }
                }
            }
        } }
        return pixels
    }

    /// A style's palette indices and attributes.
    struct Drawn: Hashable {
        var fg: UInt8
        var bg: UInt8
        var bold: Bool
        var underline: Bool
    }
}
