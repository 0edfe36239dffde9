import CopyDeck
import Foundation
import Testing
import TestSupport
@testable import CopyQA

/// `copy lint`: each rule on a small catalog written for it, and the whole corpus against what was read in each file.
@Suite("copy lint: String Catalogs in their own right")
struct CatalogLinterTests {
    /// Lints catalog JSON written inline (`strings` only; source `en`).
    func lint(_ strings: String, source: String = "en", linter: CatalogLinter = CatalogLinter()) throws -> [LintFinding] {
        let json = "{\n\"sourceLanguage\" : \"\(source)\",\n\"strings\" : {\n\(strings)\n},\n\"version\" : \"1.0\"\n}"
        let catalog = try StringCatalog.decode(Data(json.utf8), origin: "T.xcstrings")
        return linter.lint(catalog, file: "T.xcstrings")
    }

    func unit(_ value: String, _ state: String = "translated") -> String {
        "{ \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"\(value)\" } }"
    }

    func plural(_ forms: [(String, String)]) -> String {
        "{ \"variations\" : { \"plural\" : { " + forms.map { "\"\($0.0)\" : \(unit($0.1))" }.joined(separator: ", ") + " } } }"
    }

    @Test("Ukrainian with only one/other is an error naming few and many, with the line of the plural")
    func ukrainianPlurals() throws {
        let findings = try lint("""
        "%lld days" : { "localizations" : {
          "en" : \(plural([("one", "%lld day"), ("other", "%lld days")])),
          "uk" : \(plural([("one", "%lld день"), ("other", "%lld днів")]))
        } }
        """)
        let plural = findings.filter { $0.rule == .pluralForms }
        #expect(plural.count == 1)
        #expect(plural.first?.severity == .error)
        #expect(plural.first?.language == "uk")
        #expect(plural.first?.message.contains("no few, many form") == true)
        #expect(plural.first?.line == 6)
        #expect(findings.allSatisfy { $0.rule == .pluralForms })
    }

    @Test("complete sets are clean; French many is a warning; an extra one in Japanese is a warning; zero is never extra")
    func pluralShapes() throws {
        let findings = try lint("""
        "%lld days" : { "localizations" : {
          "en" : \(plural([("zero", "no days"), ("one", "%lld day"), ("other", "%lld days")])),
          "uk" : \(plural([("one", "%lld день"), ("few", "%lld дні"), ("many", "%lld днів"), ("other", "%lld дня")])),
          "fr" : \(plural([("one", "%lld jour"), ("other", "%lld jours")])),
          "ja" : \(plural([("one", "%lld日"), ("other", "%lld日")])),
          "ar" : \(plural([("zero", "%lld"), ("one", "%lld"), ("two", "%lld"), ("few", "%lld"), ("many", "%lld"), ("other", "%lld")]))
        } }
        """)
        #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings.map(\.text))")
        let byLanguage = Dictionary(grouping: findings, by: { $0.language ?? "" })
        #expect(byLanguage["fr"]?.map(\.message).first?.contains("no many form") == true)
        #expect(byLanguage["ja"]?.map(\.message).first?.contains("one form never chosen") == true)
        #expect(byLanguage["uk"] == nil)
        #expect(byLanguage["ar"] == nil)
        #expect(byLanguage["en"] == nil)
    }

    @Test("a plural source translated as one form is an error where the language needs several forms, not in Japanese")
    func singleFormTranslation() throws {
        let findings = try lint("""
        "%lld days" : { "localizations" : {
          "en" : \(plural([("one", "%lld day"), ("other", "%lld days")])),
          "ru" : \(unit("%lld дней")),
          "ja" : \(unit("%lld日"))
        } }
        """)
        #expect(findings.map(\.language) == ["ru"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("varies by plural") == true)
    }

    @Test("placeholders: another type is an error, an argument the source does not pass is an error, a dropped one a warning; order does not matter")
    func placeholders() throws {
        let findings = try lint("""
        "greeting" : { "localizations" : {
          "en" : \(unit("%1$@ has %2$lld coins")),
          "de" : \(unit("%2$lld Münzen hat %1$@")),
          "fr" : \(unit("%1$lld a %2$@ pièces")),
          "es" : \(unit("%1$@ tiene monedas")),
          "it" : \(unit("%1$@ ha %2$lld monete e %3$@"))
        } }
        """)
        let byLanguage = Dictionary(grouping: findings, by: { $0.language ?? "" })
        #expect(byLanguage["de"] == nil)
        #expect(byLanguage["fr"]?.count == 2)
        #expect(byLanguage["fr"]?.allSatisfy { $0.severity == .error && $0.message.contains("read as") } == true)
        #expect(byLanguage["es"]?.map(\.severity) == [.warning])
        #expect(byLanguage["es"]?.first?.message.contains("never shows argument 2") == true)
        #expect(byLanguage["it"]?.map(\.severity) == [.error])
        #expect(byLanguage["it"]?.first?.message.contains("argument 3") == true)
    }

