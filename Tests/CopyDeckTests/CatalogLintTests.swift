import Foundation
import Testing
@testable import CopyDeck

@Suite("Lint helpers for the QA sweep")
struct CatalogLintTests {
    @Test("specifiers differ by kind or count, not by order")
    func differ() {
        #expect(!FormatSpecifier.differ(source: "%1$@ %2$lld", translation: "%2$lld %1$@"))
        #expect(!FormatSpecifier.differ(source: "%@ (%lld)", translation: "%1$@ (%2$lld)"))
        #expect(!FormatSpecifier.differ(source: "%d items", translation: "%lld 件"))
        #expect(!FormatSpecifier.differ(source: "Save 40%", translation: "40% 할인"))
        #expect(FormatSpecifier.differ(source: "%@ / month", translation: "%lld / Monat"))
        #expect(FormatSpecifier.differ(source: "%1$@ / %2$@", translation: "%1$@"))
        #expect(FormatSpecifier.differ(source: "%@ %@", translation: "%2$@ %2$@"))
        #expect(FormatSpecifier.differ(source: "%#@days@", translation: "%#@tage@"))
    }

    /// A deck with one defect of each kind planted.
    static func planted() throws -> StringCatalog {
        try Fixtures.decode("""
        {"sourceLanguage":"en","version":"1.0","strings":{
          "price":{"localizations":{
            "en":{"stringUnit":{"state":"translated","value":"%1$@ / %2$@"}},
            "ja":{"stringUnit":{"state":"translated","value":"%2$@ %1$@"}},
            "ko":{"stringUnit":{"state":"translated","value":"%1$@"}},
            "de":{"stringUnit":{"state":"translated","value":"%1$lld / %2$@"}}}},
          "days":{"localizations":{
            "en":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"One day left"}},
                                          "other":{"stringUnit":{"state":"translated","value":"%lld days left"}}}}},
            "ru":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"Остался %lld день"}},
                                          "few":{"stringUnit":{"state":"new","value":"Осталось %lld дня"}},
                                          "many":{"stringUnit":{"state":"translated","value":"Осталось %@ дней"}},
                                          "other":{"stringUnit":{"state":"translated","value":"Осталось %lld дня"}}}}}}},
          "cta":{"localizations":{
            "en":{"stringUnit":{"state":"translated","value":"Continue"}},
            "ko":{"stringUnit":{"state":"needs_review","value":"계속"}},
            "ja":{"stringUnit":{"state":"translated","value":"Continue"}}}},
          "•":{"shouldTranslate":false,"localizations":{"ja":{"stringUnit":{"state":"translated","value":"•"}}}},
          "old":{"extractionState":"stale","localizations":{"en":{"stringUnit":{"state":"new","value":"Old"}}}},
          "Terms of Use":{}
        }}
        """, origin: "planted.xcstrings")
    }

    @Test("specifier mismatches: dropped and retyped arguments; plural forms may drop but not add")
    func specifierMismatches() throws {
        let found = CatalogLint.specifierMismatches(in: try Self.planted())
        let places = found.map { "\($0.unit.key)/\($0.unit.language)/\($0.unit.path)" }
        #expect(places.sorted() == ["days/ru/plural.many", "price/de/", "price/ko/"])
        let korean = try #require(found.first { $0.unit.language == "ko" })
        #expect(korean.sourceSpecifiers == ["%1$@", "%2$@"])
        #expect(korean.translationSpecifiers == ["%1$@"])
    }

    @Test("identical to source, skipping shouldTranslate false")
    func identical() throws {
        let found = CatalogLint.identicalToSource(in: try Self.planted())
        #expect(found.map { "\($0.key)/\($0.language)" } == ["cta/ja"])
    }

