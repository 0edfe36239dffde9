import CopyDeck
import Foundation
import Testing
import TestSupport
@testable import CopyQA

/// Placeholder slips Foundation does not report, each an error with its key, language and line.
@Suite("copy lint: placeholder slips")
struct PlaceholderSlipTests {
    let linter = CatalogLinterTests()

    @Test func oneArgumentReadWithTwoTypesIsAnError() throws {
        let findings = try linter.lint("""
        "%lld photos" : { "localizations" : {
          "en" : \(linter.unit("%1$lld or %1$@ photos")),
          "de" : \(linter.unit("%1$lld Fotos"))
        } }
        """)
        let slip = try #require(findings.first { $0.message.contains("two types") })
        #expect(slip.severity == .error && slip.language == "en" && slip.key == "%lld photos" && slip.line == 5, "\(slip.text)")
        #expect(slip.message.contains("%1$@") && slip.message.contains("%1$lld"), "\(slip.message)")
        #expect(!findings.contains { $0.language == "de" && $0.message.contains("two types") })
    }

    @Test func aSourceThatSkipsAnArgumentIsAnError() throws {
        let findings = try linter.lint("""
        "greeting" : { "localizations" : {
          "en" : \(linter.unit("%2$@, %3$@")),
          "fr" : \(linter.unit("%3$@, %2$@"))
        } }
        """)
        let slip = try #require(findings.first { $0.message.contains("never read") })
        #expect(slip.severity == .error && slip.language == "en" && slip.line == 5, "\(slip.text)")
        #expect(slip.message.contains("argument 1 never read"), "\(slip.message)")
        // A source that reads 1, 2 and 3 is clean; a translation may leave one out (a warning of its own).
        let clean = try linter.lint("""
        "greeting" : { "localizations" : {
          "en" : \(linter.unit("%1$@: %2$@, %3$@")),
          "fr" : \(linter.unit("%3$@, %2$@"))
        } }
        """)
        #expect(!clean.contains { $0.message.contains("never read (") }, "\(clean.map(\.text))")
        #expect(clean.contains { $0.language == "fr" && $0.severity == .warning && $0.message.contains("never shows argument 1") })
    }

    @Test func aTranslatedAppIntentsParameterNameIsAnError() throws {
        let findings = try linter.lint("""
        "Open ${collection} in ${applicationName}" : { "localizations" : {
          "en" : \(linter.unit("Open ${collection} in ${applicationName}")),
          "de" : \(linter.unit("${Sammlung} in ${applicationName} öffnen")),
          "fr" : \(linter.unit("Ouvrir ${collection} dans ${applicationName}"))
        } }
        """)
        let slips = findings.filter { $0.message.contains("is no parameter") }
        #expect(slips.count == 1, "\(findings.map(\.text))")
        #expect(slips.first?.severity == .error && slips.first?.language == "de" && slips.first?.line == 6)
        #expect(slips.first?.message.contains("${Sammlung}") == true && slips.first?.message.contains("${collection}") == true)
    }

    @Test func slipHelpersReadWhatTheyClaim() {
        #expect(PlaceholderSlips.conflictingTypes(in: ["%1$lld or %1$@"]) == [1: ["%1$@", "%1$lld"]])
        #expect(PlaceholderSlips.conflictingTypes(in: ["%1$lld", "%1$lld again", "%2$@ %1$lld"]).isEmpty)
        #expect(PlaceholderSlips.skippedArguments([2, 3]) == [1])
        #expect(PlaceholderSlips.skippedArguments([1, 4]) == [2, 3])
        #expect(PlaceholderSlips.skippedArguments([Int]()).isEmpty)
        #expect(PlaceholderSlips.intentParameters(in: ["Open ${a} and ${b_2}", "${a} ${} ${no space}"]) == ["a", "b_2"])
    }

