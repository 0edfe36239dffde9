import CopyQA
import Foundation
import Testing
import TestSupport
import TerminalKit

/// `copy screens --format svg`: each state as an SVG image that holds the same cells as the text
/// goldens and the same bytes on every run.
@Suite("Screens as SVG")
struct SVGScreenTests {
    static let matrix = SweepMatrix(locales: ["en", "ko"], themes: ["dark", "light"],
                                    sizes: [TerminalSize(width: 80, height: 24)], offers: [.A, .C])

    /// The text an SVG's `<text>` elements (and its "│" rules) place on the grid, row by row
    /// (trailing blanks left out).
    static func readBack(_ svg: String, width: Int, height: Int) -> [String] {
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

    @Test func eachSVGHoldsTheScreensCellsAndTheSameBytesOnEveryRun() throws {
        let first = ScreenFiles.svgFiles(try CopyQAInputs(matrix: Self.matrix).sweep(), matrix: Self.matrix)
        let second = ScreenFiles.svgFiles(try CopyQAInputs(matrix: Self.matrix).sweep(), matrix: Self.matrix)
        #expect(first.count > 40)
        #expect(first == second, "two runs gave different SVG bytes")
        // Every SVG's text, read back cell by cell, is the screen's text.
        var screens: [String] = []
        try CopyQAInputs(matrix: Self.matrix).sweep().render(Self.matrix.combinations) { _, _, screen in screens.append(screen.plainText) }
        #expect(screens.count == first.count)
        var differ: [String] = []
        for (file, text) in zip(first, screens) {
            let expected = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
            let read = Self.readBack(file.text, width: 80, height: 24)
            if Array(expected.prefix(24)) != read { differ.append(file.path) }
        }
        #expect(differ.isEmpty, "\(differ.count) SVGs differ from their screen's text: \(differ.prefix(5))")
        // Small: the paywall in colour is a few kilobytes, no script, no external resource.
        let paywall = try #require(first.first { $0.path.hasPrefix("paywall/en-dark-A-80x24") })
        #expect(paywall.text.utf8.count < 40_000)
        #expect(!paywall.text.contains("<script") && !paywall.text.contains("href="))
        #expect(paywall.text.contains(".b") && paywall.text.contains("fill:#"), "the CTA's colour is drawn")
    }
}
