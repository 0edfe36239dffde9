import Foundation

/// One rendered screen as an SVG image: the theme's colours on a terminal window, the same cells
/// the text goldens hold. No script and no external font; the same grid gives the same bytes.
public enum SVGScreen {
    /// A cell's size in SVG units (a 14-unit monospace font: 0.6 em wide, 18 units a line).
    package static let cellWidth = 8.4
    package static let lineHeight = 18.0
    static let fontSize = 14
    /// Room around the grid, and the window bar above it.
    static let padding = 12.0
    static let barHeight = 28.0
    /// The terminal's own colours where a style sets none (xterm's default dark window).
    static let defaultBackground = "#101010"
    static let defaultForeground = "#e5e5e5"
    static let fontFamily = "ui-monospace, 'SF Mono', Menlo, 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', 'Noto Sans Mono', monospace"

    /// The light vertical box-drawing line, drawn as a rule.
    static let verticalLine: Character = "│"

    /// The SVG document of `grid` drawn in `theme`, titled `title` (its `<title>`, for readers).
    public static func document(_ grid: CellGrid, theme: Theme, title: String) -> String {
        var styles = StyleTable()
        let geometry = Geometry(width: grid.width, height: grid.height)
        var body = ""
        for y in 0..<grid.height {
            body += rowBody(grid, row: y, top: geometry.rowTop(y)) { style in
                (styles.index(style), theme.resolve(style, depth: .full256))
            }
            body += "\n"
        }
        let css = sharedRules() + "\n" + styleRules(styles, theme: theme)
        return window(geometry, title: title, css: css, defs: "", body: body)
    }

    /// A grid's size in SVG units: the window around `width` × `height` cells.
    public struct Geometry: Sendable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        package var pixelWidth: String { number(padding * 2 + Double(width) * cellWidth) }
        package var pixelHeight: String { number(barHeight + padding * 2 + Double(height) * lineHeight) }
        /// The top of row `y`.
        package func rowTop(_ y: Int) -> Double { barHeight + padding + Double(y) * lineHeight }
        /// The left of column `x`.
        package func columnLeft(_ x: Int) -> Double { padding + Double(x) * cellWidth }
    }

    /// The CSS rules every text and every rect share, each selector after `scope`. Rects are drawn
    /// on whole pixels: side by side at fractional cells, smoothed edges let the window show
    /// through as hairlines between them.
    package static func sharedRules(scope: String = "") -> String {
        "\(scope)text{font-family:\(fontFamily);font-size:\(fontSize)px;white-space:pre;fill:\(defaultForeground)}\n\(scope)rect{shape-rendering:crispEdges}"
    }

    /// The elements of row `y` with its top at `top`: a background rect per run that has one, the
    /// vertical lines as rules, the text. `style` gives a style's class number and appearance.
    package static func rowBody(_ grid: CellGrid, row y: Int, top: Double, style: (TextStyle) -> (index: Int, resolved: ResolvedStyle)) -> String {
        var body = ""
        body.reserveCapacity(grid.width * 24)
        let baseline = number(top + lineHeight * 0.78)
        let topText = number(top)
        for run in runs(of: grid, row: y) {
            let (index, resolved) = style(run.style)
            let x = padding + Double(run.column) * cellWidth
            if resolved.background != nil || resolved.reverse {
                body += "<rect class=\"b\(index)\" x=\"\(number(x))\" y=\"\(topText)\" width=\"\(number(Double(run.columns) * cellWidth))\" height=\"\(number(lineHeight))\"/>"
            }
            // A font's "│" is shorter than a line: drawn as a rule the line's full height, so
            // a frame's sides are unbroken.
            var text = run.text
            if text.contains(verticalLine) {
                for (offset, character) in text.enumerated() where character == verticalLine {
                    let middle = x + (Double(offset) + 0.5) * cellWidth
                    body += "<rect class=\"s\(index)\" x=\"\(number(middle - 0.5))\" y=\"\(topText)\" width=\"1\" height=\"\(number(lineHeight))\"/>"
                }
                text = String(text.map { $0 == verticalLine ? " " : $0 })
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            body += "<text class=\"s\(index)\" x=\"\(number(x))\" y=\"\(baseline)\" textLength=\"\(number(Double(run.columns) * cellWidth))\" lengthAdjust=\"spacingAndGlyphs\">\(XMLText.escape(text))</text>"
        }
        return body
    }

    /// The document: the window (background, its three buttons), `css`, `defs` and `body`.
    /// With `css` empty (a page that styles its SVGs itself) there is no `<style>`.
    package static func window(_ geometry: Geometry, title: String, css: String, defs: String, body: String) -> String {
        let width = geometry.pixelWidth, height = geometry.pixelHeight
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" role="img">
        <title>\(XMLText.escape(title))</title>
        \(css.isEmpty ? "" : "<style>\n\(css)\n</style>\n")\(defs.isEmpty ? "" : "<defs>\n\(defs)</defs>\n")<rect width="\(width)" height="\(height)" rx="8" fill="\(defaultBackground)"/>
        <circle cx="20" cy="14" r="5.5" fill="#ff5f57"/><circle cx="38" cy="14" r="5.5" fill="#febc2e"/><circle cx="56" cy="14" r="5.5" fill="#28c840"/>
        \(body)</svg>

        """
    }

    /// A run of cells in one style on one row: its first column, its width in columns and its text.
    struct Run {
        var column: Int
        var columns: Int
        var style: TextStyle
        var text: String
    }

    /// The row's runs of one style; a wide character is a run of its own, so every run's text fills
    /// exactly its columns.
    static func runs(of grid: CellGrid, row y: Int) -> [Run] {
        var out: [Run] = []
        var current: Run?
        for x in 0..<grid.width {
            guard let cell = grid[x, y], !cell.isContinuation else { continue }
            let wide = cell.width > 1
            if var run = current, run.style == cell.style, !wide {
                run.columns += 1
                run.text += cell.text
                current = run
            } else {
                if let run = current { out.append(run) }
                current = Run(column: x, columns: max(1, cell.width), style: cell.style, text: cell.text)
                if wide { out.append(current!); current = nil }
            }
        }
        if let run = current { out.append(run) }
        return out
    }

    /// `.sN` (text) and `.bN` (background) rules for every style met.
    static func styleRules(_ styles: StyleTable, theme: Theme) -> String {
        styles.order.enumerated().map { index, text in rules(for: theme.resolve(text, depth: .full256), index: index) }.joined(separator: "\n")
    }

    /// The `.sN` and `.bN` rules of one appearance, each selector after `scope` (a page's theme
    /// class); with `clearsBackground`, a `.bN` rule even without a background (`fill:none`: a
    /// row drawn for several themes has the rect where only some paint one).
    package static func rules(for style: ResolvedStyle, index: Int, scope: String = "", clearsBackground: Bool = false) -> String {
        var fg = XtermPalette.css(style.foreground), bg = XtermPalette.css(style.background)
        if style.reverse { (fg, bg) = (bg ?? defaultBackground, fg ?? defaultForeground) }
        var rules: [String] = []
        if let fg { rules.append("fill:\(fg)") }
        if style.bold { rules.append("font-weight:bold") }
        if style.underline { rules.append("text-decoration:underline") }
        let background = bg ?? (clearsBackground ? "none" : nil)
        return "\(scope).s\(index){\(rules.joined(separator: ";"))}" + (background.map { "\(scope).b\(index){fill:\($0)}" } ?? "")
    }

    /// A coordinate with at most two decimals and no trailing zeros (`12`, `20.4`).
    package static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, fraction = abs(hundredths % 100)
        if fraction == 0 { return String(whole) }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
