import Foundation
import TerminalKit

/// Reads back what an SVG of a screen shows, cell by cell, independently of the code that wrote it.
public enum SVGReader {
    /// The text an SVG's `<text>` elements (and its "│" rules) place on the grid, row by row
    /// (trailing blanks left out).
    public static func text(of svg: String, width: Int, height: Int) -> [String] {
        var rows = Array(repeating: Array(repeating: " ", count: width), count: height)
        let pattern = try! NSRegularExpression(pattern: #"<text class="s\d+" x="([0-9.]+)" y="([0-9.]+)" textLength="[0-9.]+" lengthAdjust="spacingAndGlyphs">([^<]*)</text>"#)
        for match in pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
            let x = Double(svg[Range(match.range(at: 1), in: svg)!])!
            let y = Double(svg[Range(match.range(at: 2), in: svg)!])!
            let text = String(svg[Range(match.range(at: 3), in: svg)!])
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            let row = Int(((y - 28 - 12) / 18).rounded(.down))
            var column = Int(((x - 12) / 8.4).rounded())
            for character in text {
                guard row < height, column < width else { break }
                rows[row][column] = String(character)
                column += max(1, DisplayWidth.of(character))
            }
        }
        // A frame's "│" is drawn as a rule one unit wide, the line's full height, centred in its cell.
        let rule = try! NSRegularExpression(pattern: #"<rect class="s\d+" x="([0-9.]+)" y="([0-9.]+)" width="1" height="18"/>"#)
        for match in rule.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
            let x = Double(svg[Range(match.range(at: 1), in: svg)!])! + 0.5
            let y = Double(svg[Range(match.range(at: 2), in: svg)!])!
            let row = Int(((y - 28 - 12) / 18).rounded()), column = Int(((x - 12) / 8.4 - 0.5).rounded())
            if row < height, column < width { rows[row][column] = "│" }
        }
        // A wide character's second column holds nothing of its own.
        return rows.map { row in
            var line = ""
            var skip = 0
            for cell in row {
                if skip > 0 { skip -= 1; continue }
                line += cell
                skip = DisplayWidth.of(Character(cell)) - 1
            }
            return String(line.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    /// The screen an animated SVG (`SVGAnimation`) shows at its end, as a still SVG's elements with
    /// absolute coordinates (for `text(of:)`): the group whose keyframes end visible, its rows placed.
    public static func lastScreen(ofAnimation svg: String) -> String {
        var rows: [String: String] = [:]
        let def = try! NSRegularExpression(pattern: #"<g id="(r\d+)">(.*?)</g>\n"#)
        for match in def.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
            rows[String(svg[Range(match.range(at: 1), in: svg)!])] = String(svg[Range(match.range(at: 2), in: svg)!])
        }
        // The screen visible last: the one whose last keyframe step at the largest percentage is "visible".
        var last = "0", lastAt = -1.0
        let frames = try! NSRegularExpression(pattern: #"@keyframes k(\d+)\{(.*?)\}\}"#)
        for match in frames.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
            let screen = String(svg[Range(match.range(at: 1), in: svg)!])
            let steps = String(svg[Range(match.range(at: 2), in: svg)!]) + "}"
            let step = try! NSRegularExpression(pattern: #"([0-9.]+)%\{visibility:(visible|hidden)\}"#)
            let all = step.matches(in: steps, range: NSRange(steps.startIndex..., in: steps))
            guard let final = all.last, steps[Range(final.range(at: 2), in: steps)!] == "visible",
                  let at = Double(steps[Range(final.range(at: 1), in: steps)!]), at > lastAt else { continue }
            last = screen
            lastAt = at
        }
        guard let group = svg.range(of: "<g class=\"f f\(last)\">"),
              let end = svg.range(of: "</g>", range: group.upperBound..<svg.endIndex) else { return "" }
        var out = ""
        let use = try! NSRegularExpression(pattern: ##"<use href="#(r\d+)" y="([0-9.]+)"/>"##)
        let inner = String(svg[group.upperBound..<end.lowerBound])
        for match in use.matches(in: inner, range: NSRange(inner.startIndex..., in: inner)) {
            let id = String(inner[Range(match.range(at: 1), in: inner)!])
            let top = Double(inner[Range(match.range(at: 2), in: inner)!])!
            // Each y in the row is relative to its top: shift it.
            let shifted = try! NSRegularExpression(pattern: #" y="([0-9.]+)""#)
            var row = rows[id] ?? ""
            for hit in shifted.matches(in: row, range: NSRange(row.startIndex..., in: row)).reversed() {
                let range = Range(hit.range(at: 1), in: row)!
                let value = Double(row[range])! + top
                row.replaceSubrange(range, with: String(format: "%.2f", value))
            }
            out += row + "\n"
        }
        return out
    }
}
