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

    /// Whether the two rectangles share a cell.
    public func intersects(_ other: Rect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
}
