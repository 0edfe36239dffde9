import BuiltInCopy
import CopyDeck
import Foundation
import Testing
import TestSupport
@testable import PaywallScreens
@testable import TerminalKit

/// The embedded themes and copy deck equal their files in Themes/ (a stale embed fails).
@Suite struct EmbeddedResourcesTests {
    static let themes = TestPaths.themes

    @Test func embeddedDeckEqualsTheFile() throws {
        let file = try String(contentsOf: Self.themes.appendingPathComponent("PaywallSim.xcstrings"), encoding: .utf8)
        #expect(DefaultCopyDeck.catalogText == file, "run `swift run embed-resources`")
    }

    /// The catalog built from generated Swift values is the catalog decoding the file gives:
    /// every entry, the key order and the line of each key, localization and leaf.
    @Test func generatedCatalogEqualsDecodingTheFile() throws {
        let decoded = try StringCatalog.decode(Data(DefaultCopyDeck.catalogText.utf8), origin: "PaywallSim.xcstrings")
        let built = try #require(DefaultCopyDeck.catalog)
        #expect(built == decoded, "run `swift run embed-resources`")
        #expect(built.keys == decoded.keys)
        #expect(built.lines == decoded.lines)
        #expect(!built.lines.isEmpty && built.keys.count == decoded.entries.count)
        #expect(built.warnings.isEmpty && built.duplicates.isEmpty)
    }

    @Test func everyThemeFileIsEmbeddedExactly() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.themes.path).filter { $0.hasSuffix(".theme") }
        #expect(files.count >= 3)
        for file in files {
            let text = try String(contentsOf: Self.themes.appendingPathComponent(file), encoding: .utf8)
            let name = String(file.dropLast(".theme".count))
            #expect(BuiltInThemes.sources[name] == text, "\(file) differs from its embedded copy; run `swift run embed-resources`")
        }
        #expect(BuiltInThemes.sources.count == files.count)
    }

    @Test func defaultDeckLoadsInEveryShippedLocale() throws {
        let catalog = try #require(DefaultCopyDeck.catalog)
        #expect(Set(catalog.languages).isSuperset(of: ["en", "zh-Hans", "ko"]))
        #expect(DefaultCopyDeck.load().text("paywall.restore") == "Restore Purchases")
        let ko = DefaultCopyDeck.load(locale: "ko").resolve("paywall.restore")
        #expect(!ko.fellBack && ko.text != "Restore Purchases")
        #expect(DefaultCopyDeck.load(locale: "zh-Hans").resolve("paywall.title").localeUsed == "zh-Hans")
    }
}