    @Test("a stray % is an error only in a text formatted with arguments; 50%% and a plain 80% are fine")
    func strayPercent() throws {
        let findings = try lint("""
        "posts %@" : { "localizations" : { "en" : \(unit("%@ posts")), "ca" : \(unit("% publicacions")) } },
        "plain" : { "localizations" : { "en" : \(unit("80%+ of trips")), "de" : \(unit("80% der Fahrten")) } },
        "save" : { "localizations" : { "en" : \(unit("Save %lld%%")), "de" : \(unit("%lld%% sparen")) } }
        """)
        let placeholders = findings.filter { $0.rule == .placeholders }
        #expect(placeholders.map(\.key) == ["posts %@", "posts %@"], "the error, and the warning that argument 1 is never shown")
        #expect(findings.contains { $0.severity == .error && $0.message.contains("is no placeholder") })
    }

    @Test("substitutions: undefined is an error, unused a warning, another argument an error; order and argNum agree; a loose %lld in a two-number text is an error")
    func substitutions() throws {
        func sub(_ name: String, _ argNum: Int?, _ one: String, _ other: String) -> String {
            "\"\(name)\" : { \(argNum.map { "\"argNum\" : \($0), " } ?? "")\"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"one\" : \(unit(one)), \"other\" : \(unit(other)) } } }"
        }
        let findings = try lint("""
        "n posts from n people" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "%#@posts@ from %#@people@" }, "substitutions" : { \(sub("posts", 1, "%arg post", "%arg posts")), \(sub("people", 2, "%arg person", "%arg people")) } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@posts@ von %#@people@" }, "substitutions" : { \(sub("posts", nil, "%arg Beitrag", "%arg Beiträge")), \(sub("people", nil, "%arg Person", "%arg Personen")) } },
          "nl" : { "stringUnit" : { "state" : "translated", "value" : "%#@people@ en %#@posts@" }, "substitutions" : { \(sub("posts", nil, "%arg bericht", "%arg berichten")), \(sub("people", nil, "%arg persoon", "%arg personen")) } },
          "fr" : { "stringUnit" : { "state" : "translated", "value" : "%#@posts@ de %#@gens@" }, "substitutions" : { \(sub("posts", 1, "%arg post", "%arg posts")), \(sub("people", 2, "%arg personne", "%arg personnes")) } },
          "eu" : { "stringUnit" : { "state" : "translated", "value" : "%#@people@ %#@posts@" }, "substitutions" : { \(sub("posts", 1, "bidalketa %arg", "%arg bidalketa")), \(sub("people", 2, "Partaide batek", "%lld partaidek")) } }
        } }
        """)
        let byLanguage = Dictionary(grouping: findings, by: { $0.language ?? "" })
        #expect(byLanguage["de"] == nil, "argNum left out, same order: the same arguments")
        #expect(byLanguage["nl"]?.filter { $0.rule == .substitutions }.count == 2, "swapped order without argNum: both format the other argument")
        #expect(byLanguage["fr"]?.contains { $0.severity == .error && $0.message.contains("defines no substitution “gens”") } == true)
        #expect(byLanguage["fr"]?.contains { $0.severity == .warning && $0.message.contains("“people” is defined but no text uses") } == true)
        #expect(byLanguage["eu"]?.map(\.path) == ["substitutions.people.plural.other"])
        #expect(byLanguage["eu"]?.first?.message.contains("write %arg") == true)
    }

    @Test("missing, stale, needs_review, new, empty and identical translations are warnings; names and --allow are not identical")
    func translationState() throws {
        let findings = try lint("""
        "Cancel" : { "localizations" : { "en" : \(unit("Cancel")), "de" : \(unit("Cancel")), "fr" : \(unit("", "translated")) } },
        "Device" : { "localizations" : { "en" : \(unit("Mac")), "de" : \(unit("Mac")), "fr" : \(unit("Mac")) } },
        "Brand" : { "localizations" : { "en" : \(unit("Nova Pro")), "de" : \(unit("Nova Pro")), "fr" : \(unit("Nova Pro")) } },
        "Old" : { "extractionState" : "stale", "localizations" : { "en" : \(unit("Old")) } },
        "Later" : { "localizations" : { "en" : \(unit("Later")), "de" : \(unit("Später", "needs_review")), "fr" : \(unit("Plus tard", "new")) } }
        """, linter: CatalogLinter(allowed: ["Nova Pro"]))
        let summary = findings.map { "\($0.rule.rawValue) \($0.key) \($0.language ?? "-")" }
        #expect(summary == [
            "identicalToSource Cancel de", "emptyTranslation Cancel fr",
            "stale Old -",
            "needsReview Later de", "needsReview Later fr",
        ], "\(findings.map(\.text))")
        #expect(findings.allSatisfy { $0.severity == .warning })
        let missing = try lint("""
        "Done" : { "localizations" : { "en" : \(unit("Done")), "de" : \(unit("Fertig")) } },
        "Close" : { "localizations" : { "en" : \(unit("Close")) } }
        """)
        #expect(missing.map { "\($0.rule.rawValue) \($0.key) \($0.language ?? "-")" } == ["missingTranslation Close de"])
    }

    /// Xcode keeps text it extracted from a storyboard or an Info.plist as a source value in state
    /// new (fixture 29 has 267): nobody translates the source, so that is no finding. A key whose
    /// source has no words (an empty key, "%lld") or is written empty (fixture 45's
    /// `NSHumanReadableCopyright`) has nothing to translate, review or miss.
    @Test("a source value in state new, and a key whose source has no words, are not findings")
    func extractedSourceAndWordlessKeys() throws {
        let findings = try lint("""
        "1g1-Th-emL.headerCell.title" : { "extractionState" : "extracted_with_value", "localizations" : { "en" : \(unit("Play Count", "new")), "de" : \(unit("Wiedergaben", "new")) } },
        "" : { "localizations" : { "en" : \(unit("", "new")), "de" : \(unit("", "new")) } },
        " %lld" : { "localizations" : { "en" : \(unit(" %lld", "new")) } },
        "NSCameraUsageDescription" : { "localizations" : { "en" : \(unit("Scan receipts with the camera", "new")) } },
        "NSHumanReadableCopyright" : { "extractionState" : "extracted_with_value", "localizations" : { "en" : \(unit("", "new")) } }
        """)
        #expect(findings.map { "\($0.rule.rawValue) \($0.key) \($0.language ?? "-")" } == [
            "needsReview 1g1-Th-emL.headerCell.title de", "missingTranslation NSCameraUsageDescription de",
        ], "\(findings.map(\.text))")
    }

    @Test("a key given twice is a warning at the second place, and the last value is the one checked")
    func duplicateKey() throws {
        let findings = try lint("""
        "Done" : { "localizations" : { "en" : \(unit("Done")), "de" : \(unit("Done")) } },
        "Done" : { "localizations" : { "en" : \(unit("Done")), "de" : \(unit("Fertig")) } }
        """)
        #expect(findings.map(\.rule) == [.duplicateKey])
        #expect(findings.first?.line == 5)
    }

    @Test("--language keeps that language and its regional variants")
    func languageFilter() throws {
        let strings = """
        "%lld days" : { "localizations" : {
          "en" : \(plural([("one", "%lld day"), ("other", "%lld days")])),
          "uk" : \(plural([("one", "%lld день"), ("other", "%lld днів")])),
          "pt-BR" : \(plural([("one", "%lld dia"), ("other", "%lld dias")]))
        } }
        """
        #expect(try lint(strings, linter: CatalogLinter(languages: ["pt"])).compactMap(\.language) == ["pt-BR"])
        #expect(try lint(strings, linter: CatalogLinter(languages: ["uk"])).compactMap(\.language) == ["uk"])
    }

    /// What `Tests/Fixtures/corpus-facts.json` says of one String Catalog.
    struct Facts: Decodable {
        struct Lint: Decodable {
            struct Error: Decodable, Hashable {
                var rule: String
                var key: String
                var language: String?
                var path: String?
                var line: Int
            }
            var errors: [Error]
            var stale: Int
            var needsReview: Int
            var duplicateKey: Int
        }
        var file: String
        var sourceLanguage: String
        var keyCount: Int
        var languages: [String]
        var lint: Lint
    }

    static let corpus: [Facts] = {
        struct All: Decodable { var xcstrings: [Facts] }
        let url = TestPaths.fixtures.appendingPathComponent("corpus-facts.json")
        guard let data = try? Data(contentsOf: url), let all = try? JSONDecoder().decode(All.self, from: data) else { return [] }
        return all.xcstrings
    }()

    @Test("the corpus facts cover every String Catalog fixture")
    func corpusComplete() {
        #expect(Self.corpus.count == TestPaths.fixtureFiles("xcstrings").count)
        #expect(Self.corpus.count >= 25)
    }

    /// Errors were read in each file by hand; the Slavic plural errors, stale entries, review states and
    /// duplicate keys were also counted by an independent script over the raw JSON.
    @Test("each real String Catalog: keys, languages and the lint findings read in the file", arguments: corpus.map(\.file))
    func corpusFile(_ file: String) throws {
        let facts = try #require(Self.corpus.first { $0.file == file })
        let url = TestPaths.fixtures.appendingPathComponent("xcstrings").appendingPathComponent(file)
        let catalog = try StringCatalog.load(contentsOf: url)
        #expect(catalog.sourceLanguage == facts.sourceLanguage)
        #expect(catalog.entries.count == facts.keyCount)
        #expect(Set(catalog.languages) == Set(facts.languages + [facts.sourceLanguage]))
        let findings = CatalogLinter().lint(catalog, file: file)
        let errors = findings.filter { $0.severity == .error }.map {
            Facts.Lint.Error(rule: $0.rule.rawValue, key: $0.key, language: $0.language, path: $0.path, line: $0.line)
        }
        #expect(Set(errors) == Set(facts.lint.errors))
        #expect(errors.count == facts.lint.errors.count)
        #expect(findings.filter { $0.rule == .stale }.count == facts.lint.stale)
        #expect(findings.filter { $0.rule == .needsReview }.count == facts.lint.needsReview)
        #expect(findings.filter { $0.rule == .duplicateKey }.count == facts.lint.duplicateKey)
    }
}
