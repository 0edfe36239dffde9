import TerminalKit
import Foundation
import PaywallFoundation

/// Puts blocks on a grid and collects what was drawn; collapses spacers when space is short.
struct Canvas: Sendable {
    var grid: CellGrid
    var drawn: [DrawnText] = []
    /// Whether cells are written. Without, only `drawn` is kept (texts, places, cuts): a copy
    /// sweep's checks read nothing else, and writing the cells was a fifth of its work.
    let paints: Bool

    init(size: TerminalSize, paints: Bool = true) {
        // A canvas that never writes shares one blank grid per size (copy on write never copies).
        grid = paints ? CellGrid(size: size, style: TextStyle(.background))
            : Self.blankGrids.value(for: size) { CellGrid(size: size, style: TextStyle(.background)) }
        self.paints = paints
    }

    /// The blank grids unpainted canvases share, by size.
    private static let blankGrids = BoundedCache<TerminalSize, CellGrid>(limit: 16)

    /// Frames `rect` with `glyphs` (when painting).
    mutating func box(_ rect: Rect, glyphs: GlyphSet, style: TextStyle) {
        if paints { grid.box(rect, glyphs: glyphs, style: style) }
    }

    /// Draws `block` with its top left at (x, y); rows at or below `bottom` are cut (and reported).
    mutating func draw(_ block: Block, x: Int, y: Int, bottom: Int? = nil) {
        let limit = min(bottom ?? grid.height, grid.height)
        if paints { paint(block, x: x, y: y, limit: limit) }
        for text in block.drawn {
            var placed = text.moved(dx: x, dy: y)
            let visible = max(0, limit - placed.rect.y)
            if visible < placed.lines.count {
                placed.lines = Array(placed.lines.prefix(visible))
                placed.rect.height = placed.lines.count
                placed.truncated = true
            }
            if placed.rect.x + placed.rect.width > grid.width {
                placed.truncated = true
                placed.rect.width = max(0, grid.width - placed.rect.x)
            }
            drawn.append(placed)
        }
    }

    /// Writes `block`'s fills, frames and rows into the grid, rows from `limit` down left out.
    private mutating func paint(_ block: Block, x: Int, y: Int, limit: Int) {
        for fill in block.fills where y + fill.row < limit {
            grid.fill(Rect(x: x + fill.x, y: y + fill.row, width: fill.width, height: 1), style: fill.style)
        }
        for frame in block.frames where y + frame.rect.y + frame.rect.height <= limit {
            grid.box(Rect(x: x + frame.rect.x, y: y + frame.rect.y, width: frame.rect.width, height: frame.rect.height),
                     glyphs: glyphs, style: frame.style)
        }
        for (index, row) in block.rows.enumerated() where y + index < limit {
            for piece in row { grid.put(piece.text, x: x + piece.x, y: y + index, style: piece.style) }
        }
    }

    /// The glyph set used for frames (set by the renderer).
    var glyphs: GlyphSet = .rounded

    /// Lays `body` out in `rect` above `footer` (pinned to the bottom row), centring the body vertically.
    ///
    /// Spacers collapse, lowest priority first, until everything fits; what still does not fit is cut.
    mutating func place(body: [Block], footer: Block, in rect: Rect) {
        var blocks = body
        let available = rect.height - footer.height
        func total() -> Int { blocks.map(\.height).reduce(0, +) }
        while total() > available {
            let spacers = blocks.indices.filter { blocks[$0].spacerPriority != nil }
            guard let victim = spacers.min(by: { (blocks[$0].spacerPriority ?? 0, -$0) < (blocks[$1].spacerPriority ?? 0, -$1) }) else { break }
            blocks.remove(at: victim)
        }
        let content = Block.stack(blocks)
        let slack = max(0, available - content.height)
        draw(content, x: rect.x, y: rect.y + slack / 2, bottom: rect.y + available)
        draw(footer, x: rect.x, y: rect.y + rect.height - footer.height, bottom: rect.y + rect.height)
    }

    /// Draws `block` centred in `area` on a cleared background (a modal sheet or overlay).
    mutating func modal(_ block: Block, in area: Rect, clear style: TextStyle = TextStyle(.surface)) {
        let width = (block.frames.first?.rect.width) ?? area.width
        let x = area.x + max(0, (area.width - width) / 2)
        let y = area.y + max(0, (area.height - block.height) / 2)
        // Clear the band the modal spans (inside the column's frame) so nothing peeks out beside it.
        let band = Rect(x: area.x + 1, y: y, width: max(0, area.width - 2), height: min(block.height, area.height))
        for index in drawn.indices where drawn[index].rect.intersects(band) { drawn[index].covered = true }
        if paints {
            grid.fill(band, style: TextStyle(.background))
            grid.fill(Rect(x: x, y: y, width: width, height: min(block.height, area.height)), style: style)
        }
        draw(block, x: x, y: y, bottom: area.y + area.height)
    }
}
