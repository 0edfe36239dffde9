/// One terminal column: a grapheme (1 or 2 columns wide), the right half of a wide one, or blank.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here, already in terminal-safe form; empty for a continuation cell.
    public var text: String
    /// Columns the grapheme takes: 1 or 2, and 0 for the continuation cell right of a wide one.
    public var width: Int
    public var style: TextStyle

    public init(text: String, width: Int, style: TextStyle) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// The right half of a wide character; drivers skip it.
    public var isContinuation: Bool { width == 0 }

    /// A space in the given style.
    public static func blank(_ style: TextStyle = .plain) -> Cell { Cell(text: " ", width: 1, style: style) }

    /// The right half of a wide character in the given style.
    public static func continuation(_ style: TextStyle) -> Cell { Cell(text: "", width: 0, style: style) }
}

/// A horizontal run of changed cells on one row, for a driver to write in one go.
public struct CellRun: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var cells: [Cell]

    public init(x: Int, y: Int, cells: [Cell]) {
        self.x = x
        self.y = y
        self.cells = cells
    }
}

/// A rectangle on the grid, in columns and rows.
public struct Rect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle shrunk by `by` columns on the left and right and `by` rows on top and bottom.
    public func inset(by: Int) -> Rect {
        Rect(x: x + by, y: y + by, width: max(0, width - 2 * by), height: max(0, height - 2 * by))
    }
}

/// A terminal or grid size in columns and rows.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}
