import Foundation

/// The cell styles met while drawing, numbered in order of appearance; each becomes a CSS class
/// per theme (`.t0 .s3{…}`), so a screen's cells are stored once for every theme.
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

    public func css(theme: Theme, scope: String) -> String {
        order.enumerated().map { index, text in
            let style = theme.resolve(text, depth: .full256)
            var fg = XtermPalette.css(style.foreground), bg = XtermPalette.css(style.background)
            if style.reverse { (fg, bg) = (bg ?? "#101010", fg ?? "#e5e5e5") }
            var rules: [String] = []
            if let fg { rules.append("color:\(fg)") }
            if let bg { rules.append("background:\(bg)") }
            if style.bold { rules.append("font-weight:bold") }
            if style.underline { rules.append("text-decoration:underline") }
            return "\(scope) .s\(index){\(rules.joined(separator: ";"))}"
        }.joined(separator: "\n")
    }
}
