import BuiltInCopy
import PaywallFoundation
import Foundation
import Testing
import TestSupport
@testable import PaywallScreens
@testable import TerminalKit

@Suite("Theme files")
struct ThemeParserTests {
    static let themesDirectory = TestPaths.themes.path

    @Test(arguments: Theme.builtInNames)
    func themeFilesParseAndDefineEveryRole(name: String) throws {
        let path = "\(Self.themesDirectory)/\(name).theme"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let theme = try ThemeParser.parse(text, file: path)
        #expect(theme.name == name)
        #expect(Set(theme.roles.keys) == Set(StyleRole.allCases))
    }

    @Test(arguments: Theme.builtInNames)
    func embeddedCopiesEqualTheFiles(name: String) throws {
        let file = try String(contentsOfFile: "\(Self.themesDirectory)/\(name).theme", encoding: .utf8)
        #expect(BuiltInThemes.sources[name] == file, "regenerate BuiltInThemes.swift from Themes/\(name).theme")
        #expect(Theme.builtIn(name) != nil)
    }

    @Test func parsesColorsAttributesAndMono() throws {
        let theme = try ThemeParser.parse("""
            # comment
            name = Test Theme   # trailing comment
            glyphs = ascii
            text = 252
            cta = 16/black/black on 42/brightgreen/green bold underline mono: reverse
            muted = brightblack/brightblack/white
            link = default on 17/blue
            """, file: "t.theme")
        #expect(theme.name == "Test Theme")
        #expect(theme.glyphs == .ascii)
        let text = try #require(theme.roles[.text])
        #expect(text.foreground == ThemeColor(color256: 252, color16: 7, color8: 7))
        let cta = try #require(theme.roles[.cta])
        #expect(cta.background == ThemeColor(color256: 42, color16: 10, color8: 2))
        #expect(cta.bold && cta.underline && !cta.reverse)
        #expect(cta.mono == RoleStyle.Attributes(reverse: true))
        #expect(theme.roles[.muted]?.foreground == ThemeColor(color256: 8, color16: 8, color8: 7))
        #expect(theme.roles[.link]?.foreground == .terminalDefault)
        #expect(theme.roles[.link]?.background == ThemeColor(color256: 17, color16: 4, color8: 4))
    }

    @Test func windowsLineEndingsWork() throws {
        let theme = try ThemeParser.parse("name = crlf\r\ntext = red\r\n", file: "c.theme")
        #expect(theme.name == "crlf")
        #expect(theme.roles[.text]?.foreground.color256 == 1)
        #expect(throws: ThemeError.self) { try ThemeParser.parse("text = red\r\nbad\r\n", file: "c.theme") }
    }

    @Test func nameDefaultsToTheFileName() throws {
        #expect(try ThemeParser.parse("text = red\n", file: "/x/ocean.theme").name == "ocean")
    }

    @Test(arguments: [
        ("text = 252\nfoo = red\n", 2, 1, "unknown role 'foo'"),
        ("text = grean\n", 1, 8, "bad 256-color value 'grean'"),
        ("\n\ntext = 252/200\n", 3, 12, "bad 16-color value '200'"),
        ("text = 1/2/brightred\n", 1, 12, "bad 8-color value 'brightred'"),
        ("text = 1/2/3/4\n", 1, 8, "too many parts"),
        ("text =\n", 1, 7, "missing value for 'text'"),
        ("text =   # nothing\n", 1, 7, "missing value for 'text'"),
        ("text 252\n", 1, 1, "expected 'key = value'"),
        ("  = 252\n", 1, 3, "missing key"),
        ("text = red blod\n", 1, 12, "unknown attribute 'blod'"),
        ("text = red on\n", 1, 14, "missing background color after 'on'"),
        ("text = red on blue on red\n", 1, 20, "a second 'on'"),
        ("text = red\ntext = blue\n", 2, 1, "'text' is already set on line 1"),
        ("glyphs = fancy\n", 1, 10, "unknown glyph set 'fancy'"),
        ("text = red mono: bold on blue\n", 1, 23, "'on' must come before 'mono:'"),
    ])
    func badLinesNameFileLineColumnAndExpectation(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try ThemeParser.parse(text, file: "my.theme")
            Issue.record("expected an error for \(text.debugDescription)")
        } catch let error as ThemeError {
            #expect(error.file == "my.theme")
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("my.theme:\(line):\(column): "))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func errorsSayWhatWasExpected() {
        #expect(throws: ThemeError.self) { try ThemeParser.parse("blod = red", file: "a") }
        do {
            _ = try ThemeParser.parse("text = grean", file: "a")
        } catch let error as ThemeError {
            #expect(error.message.contains("expected 0–255, a color name"))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func loadByNameByPathAndFromADirectory() throws {
        #expect(try Theme.load(nameOrPath: "light").name == "light")
        let files = ["/themes/ocean.theme": "name = ocean\ntext = blue\n", "/home/me/my.theme": "text = red\n"]
        let read: (String) throws -> String? = { files[$0] }
        #expect(try Theme.load(nameOrPath: "ocean", themesDirectory: "/themes", readFile: read).name == "ocean")
        #expect(try Theme.load(nameOrPath: "/home/me/my.theme", readFile: read).roles[.text]?.foreground.color256 == 1)
        #expect(try Theme.load(nameOrPath: "mono", themesDirectory: "/themes", readFile: read).name == "mono")
        #expect(throws: ThemeError.self) { try Theme.load(nameOrPath: "nope", readFile: read) }
        #expect(throws: ThemeError.self) { try Theme.load(nameOrPath: "missing.theme", readFile: read) }
        do {
            _ = try Theme.load(nameOrPath: "/home/me/bad.theme", readFile: { _ in "text = red\nx = 1\n" })
        } catch let error as ThemeError {
            #expect(error.description.hasPrefix("/home/me/bad.theme:2:1: unknown role 'x'"))
        }
    }

    @Test func keysAreTrimmedAsFoundationTrimsWhitespace() {
        for text in ["text", "  text  ", "\ttext\t", "\u{00A0}accent\u{3000}", " a b ", "", "   ", "\u{2003}x\u{200B}", "\u{1680}y"] {
            let expected = text.trimmingCharacters(in: .whitespaces)
            #expect(ThemeParser.trimmedOfSpaces(Substring(text)) == expected, "\(text.debugDescription)")
        }
        // Every scalar at either end of a key.
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "k" + String(scalar)
            if ThemeParser.trimmedOfSpaces(Substring(text)) != text.trimmingCharacters(in: .whitespaces) { differing.append(value) }
        }
        #expect(differing.isEmpty, "differ at \(differing.prefix(8).map { String($0, radix: 16) })")
    }

    @Test func whitespaceIsCharacterIsWhitespace() {
        var characters: [Character] = (0...0x7F).compactMap { Unicode.Scalar($0).map(Character.init) }
        characters += ["\r\n", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", "\u{200B}", "é", "e\u{301}", " \u{301}"]
        for character in characters {
            #expect(ThemeParser.isWhitespace(character) == character.isWhitespace, "\(character.unicodeScalars.map(\.value))")
        }
    }
}
