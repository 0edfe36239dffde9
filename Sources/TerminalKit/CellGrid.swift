#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// A width × height array of cells that screens draw into and drivers show.
///
/// Writing keeps the grid consistent: a wide character always owns its continuation cell, and
/// overwriting either half of a wide character blanks the other half.
public struct CellGrid: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Row-major cells, `width * height` of them.
    public private(set) var cells: [Cell]

    /// A grid of blank cells in the given style.
    public init(width: Int, height: Int, style: TextStyle = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Self.filled(with: .blank(style), count: self.width * self.height)
    }

    /// `count` copies of `cell`, written as whole memory blocks that double in size (one cell, then
    /// a copy of what is there), rather than field by field.
    static func filled(with cell: Cell, count: Int) -> [Cell] {
        guard count > 0 else { return [] }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = buffer.baseAddress!
            base.initialize(to: cell)
            var done = 1
            while done < count {
                let chunk = min(done, count - done)
                (base + done).initialize(from: base, count: chunk)
                done += chunk
            }
            initialized = count
        }
    }

    /// A blank grid of the given size.
    public init(size: TerminalSize, style: TextStyle = .plain) {
        self.init(width: size.width, height: size.height, style: style)
    }

    public var size: TerminalSize { TerminalSize(width: width, height: height) }

    /// The cell at column `x`, row `y`; nil outside the grid.
    public subscript(x: Int, y: Int) -> Cell? {
        guard contains(x: x, y: y) else { return nil }
        return cells[y * width + x]
    }

    /// True when (x, y) lies inside the grid.
    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Writes `text` from (x, y) grapheme by grapheme and returns the columns written (scalar by
    /// scalar when each scalar is a grapheme, `DisplayWidth.scalarsStandAlone`: the same cells).
    ///
    /// Stops at `maxWidth` columns (default: the grid's right edge) and at a "\n"; a wide
    /// character that would not fit whole is not written. Controls and lone marks are skipped.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: TextStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var col = x
        if DisplayWidth.printableASCIIWidth(text) != nil {
            // Printable ASCII: one byte, one column, drawn as itself (most copy, every price).
            for byte in text.utf8 {
                if col + 1 > limit { break }
                if col >= 0 { setCell(Cell(asciiByte: byte, style: style), x: col, y: y) }
                col += 1
            }
            return max(0, col - max(x, 0))
        }
        if DisplayWidth.scalarsStandAlone(text) {
            // Each scalar a grapheme (no line breaks among them): drawn scalar by scalar.
            for scalar in text.unicodeScalars {
                guard place(Cell.terminalCell(scalar, style: style), at: &col, y: y, limit: limit) else { break }
            }
            return max(0, col - max(x, 0))
        }
        for g in text {
            guard !Self.isLineBreak(g), place(Cell.terminalCell(g, style: style), at: &col, y: y, limit: limit) else { break }
        }
        return max(0, col - max(x, 0))
    }

    /// Writes `cell` (nil: nothing drawn, skipped) at column `col` of row `y` and moves `col`
    /// past it; false, writing nothing, when it would not fit whole before `limit`.
    @inline(__always)
    private mutating func place(_ cell: Cell?, at col: inout Int, y: Int, limit: Int) -> Bool {
        guard let cell else { return true }
        if col + cell.width > limit { return false }
        if col >= 0 { setCell(cell, x: col, y: y) }
        col += cell.width
        return true
    }

    /// "\n" or "\r\n" (one grapheme), compared by bytes.
    @inline(__always)
    static func isLineBreak(_ g: Character) -> Bool {
        let bytes = g.utf8
        switch bytes.count {
        case 1: return bytes.first == 0x0A
        case 2: return bytes.first == 0x0D && bytes.last == 0x0A
        default: return false
        }
    }

    /// The cell `put(glyph, x:, y:, style:, maxWidth: 1)` writes: the first drawable grapheme
    /// of `glyph` when it is one column wide; nil when it writes nothing.
    static func oneColumnCell(_ glyph: String, style: TextStyle) -> Cell? {
        for g in glyph {
            if isLineBreak(g) { return nil }
            guard let cell = Cell.terminalCell(g, style: style) else { continue }
            return cell.width == 1 ? cell : nil
        }
        return nil
    }

    /// Fills a rectangle with one character (default a space) in a style.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: TextStyle = .plain) {
        guard let cell = Cell.terminalCell(character, style: style) else { return }
        let w = cell.width
        for row in max(0, rect.y)..<max(max(0, rect.y), min(height, rect.y + rect.height)) {
            var col = rect.x
            while col + w <= min(width, rect.x + rect.width) {
                if col >= 0 { setCell(cell, x: col, y: row) }
                col += w
            }
        }
    }

    /// Sets the style of every cell in a rectangle without changing its text (e.g. a selection bar).
    public mutating func restyle(_ rect: Rect, style: TextStyle) {
        for row in max(0, rect.y)..<max(max(0, rect.y), min(height, rect.y + rect.height)) {
            for col in max(0, rect.x)..<max(max(0, rect.x), min(width, rect.x + rect.width)) {
                cells[row * width + col].style = style
            }
        }
    }

    /// Draws a frame around `rect` with the glyph set's box characters; needs at least 2×2.
    public mutating func box(_ rect: Rect, glyphs: GlyphSet, style: TextStyle = TextStyle(.border)) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.x + rect.width - 1, bottom = rect.y + rect.height - 1
        horizontalRule(x: rect.x + 1, y: rect.y, length: rect.width - 2, glyph: glyphs.horizontal, style: style)
        horizontalRule(x: rect.x + 1, y: bottom, length: rect.width - 2, glyph: glyphs.horizontal, style: style)
        let vertical = Self.oneColumnCell(glyphs.vertical, style: style)
        for row in (rect.y + 1)..<bottom {
            put(vertical, x: rect.x, y: row)
            put(vertical, x: right, y: row)
        }
        put(Self.oneColumnCell(glyphs.topLeft, style: style), x: rect.x, y: rect.y)
        put(Self.oneColumnCell(glyphs.topRight, style: style), x: right, y: rect.y)
        put(Self.oneColumnCell(glyphs.bottomLeft, style: style), x: rect.x, y: bottom)
        put(Self.oneColumnCell(glyphs.bottomRight, style: style), x: right, y: bottom)
    }

    /// Draws `length` columns of a one-column glyph (default "─") from (x, y).
    public mutating func horizontalRule(x: Int, y: Int, length: Int, glyph: String = "─", style: TextStyle = TextStyle(.border)) {
        guard length > 0 else { return }
        let cell = Self.oneColumnCell(glyph, style: style)
        for col in x..<(x + length) { put(cell, x: col, y: y) }
    }

    /// Writes a one-column cell at (x, y) when it is inside the grid (what `put(_:x:y:style:maxWidth: 1)` does).
    private mutating func put(_ cell: Cell?, x: Int, y: Int) {
        guard let cell, y >= 0, y < height, x >= 0, x < width else { return }
        setCell(cell, x: x, y: y)
    }

    /// The text of each row, joined with "\n", trailing spaces removed per row: what
    /// `tmux capture-pane -p` prints for the same screen.
    public var plainText: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height + height)
        for row in 0..<height {
            let start = bytes.count
            for cell in cells[(row * width)..<((row + 1) * width)] where !cell.isContinuation {
                cell.appendText(to: &bytes)
            }
            while bytes.count > start, bytes.last == 0x20 { bytes.removeLast() }
            if row < height - 1 { bytes.append(0x0A) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `columns` cells of row `y` from column `x` (a wide character counts its two
    /// columns; cells outside the grid are left out).
    public func text(row y: Int, from x: Int, columns: Int) -> String {
        guard y >= 0, y < height else { return "" }
        var out = ""
        for column in max(0, x)..<min(width, max(0, x + columns)) {
            guard let cell = self[column, y], !cell.isContinuation else { continue }
            out += cell.text
        }
        return out
    }

    /// Whether row `y` holds the same cells as row `y` of `other` (one memory compare when it can).
    public func sameRow(_ y: Int, as other: CellGrid) -> Bool {
        guard other.width == width, y >= 0, y < height, y < other.height else { return false }
        let range = (y * width)..<((y + 1) * width)
        guard Cell.bytesCompare else { return cells[range] == other.cells[range] }
        return cells.withUnsafeBufferPointer { now in
            other.cells.withUnsafeBufferPointer { before in
                guard let a = now.baseAddress, let b = before.baseAddress else { return width == 0 }
                return memcmp(a + range.lowerBound, b + range.lowerBound, width * MemoryLayout<Cell>.stride) == 0
            }
        }
    }

    /// Whether `other` has the same size and cells: `==`, one memory compare when it can.
    public func sameCells(as other: CellGrid) -> Bool {
        guard other.width == width, other.height == height else { return false }
        guard Cell.bytesCompare else { return cells == other.cells }
        return cells.withUnsafeBufferPointer { now in
            other.cells.withUnsafeBufferPointer { before in
                guard let a = now.baseAddress, let b = before.baseAddress else { return now.count == before.count }
                return a == b || memcmp(a, b, now.count * MemoryLayout<Cell>.stride) == 0
            }
        }
    }

    /// The runs of cells that differ from `previous`; every row when the sizes differ.
    public func diff(from previous: CellGrid?) -> [CellRun] {
        var runs: [CellRun] = []
        guard let previous, previous.width == width, previous.height == height else {
            for row in 0..<height where width > 0 {
                runs.append(CellRun(x: 0, y: row, cells: Array(cells[(row * width)..<((row + 1) * width)])))
            }
            return runs
        }
        let rowBytes = width * MemoryLayout<Cell>.stride
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                for row in 0..<height {
                    let base = row * width
                    // Most rows of a frame are unchanged: one memory compare skips them.
                    if Cell.bytesCompare, let a = now.baseAddress, let b = before.baseAddress,
                       memcmp(a + base, b + base, rowBytes) == 0 { continue }
                    var col = 0
                    while col < width {
                        guard now[base + col] != before[base + col] else { col += 1; continue }
                        let start = col
                        while col < width, now[base + col] != before[base + col] { col += 1 }
                        runs.append(CellRun(x: start, y: row, cells: Array(now[(base + start)..<(base + col)])))
                    }
                }
            }
        }
        return runs
    }

    /// Writes one cell, blanking the other half of any wide character it breaks.
    private mutating func setCell(_ cell: Cell, x: Int, y: Int) {
        let i = y * width + x
        let old = cells[i]
        if old.isContinuation, x > 0 { cells[i - 1] = .blank(cells[i - 1].style) }
        if old.width == 2, x + 1 < width, cell.width != 2 { cells[i + 1] = .blank(old.style) }
        cells[i] = cell
        if cell.width == 2, x + 1 < width {
            let next = cells[i + 1]
            if next.width == 2, x + 2 < width { cells[i + 2] = .blank(next.style) }
            cells[i + 1] = .continuation(cell.style)
        }
    }
}
