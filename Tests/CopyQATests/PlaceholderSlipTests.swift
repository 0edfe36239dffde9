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
}
