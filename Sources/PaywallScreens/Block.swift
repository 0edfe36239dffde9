import TerminalKit
import Foundation

/// A run of text on one row of a block, `x` columns from the block's left edge.
struct Piece: Sendable {
    var text: String
    var x: Int
    var style: TextStyle
}

/// A background bar on one row of a block (a selection bar, a button's fill).
struct Fill: Sendable {
    var row: Int
    var x: Int
    var width: Int
    var style: TextStyle
}

/// A frame drawn around part of a block (plan cards, the sheet).
struct Frame: Sendable {
    var rect: Rect
    var style: TextStyle
}

/// A laid-out piece of a screen: rows of text with fills and frames, positions relative to its top left.
struct Block: Sendable {
    var rows: [[Piece]] = []
    var fills: [Fill] = []
    var frames: [Frame] = []
    /// Texts drawn, with rects relative to the block.
    var drawn: [DrawnText] = []
    /// A spacer collapses first when the screen is short; lower priority collapses earlier.
    var spacerPriority: Int?

    var height: Int { rows.count }

    /// Empty rows that disappear when space runs short.
    static func spacer(_ rows: Int = 1, priority: Int = 0) -> Block {
        Block(rows: Array(repeating: [], count: rows), spacerPriority: priority)
    }

    /// Blocks one under the other.
    static func stack(_ blocks: [Block]) -> Block {
        var result = Block()
        for block in blocks { result.append(block) }
        return result
    }

    /// Appends `other` below this block.
    mutating func append(_ other: Block) {
        let dy = rows.count
        rows += other.rows
        fills += other.fills.map { Fill(row: $0.row + dy, x: $0.x, width: $0.width, style: $0.style) }
        frames += other.frames.map { Frame(rect: Rect(x: $0.rect.x, y: $0.rect.y + dy, width: $0.rect.width, height: $0.rect.height), style: $0.style) }
        drawn += other.drawn.map { $0.moved(dx: 0, dy: dy) }
    }

    /// The same block moved `dx` columns right.
    func shifted(by dx: Int) -> Block {
        var copy = self
        copy.rows = rows.map { $0.map { Piece(text: $0.text, x: $0.x + dx, style: $0.style) } }
        copy.fills = fills.map { Fill(row: $0.row, x: $0.x + dx, width: $0.width, style: $0.style) }
        copy.frames = frames.map { Frame(rect: Rect(x: $0.rect.x + dx, y: $0.rect.y, width: $0.rect.width, height: $0.rect.height), style: $0.style) }
        copy.drawn = drawn.map { $0.moved(dx: dx, dy: 0) }
        return copy
    }

    /// Blocks side by side at the given x offsets; rows are merged.
    static func beside(_ parts: [(block: Block, x: Int)]) -> Block {
        var result = Block()
        let height = parts.map(\.block.height).max() ?? 0
        result.rows = Array(repeating: [], count: height)
        for part in parts {
            let moved = part.block.shifted(by: part.x)
            for (index, row) in moved.rows.enumerated() { result.rows[index] += row }
            result.fills += moved.fills
            result.frames += moved.frames
            result.drawn += moved.drawn
        }
        return result
    }

    /// This block inside a frame of `width` columns with `padding` columns each side.
    func framed(width: Int, padding: Int = 1, style: TextStyle = TextStyle(.border), fill: TextStyle? = nil) -> Block {
        var inner = shifted(by: 1 + padding)
        inner.rows.insert([], at: 0)
        inner.rows.append([])
        inner.fills = inner.fills.map { Fill(row: $0.row + 1, x: $0.x, width: $0.width, style: $0.style) }
        inner.frames = inner.frames.map { Frame(rect: Rect(x: $0.rect.x, y: $0.rect.y + 1, width: $0.rect.width, height: $0.rect.height), style: $0.style) }
        inner.drawn = inner.drawn.map { $0.moved(dx: 0, dy: 1) }
        var style = style
        if let fill {
            inner.fills.insert(contentsOf: (0..<inner.rows.count).map { Fill(row: $0, x: 0, width: width, style: fill) }, at: 0)
            // Text, inner frames and bars drawn on the panel take its background where they have none.
            func onPanel(_ s: inout TextStyle) { if s.panel == nil { s.panel = fill.role } }
            for row in inner.rows.indices { for piece in inner.rows[row].indices { onPanel(&inner.rows[row][piece].style) } }
            for index in inner.frames.indices { onPanel(&inner.frames[index].style) }
            for index in inner.fills.indices.dropFirst(inner.rows.count) { onPanel(&inner.fills[index].style) }
            onPanel(&style)
        }
        inner.frames.insert(Frame(rect: Rect(x: 0, y: 0, width: width, height: inner.rows.count), style: style), at: 0)
        return inner
    }
}

extension DrawnText {
    /// The same text with its rect moved.
    func moved(dx: Int, dy: Int) -> DrawnText {
        var copy = self
        copy.rect = Rect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
        return copy
    }
}
