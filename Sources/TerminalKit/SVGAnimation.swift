import Foundation

/// A terminal recording as one animated SVG: each distinct row of cells is drawn once (`<defs>`),
/// each distinct screen is a group of those rows, and CSS keyframes show each screen for its time,
/// looping. No script and no external font, as `SVGScreen`; the same frames give the same bytes.
public enum SVGAnimation {
    /// One screen of the recording and when it appears (milliseconds from the start).
    public struct Frame: Sendable {
        public var grid: CellGrid
        public var theme: Theme
        public var startMilliseconds: Int64

        public init(grid: CellGrid, theme: Theme, startMilliseconds: Int64) {
            self.grid = grid
            self.theme = theme
            self.startMilliseconds = startMilliseconds
        }
    }

    /// The SVG of `frames` (in order), the last shown until `endMilliseconds`, then the loop starts over.
    public static func document(_ frames: [Frame], endMilliseconds: Int64, title: String) -> String {
        guard let first = frames.first else { return "" }
        var classes = ClassTable()
        var rows: [String] = []
        var screenIndex: [[Int]: Int] = [:]
        var screens: [[Int]] = []
        // A row's cells (in a theme) give its body, so each distinct row is drawn once: most rows
        // are the row above them in the frame before (one memory compare), the rest are looked up.
        var drawn: [RowCells: Int] = [:]
        drawn.reserveCapacity(frames.count * first.grid.height / 4)
        // Each style's appearance and class, resolved once per theme.
        var appearances: [StyleKey: (index: Int, resolved: ResolvedStyle)] = [:]
        var previous: (frame: Frame, ids: [Int])?
        // The timeline: (screen, start), a screen that repeats the one before it merged into it.
        var timeline: [(screen: Int, start: Int64)] = []
        for frame in frames {
            var ids: [Int] = []
            for y in 0..<frame.grid.height {
                if let previous, previous.frame.theme.name == frame.theme.name, y < previous.ids.count,
                   frame.grid.sameRow(y, as: previous.frame.grid) {
                    ids.append(previous.ids[y])
                    continue
                }
                let cells = RowCells(theme: frame.theme.name, cells: frame.grid.cells[(y * frame.grid.width)..<((y + 1) * frame.grid.width)])
                if let known = drawn[cells] { ids.append(known); continue }
                drawn[cells] = rows.count
                ids.append(rows.count)
                rows.append(SVGScreen.rowBody(frame.grid, row: y, top: 0) { style in
                    let key = StyleKey(theme: frame.theme.name, style: style)
                    if let known = appearances[key] { return known }
                    let resolved = frame.theme.resolve(style, depth: .full256)
                    let appearance = (classes.index(resolved), resolved)
                    appearances[key] = appearance
                    return appearance
                })
            }
            previous = (frame, ids)
            let screen: Int
            if let known = screenIndex[ids] { screen = known } else {
                screen = screens.count
                screenIndex[ids] = screen
                screens.append(ids)
            }
            let start = max(frame.startMilliseconds, timeline.last?.start ?? 0)
            if timeline.last?.screen == screen { continue }
            if let last = timeline.last, last.start == start { timeline.removeLast() }
            timeline.append((screen, start))
        }
        let total = max(endMilliseconds, (timeline.last?.start ?? 0) + 1)
        let geometry = SVGScreen.Geometry(width: first.grid.width, height: first.grid.height)
        var defs = ""
        for (index, row) in rows.enumerated() where !row.isEmpty {
            defs += "<g id=\"r\(index)\">\(row)</g>\n"
        }
        var body = ""
        for (index, ids) in screens.enumerated() {
            body += "<g class=\"f f\(index)\">"
            for (y, id) in ids.enumerated() where !rows[id].isEmpty {
                body += "<use href=\"#r\(id)\" y=\"\(SVGScreen.number(geometry.rowTop(y)))\"/>"
            }
            body += "</g>\n"
        }
        var css = SVGScreen.sharedRules() + "\n" + classes.css()
        if timeline.count > 1 {
            css += "\n.f{visibility:hidden;animation-duration:\(total)ms;animation-timing-function:step-end;animation-iteration-count:infinite}"
            for screen in screens.indices {
                css += "\n.f\(screen){animation-name:k\(screen)}@keyframes k\(screen){"
                var visible = false
                var steps: [String] = []
                for entry in timeline {
                    let now = entry.screen == screen
                    if now != visible || entry.start == 0 {
                        steps.append("\(percent(entry.start, of: total))%{visibility:\(now ? "visible" : "hidden")}")
                        visible = now
                    }
                }
                if steps.first?.hasPrefix("0%") != true { steps.insert("0%{visibility:hidden}", at: 0) }
                css += steps.joined() + "}"
            }
        }
        return SVGScreen.window(geometry, title: title, css: css, defs: defs, body: body)
    }

    /// `part` of `total` as a percentage with up to three decimals (`12.5`, `0`, `99.875`).
    static func percent(_ part: Int64, of total: Int64) -> String {
        let thousandths = part * 100_000 / max(1, total)
        let whole = thousandths / 1000, fraction = thousandths % 1000
        guard fraction > 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    /// A style in a theme.
    struct StyleKey: Hashable {
        var theme: String
        var style: TextStyle
    }

    /// One row's cells and the theme that colours them.
    struct RowCells: Hashable {
        var theme: String
        var cells: ArraySlice<Cell>
    }

    /// Resolved styles (whatever theme drew them) numbered in order of appearance, as CSS classes.
    struct ClassTable {
        var indices: [ResolvedStyle: Int] = [:]
        var order: [ResolvedStyle] = []

        mutating func index(_ style: ResolvedStyle) -> Int {
            if let known = indices[style] { return known }
            indices[style] = order.count
            order.append(style)
            return order.count - 1
        }

        func css() -> String {
            order.enumerated().map { SVGScreen.rules(for: $1, index: $0) }.joined(separator: "\n")
        }
    }
}