    @Test("units needing work: new and needs_review, stale skipped unless asked")
    func needingWork() throws {
        let catalog = try Self.planted()
        let found = CatalogLint.unitsNeedingWork(in: catalog)
        #expect(Set(found.map { "\($0.key)/\($0.language)/\($0.path)/\($0.state)" })
                == ["days/ru/plural.few/new", "cta/ko//needs_review"])
        #expect(CatalogLint.unitsNeedingWork(in: catalog, includeStale: true).count == 3)
    }

    @Test("missing translations per language")
    func missingTranslations() throws {
        let catalog = try Self.planted()
        let missing = CatalogLint.missingTranslations(in: catalog)
        #expect(missing["ko"] == ["days", "Terms of Use"], "in file order")
        #expect(missing["ru"]?.contains("cta") == true)
        #expect(missing["ru"]?.contains("price") == false, "\"%1$@ / %2$@\" has no words to translate")
        #expect(missing["ru"]?.contains("•") == false, "shouldTranslate false needs no translation")
        #expect(missing["ru"]?.contains("old") == false, "stale keys are skipped")
        #expect(missing["en"] == nil, "the source language is not a translation")
        #expect(CatalogLint.missingTranslations(in: catalog, languages: ["zh-Hans"])["zh-Hans"] == ["days", "cta", "Terms of Use"])
    }

    @Test("unused and missing keys")
    func unusedAndMissing() throws {
        let catalog = try Fixtures.catalog("08")
        let used: Set<String> = ["Restore purchases", "Terms and conditions", "Privacy policy", "Not now"]
        #expect(CatalogLint.unusedKeys(in: catalog, used: used)
                == ["OK", "Privacy", "Purchases restored successfully!", "Restore", "Terms"])
        #expect(CatalogLint.missingKeys(in: catalog, required: used) == ["Not now"])
    }

    @Test("real fixtures: 03's broken % lld, 02's needs_review, 06's partial coverage, 01's untranslated names")
    func fixtures() throws {
        let joodle = CatalogLint.specifierMismatches(in: try Fixtures.catalog("03"))
        #expect(joodle.count == 1)
        #expect(joodle.first?.unit.language == "zh-Hans")
        #expect(joodle.first?.translationSpecifiers.contains("%") == true)

        let pureTodo = try Fixtures.catalog("02")
        #expect(CatalogLint.unitsNeedingWork(in: pureTodo).contains { $0.state == .needsReview && $0.language == "zh-Hans" })
        #expect(CatalogLint.identicalToSource(in: pureTodo).contains { $0.key == "Subitem" && $0.language == "nl" })
        #expect(CatalogLint.specifierMismatches(in: pureTodo).isEmpty)

        let paywallKit = CatalogLint.missingTranslations(in: try Fixtures.catalog("06"))
        #expect(paywallKit["de"] == ["paywall_alert_dismiss", "paywall_error_title"])
        #expect(paywallKit["pt-BR"] == ["paywall_alert_dismiss", "paywall_error_title"])

        let birds = CatalogLint.identicalToSource(in: try Fixtures.catalog("01"))
        #expect(birds.contains { $0.key == "Backyard Birds" && $0.language == "ja" })
        #expect(!birds.contains { $0.language == "ru" && $0.key == "Backyard Birds" })

        let superghost = CatalogLint.unitsNeedingWork(in: try Fixtures.catalog("05"))
        #expect(superghost.count == 3)
        #expect(superghost.allSatisfy { $0.path == "plural.other" && $0.state == .new })
    }
}

/// Issue 13.11: a device name kept as it is in every language is not "identical to the source".
@Suite("Proper nouns in device variations")
struct ProperNounLintTests {
    @Test func macInADeviceVariationIsNotUntranslated() throws {
        let json = """
        {"sourceLanguage":"en","strings":{"device":{"localizations":{
          "en":{"variations":{"device":{"mac":{"stringUnit":{"state":"translated","value":"Mac"}},"other":{"stringUnit":{"state":"translated","value":"Phone"}}}}},
          "de":{"variations":{"device":{"mac":{"stringUnit":{"state":"translated","value":"Mac"}},"other":{"stringUnit":{"state":"translated","value":"Phone"}}}}}}}},"version":"1.0"}
        """
        let catalog = try StringCatalog.decode(Data(json.utf8), origin: "devices.xcstrings")
        let flagged = CatalogLint.identicalToSource(in: catalog).map(\.value)
        #expect(!flagged.contains("Mac"), "a device's name is the same in German")
        #expect(flagged.contains("Phone"), "an untranslated word still is flagged")
    }

    /// The lint passes keep each key's source leaves and each language's answer once per catalog
    /// (`SourceIndex`): asked in any order, again and again, it answers what the one-off functions answer.
    @Test func sourceIndexAnswersAsTheOneOffLookups() throws {
        var compared = 0
        var generator = SystemRandomNumberGenerator()
        for url in try Fixtures.allURLs() {
            let catalog = try StringCatalog.load(contentsOf: url)
            let index = CatalogLint.SourceIndex(catalog)
            var units = CatalogLint.units(in: catalog, includeStale: true)
            units += units.shuffled(using: &generator)
            for unit in units {
                for path in [unit.path, CatalogLint.otherPath(of: unit.path), "", "plural.few", "substitutions.n.plural.other"] {
                    #expect(index.text(of: unit.key, path: path) == CatalogLint.sourceText(of: unit.key, path: path, in: catalog),
                            "\(url.lastPathComponent) \(unit.key) \(path)")
                    compared += 1
                }
                #expect(index.isSourceLanguage(unit.language) == CatalogLint.isSourceLanguage(unit.language, of: catalog))
            }
            #expect(index.text(of: "no such key", path: "") == "no such key")
        }
        #expect(compared > 10_000)
    }
}
