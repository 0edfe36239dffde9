import BuiltInCopy
import Foundation
import PaywallCore
import Testing
import TestSupport
@testable import PaywallScreens
@testable import TerminalKit

/// Seeded mutations of the real theme files: each parses, or is refused with file, line, column and words.
@Suite("Fuzz: theme files")
struct FuzzThemeTests {

    static let themesDirectory = TestPaths.themes

    static let words = ["=", "on", "bold", "underline", "reverse", "mono:", "plain", "default", "#", "256", "-1", "999999999999999999999",
                        "255/brightwhite/white", "/", "//", "text", "cta", "glyphs", "name", "rounded", "ascii", "\t", "\r", "\u{0}",
                        "é", "😀", "한", "on on", "bold bold", "0x10", "1e3", " ", "\n", "selection", "brightblack", "16/", "/7"]

    /// Checks one input: a theme resolves every role at every depth; a refusal names the place and says why.
    static func check(_ text: String, file: String) {
        do {
            let theme = try ThemeParser.parse(text, file: file)
            for role in StyleRole.allCases {
                for depth in [ColorDepth.none, .eight, .sixteen, .full256] {
                    _ = theme.resolve(TextStyle(role), depth: depth)
                }
            }
        } catch let error as ThemeError {
            #expect(error.file == file)
            #expect(error.line >= 1 && error.column >= 1, "no place in \(error)")
            #expect(!error.message.isEmpty)
            #expect(error.description.hasPrefix(file), "\(error.description)")
        } catch {
            Issue.record("not a ThemeError: \(error)")
        }
    }

    @Test("byte and word mutations of the built-in themes", arguments: ["dark", "light", "mono"])
    func mutatedBuiltInThemes(_ name: String) throws {
        let original = try String(contentsOf: Self.themesDirectory.appendingPathComponent("\(name).theme"), encoding: .utf8)
        var rng = SeededGenerator(seed: 0x7E3E + UInt64(name.count))
        var refused = 0
        for round in 0..<400 {
            var lines = original.components(separatedBy: "\n")
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<lines.count, using: &rng)
                var words = lines[at].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                let w = Int.random(in: 0...words.count, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: words.insert(Self.words.randomElement(using: &rng) ?? "", at: w)
                case 1: if w < words.count { words.remove(at: w) }
                case 2: if w < words.count { words[w] = Self.words.randomElement(using: &rng) ?? "" }
                case 3: lines.insert(lines[Int.random(in: 0..<lines.count, using: &rng)], at: at)
                default:
                    var scalars = Array(lines[at].unicodeScalars)
                    if !scalars.isEmpty { scalars[Int.random(in: 0..<scalars.count, using: &rng)] = Unicode.Scalar(UInt8.random(in: 0...127, using: &rng)) }
                    words = [String(String.UnicodeScalarView(scalars))]
                }
                lines[at] = words.joined(separator: " ")
            }
            let text = lines.joined(separator: "\n")
            if (try? ThemeParser.parse(text, file: "\(name)-\(round).theme")) == nil { refused += 1 }
            Self.check(text, file: "\(name)-\(round).theme")
        }
        #expect(refused > 0, "no mutation was refused: the mutations are too gentle to mean anything")
    }

    @Test("random lines of theme words and random bytes")
    func randomInput() {
        var rng = SeededGenerator(seed: 99)
        for round in 0..<500 {
            let text: String
            if round % 2 == 0 {
                text = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                    (0..<Int.random(in: 0...6, using: &rng)).map { _ in Self.words.randomElement(using: &rng) ?? "" }.joined(separator: " ")
                }.joined(separator: "\n")
            } else {
                let bytes = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                text = String(decoding: bytes, as: UTF8.self)
            }
            Self.check(text, file: "random-\(round).theme")
        }
    }

    @Test("a very long line and a huge file are refused or parsed without trapping")
    func hugeInput() {
        Self.check("text = " + String(repeating: "255/", count: 50_000), file: "long.theme")
        Self.check(String(repeating: "text = 252/white/white\n", count: 20_000), file: "huge.theme")
        Self.check(String(repeating: "#", count: 100_000), file: "comment.theme")
    }
}
