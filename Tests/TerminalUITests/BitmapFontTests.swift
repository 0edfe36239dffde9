import Foundation
import Testing
import TestSupport
@testable import TerminalKit

/// The embedded bitmap font (GNU Unifont, `Scripts/data/unifont.hex`): equal to its file, a glyph
/// for every character the screens draw, two cells wide where the terminal draws two; and the cell
/// painter draws a glyph's pixels in the style's colours.
@Suite struct BitmapFontTests {
    @Test func theEmbeddedFontIsTheFile() throws {
        let file = try String(contentsOf: TestPaths.path("Scripts/data/unifont.hex"), encoding: .utf8)
        #expect(EmbeddedUnifont.hex == file, "run `swift run embed-resources`")
        #expect(file.split(separator: "\n").count > 1000)
    }

    /// Every character of the copy decks and of the screens' glyphs has its own glyph, as wide as
    /// the terminal draws it (a Hangul syllable or a CJK ideograph 16 pixels, ✓ ◉ ○ ▸ ● and the box
    /// lines 8).
    @Test func everyCharacterOnTheScreensHasAGlyphOfItsWidth() throws {
        let font = BitmapFont.unifont
        var texts = try ["PaywallSim.xcstrings", "profiles/chat.xcstrings", "profiles/voip.xcstrings", "profiles/templates.xcstrings"]
            .map { try String(contentsOf: TestPaths.themes.appendingPathComponent($0), encoding: .utf8) }
        texts.append("✓◉○▸●╭╮╰╯─│┌┐└┘…·€₩¥£")
        var checked = 0
        for text in texts {
            for scalar in text.unicodeScalars where scalar.value >= 0x20 && DisplayWidth.of(scalar) > 0 && !(0xD800...0xDFFF).contains(scalar.value) {
                let width = font.glyph(for: scalar)?.width
                #expect(width != nil, "no glyph for U+\(String(scalar.value, radix: 16, uppercase: true)) \(scalar)")
                if DisplayWidth.of(scalar) == 2 { #expect(width == 16, "\(scalar) is two cells wide") }
                checked += 1
            }
        }
        #expect(checked > 10_000)
        #expect(font.glyph(for: "한")?.width == 16 && font.glyph(for: "中")?.width == 16 && font.glyph(for: "A")?.width == 8)
        #expect(font.glyph(for: "\u{10FFFD}") == nil && font.glyph(forCell: "\u{10FFFD}") == font.replacement)
    }

    @Test func aCellIsItsGlyphInItsColours() throws {
        let theme = try #require(Theme.builtIn("dark"))
        var grid = CellGrid(width: 3, height: 1)
        _ = grid.put("A한", x: 0, y: 0)
        var painter = CellPainter(colors: CellPainter.colors(of: grid, theme: theme))
        let pixels = painter.paint(grid, theme: theme, columns: 0..<3, rows: 0..<1)
        #expect(pixels.count == 24 * 16)
        let look = CellPainter.look(of: grid[0, 0]!.style, theme: theme)
        let a = try #require(BitmapFont.unifont.glyph(for: "A")), han = try #require(BitmapFont.unifont.glyph(for: "한"))
        for y in 0..<16 {
            for x in 0..<24 {
                let on = x < 8 ? a.isSet(x: x, y: y) : han.isSet(x: x - 8, y: y)
                #expect(painter.palette[Int(pixels[y * 24 + x])] == (on ? look.foreground : look.background), "pixel \(x),\(y)")
            }
        }
        // The painter finds a cell's glyph by its first scalar, decoded from the cell's UTF-8 bytes.
        for text in ["A", "é", "한", "😀", "e\u{301}"] {
            #expect(Cell(text: text, width: 1, style: .plain).firstScalarValue == text.unicodeScalars.first!.value, "\(text)")
        }
        #expect(Cell.continuation(.plain).firstScalarValue == 0)
        // A changed region that starts on the right half of a wide character takes its left half too.
        #expect(CellPainter.widened(2..<3, rows: 0..<1, in: grid) == 1..<3)
    }

    /// The `.hex` reader keeps every good line, in either case of hex digits, and skips a bad one
    /// (no colon, a digit that is not hex, a bitmap of another length, an empty line).
    @Test func readsGoodLinesAndSkipsBadOnes() {
        let eight = String(repeating: "0F", count: 16), sixteen = String(repeating: "a5", count: 32)
        let font = BitmapFont(hex: ["0041:\(eight)", "AC00:\(sixteen)", "", "0042", "0043:\(eight)0", "00G4:\(eight)", "0045:\(eight.dropLast())Z", "fffd:\(eight)"].joined(separator: "\n"))
        #expect(font.glyph(for: "A") == BitmapFont.Glyph(width: 8, rows: Array(repeating: 0x0F, count: 16)))
        #expect(font.glyph(for: "가") == BitmapFont.Glyph(width: 16, rows: Array(repeating: 0xA5A5, count: 16)))
        for skipped in ["B", "C", "E"] { #expect(font.glyph(for: Unicode.Scalar(skipped)!) == nil, "\(skipped)") }
        #expect(font.replacement == BitmapFont.Glyph(width: 8, rows: Array(repeating: 0x0F, count: 16)))
    }
}
