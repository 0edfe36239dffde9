/// The cells a `CellPainter` has drawn, each once per glyph, look and width: its pixels row by
/// row, eight to a word (the byte order a store writes them in), all blocks in one array. Kept for
/// the painter's life, so a GIF's frames draw each cell they share once.
struct CellBlocks: Sendable {
    /// Where each block starts in `words`, by its key (`key(value:drawn:cellWidth:words:)`);
    /// `CellBlocks.background` for a blank cell in the background the canvas starts with.
    private var offsets: [UInt64: Int] = [:]
    /// The blocks' pixels.
    private(set) var words: [UInt64] = []

    /// The offset of a block that is nothing but the canvas's first background: nothing to copy.
    static let background = -1

    /// What a cell's pixels depend on, in one word: its glyph's scalar (0x20 for a blank; 21 bits),
    /// colours, bold, underline, width (0…2) and how many of its eight-pixel columns are inside the
    /// painted region (1…2). Never 0 with a width, so 0 can stand for no key.
    static func key(value: UInt32, drawn: CellPainter.Drawn, cellWidth: Int, words: Int) -> UInt64 {
        UInt64(value & 0x1F_FFFF) | UInt64(drawn.fg) << 21 | UInt64(drawn.bg) << 29 | (drawn.bold ? 1 << 37 : 0)
            | (drawn.underline ? 1 << 38 : 0) | UInt64(cellWidth & 3) << 39 | UInt64(words & 3) << 41
    }

    /// The offset in `words` of the block for `key`, drawn now when new; `background` when a blank
    /// cell is in `canvas`, the background the pixels start with.
    mutating func offset(of key: UInt64, value: UInt32, drawn: CellPainter.Drawn, cellWidth: Int, words count: Int,
                         blank: Bool, canvas: UInt8, font: BitmapFont) -> Int {
        if let known = offsets[key] { return known }
        let offset: Int
        if blank && drawn.bg == canvas {
            offset = Self.background
        } else {
            offset = words.count
            words += Self.draw(value: value, drawn: drawn, cellWidth: cellWidth, words: count, blank: blank, font: font)
        }
        offsets[key] = offset
        return offset
    }

    /// Draws a cell: its background, then its glyph in the foreground (a narrow glyph in a wide
    /// cell centred, a wide glyph in a narrow cell cut), bold one pixel wider, underline as the last
    /// pixel row; `words` eight-pixel columns of it, row by row.
    static func draw(value: UInt32, drawn: CellPainter.Drawn, cellWidth: Int, words count: Int, blank: Bool, font: BitmapFont) -> [UInt64] {
        let columnWidth = BitmapFont.cellWidth, cellHeight = BitmapFont.cellHeight
        let pixelsWide = count * columnWidth
        var pixels = [UInt8](repeating: drawn.bg, count: pixelsWide * cellHeight)
        if !blank || drawn.underline {
            let glyph = value == 0x20 ? BitmapFont.Glyph(width: 8, rows: Array(repeating: 0, count: 16)) : font.glyph(value: value)
            let offset = max(0, (cellWidth * columnWidth - glyph.width) / 2)
            for row in 0..<cellHeight {
                var bits = UInt32(glyph.rows[row])
                // Bold: a pixel is also drawn right of each drawn one (the next lower bit).
                if drawn.bold { bits |= bits >> 1 }
                if drawn.underline && row == cellHeight - 1 { bits = UInt32.max }
                guard bits != 0 else { continue }
                for column in 0..<pixelsWide {
                    let gx = column - offset
                    guard gx >= 0, gx < glyph.width else {
                        if bits == UInt32.max { pixels[row * pixelsWide + column] = drawn.fg }
                        continue
                    }
                    if bits & (1 << UInt32(glyph.width - 1 - gx)) != 0 { pixels[row * pixelsWide + column] = drawn.fg }
                }
            }
        }
        var words: [UInt64] = []
        words.reserveCapacity(count * cellHeight)
        pixels.withUnsafeBytes { bytes in
            for at in stride(from: 0, to: bytes.count, by: columnWidth) {
                words.append(bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            }
        }
        return words
    }
}
