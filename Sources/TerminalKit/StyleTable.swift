import Foundation

/// The cell styles met while drawing, numbered in order of appearance; each becomes a CSS class
/// per theme (`.t0 .s3{…}`, `SVGScreen.rules`), so a screen's cells are stored once for every theme.
public struct StyleTable: Sendable {
    public private(set) var indices: [TextStyle: Int] = [:]
    public private(set) var order: [TextStyle] = []

    public init() {}

    public mutating func index(_ style: TextStyle) -> Int {
        if let known = indices[style] { return known }
        indices[style] = order.count
        order.append(style)
        return order.count - 1
    }
}
