/// A grid's rows as text with SGR escape sequences: the theme's colours and attributes, as a
/// terminal shows them (for asciicast recordings, which have no ncurses to draw them).
public enum SGRText {
    /// One string per row: runs of cells in one style, each started by its SGR sequence, the row
    /// ended with a reset; trailing blank cells in the default style are cut.
    public static func rows(of grid: CellGrid, theme: Theme, depth: ColorDepth = .full256) -> [String] {
        var cache: [TextStyle: String] = [:]
        func sgr(_ style: TextStyle) -> String {
            if let hit = cache[style] { return hit }
            let resolved = theme.resolve(style, depth: depth)
            var codes = ["0"]
            if resolved.bold { codes.append("1") }
            if resolved.underline { codes.append("4") }
            if resolved.reverse { codes.append("7") }
            if let fg = resolved.foreground { codes.append(depth == .full256 ? "38;5;\(fg)" : fg < 8 ? "\(30 + fg)" : "\(90 + fg - 8)") }
            if let bg = resolved.background { codes.append(depth == .full256 ? "48;5;\(bg)" : bg < 8 ? "\(40 + bg)" : "\(100 + bg - 8)") }
            let text = "\u{1B}[" + codes.joined(separator: ";") + "m"
            cache[style] = text
            return text
        }
        let plain = sgr(.plain)
        var rows: [String] = []
        for y in 0..<grid.height {
            // Cut trailing cells that draw nothing visible (a space on the default background).
            var end = grid.width
            while end > 0, let cell = grid[end - 1, y], cell.text == " " || cell.text.isEmpty,
                  sgr(cell.style) == plain || theme.resolve(cell.style, depth: depth).background == nil {
                end -= 1
            }
            var row = ""
            var current: String?
            for x in 0..<end {
                guard let cell = grid[x, y], cell.width > 0 else { continue } // the right half of a wide character
                let code = sgr(cell.style)
                if code != current { row += code; current = code }
                row += cell.text
            }
            if current != nil { row += "\u{1B}[0m" }
            rows.append(row)
        }
        return rows
    }
}