    /// An App Shortcuts catalog keeps a shortcut's phrases as a `stringSet` (fixtures 30 and 31, as
    /// Xcode writes them): they are read, and a parameter renamed in one phrase is an error there too.
    @Test func anAppShortcutsPhraseWithARenamedParameterIsAnError() throws {
        let findings = try linter.lint("""
        "Open ${collection} in ${applicationName}" : { "localizations" : {
          "en" : { "stringSet" : { "state" : "new", "values" : [ "Open ${collection} in ${applicationName}", "Show ${collection} with ${applicationName}" ] } },
          "de" : { "stringSet" : { "state" : "translated", "values" : [ "${collection} in ${applicationName} öffnen", "${Sammlung} mit ${applicationName} zeigen" ] } },
          "fr" : { "stringSet" : { "state" : "new", "values" : [ "Ouvrir ${collection} dans ${applicationName}" ] } },
          "it" : { "stringSet" : { "state" : "translated", "values" : [ ] } }
        } }
        """)
        #expect(findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.language ?? "-")" } == [
            "error placeholders de", "warning needsReview fr", "warning emptyTranslation it",
        ], "\(findings.map(\.text))")
        let slip = try #require(findings.first)
        #expect(slip.line == 6 && slip.message.contains("${Sammlung}") && slip.message.contains("${collection}"), "\(slip.text)")
        // A language with no phrases at all is missing, like a key without a text.
        let missing = try linter.lint("""
        "Run ${applicationName}" : { "localizations" : {
          "en" : { "stringSet" : { "state" : "new", "values" : [ "Run ${applicationName}" ] } },
          "de" : { "stringSet" : { "state" : "translated", "values" : [ "${applicationName} starten" ] } }
        } },
        "Stop ${applicationName}" : { "localizations" : {
          "en" : { "stringSet" : { "state" : "new", "values" : [ "Stop ${applicationName}" ] } }
        } }
        """)
        #expect(missing.map { "\($0.rule.rawValue) \($0.key) \($0.language ?? "-")" } == ["missingTranslation Stop ${applicationName} de"])
    }

    @Test("the real App Shortcuts catalogs: every phrase read, kept when written, and no finding")
    func realAppShortcutsCatalogs() throws {
        let url = TestPaths.fixtures.appendingPathComponent("xcstrings/30-listenscrobbler-appshortcuts-stringset.xcstrings")
        let catalog = try StringCatalog.load(contentsOf: url)
        let phrases = catalog.entries.values.flatMap { $0.localizations.values.compactMap(\.stringSet).flatMap(\.values) }
        #expect(catalog.entries.count == 6 && catalog.languages.count == 12)
        #expect(phrases.count == 144, "the file's 144 phrases")
        #expect(phrases.allSatisfy { $0.contains("${applicationName}") })
        #expect(catalog.entries.values.allSatisfy { entry in entry.localizations["en"]?.stringSet?.state == .new })
        #expect(CatalogLinter().lint(catalog, file: "30").isEmpty)
        let written = FileManager.default.temporaryDirectory.appendingPathComponent("appshortcuts-\(UUID().uuidString).xcstrings")
        defer { try? FileManager.default.removeItem(at: written) }
        try catalog.encode().write(to: written)
        #expect(try StringCatalog.load(contentsOf: written).entries == catalog.entries, "the phrases survive a write")
        let harbour = try StringCatalog.load(contentsOf: TestPaths.fixtures.appendingPathComponent("xcstrings/31-harbour-appshortcuts-parameter.xcstrings"))
        let phrase = harbour.entries["Execute container action in ${applicationName}"]?.localizations["en"]?.stringSet?.values
        #expect(phrase == ["Execute container action in ${applicationName}", "Ask ${applicationName} to ${containerAction} a container"])
    }

    /// The one real slip found (Tests/Fixtures/slips, read in the file): XcodesApp's Greek text reads
    /// argument 2 as a number and as a text.
    @Test func aRealCatalogsArgumentReadWithTwoTypes() throws {
        let url = TestPaths.fixtures.appendingPathComponent("slips/01-xcodesapp-el-argument-two-types.xcstrings")
        let catalog = try StringCatalog.load(contentsOf: url)
        let findings = CatalogLinter().lint(catalog, file: "xcodes")
        let slip = try #require(findings.first { $0.key == "EnterDigitCodeDescription" && $0.language == "el" && $0.severity == .error })
        #expect(slip.message.contains("argument 2 is read with two types (%2$@ and %2$d)"), "\(slip.text)")
        #expect(slip.line == 6883, "the el localization's line")
        #expect(!findings.contains { $0.key == "EnterDigitCodeDescription" && $0.language != "el" && $0.severity == .error }, "the other languages read it right")
    }
}
