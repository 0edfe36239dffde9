import CopyDeck
import Testing

/// The one "identical to the source" rule and its exceptions (`copy lint`, `copy check` and the house rules ask it).
@Suite("Identical to the source")
struct IdenticalToSourceTests {
    func entry(comment: String? = "c", shouldTranslate: Bool? = nil, extractionState: String? = nil) -> CatalogEntry {
        CatalogEntry(comment: comment, extractionState: extractionState, shouldTranslate: shouldTranslate)
    }

    func untranslated(_ value: String, _ source: String? = nil, language: String = "de", sourceLanguage: String = "en",
                      entry: CatalogEntry? = nil, allowed: Set<String> = [], includeStale: Bool = false) -> Bool {
        IdenticalToSource.isUntranslated(value, source: source ?? value, language: language, sourceLanguage: sourceLanguage,
                                         entry: entry ?? self.entry(), allowed: allowed, includeStale: includeStale)
    }

    @Test func anIdenticalWordIsUntranslatedADifferentOneIsNot() {
        #expect(untranslated("Cancel"))
        #expect(!untranslated("Abbrechen", "Cancel"))
        #expect(!IdenticalToSource.isUntranslated("Cancel", source: nil, language: "de", sourceLanguage: "en", entry: nil))
        #expect(untranslated("确定", language: "zh-Hant", sourceLanguage: "zh-Hans"), "another script of the source's language")
    }

    @Test func theExceptions() {
        #expect(!untranslated("Cancel", language: "en-GB"), "the source's language and script")
        #expect(!untranslated("%lld", entry: entry()), "no letters outside arguments")
        #expect(!untranslated("%#@n@"))
        #expect(!untranslated(""))
        #expect(!untranslated("Premium", entry: entry(shouldTranslate: false)))
        #expect(!untranslated("Premium", entry: entry(extractionState: "stale")))
        #expect(untranslated("Premium", entry: entry(extractionState: "stale"), includeStale: true))
        #expect(!untranslated("Nova", entry: entry(comment: "The app's proper name")))
        #expect(!untranslated("Premium", entry: entry(comment: "Kept as is in every language")))
        #expect(!untranslated("iPhone"))
        #expect(!untranslated("Nova Pro", allowed: ["Nova Pro"]))
    }
}
