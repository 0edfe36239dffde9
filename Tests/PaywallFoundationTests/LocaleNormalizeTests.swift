import PaywallFoundation
import Testing

@Suite("Locale codes: the String Catalog form")
struct LocaleNormalizeTests {
    @Test("normalisation", arguments: [
        ("zh_Hans", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh_Hans_CN", "zh-Hans"),
        ("zh-TW", "zh-Hant"), ("zh-Hant-HK", "zh-Hant-HK"), ("zh-HK", "zh-Hant-HK"), ("zh_MO", "zh-Hant-MO"), ("zh-SG", "zh-Hans-SG"), ("ko-KR", "ko"), ("ko_KR", "ko"), ("en-US", "en"),
        ("en_US.UTF-8", "en"), ("en-GB", "en-GB"), ("pt-BR", "pt-BR"), ("pt_PT", "pt-PT"), ("JA", "ja"),
        ("es-419", "es-419"), ("de_DE@euro", "de"),
    ])
    func normalize(_ input: String, _ expected: String) {
        #expect(LocaleCode.normalize(input) == expected)
    }

    @Test("best match among a catalog's codes")
    func bestMatch() {
        let codes = ["en", "ko-KR", "pt-BR", "pt-PT", "zh-Hans", "zh-Hant"]
        #expect(LocaleCode.bestMatch(for: "ko", in: codes) == "ko-KR")
        #expect(LocaleCode.bestMatch(for: "zh_Hans", in: codes) == "zh-Hans")
        #expect(LocaleCode.bestMatch(for: "zh-HK", in: codes) == "zh-Hant")
        #expect(LocaleCode.bestMatch(for: "pt", in: codes) == "pt-BR")
        #expect(LocaleCode.bestMatch(for: "pt-PT", in: codes) == "pt-PT")
        #expect(LocaleCode.bestMatch(for: "en-AU", in: codes) == "en")
        #expect(LocaleCode.bestMatch(for: "ja", in: codes) == nil)
        #expect(LocaleCode.bestMatch(for: "", in: codes) == nil)
    }

    /// Issue 13.4: a catalog with both zh-Hant and zh-HK: Taiwan gets zh-Hant, Hong Kong its own,
    /// Macau falls back to the script; file order never decides.
    @Test("Traditional Chinese variants do not overwrite each other")
    func chineseVariants() {
        for codes in [["zh-Hant", "zh-HK", "zh-Hans"], ["zh-HK", "zh-Hant", "zh-Hans"]] {
            #expect(LocaleCode.bestMatch(for: "zh-TW", in: codes) == "zh-Hant")
            #expect(LocaleCode.bestMatch(for: "zh-Hant", in: codes) == "zh-Hant")
            #expect(LocaleCode.bestMatch(for: "zh-HK", in: codes) == "zh-HK")
            #expect(LocaleCode.bestMatch(for: "zh-MO", in: codes) == "zh-Hant")
            #expect(LocaleCode.bestMatch(for: "zh", in: codes) == "zh-Hans")
        }
        struct Item { var locale: String }
        for items in [[Item(locale: "zh_Hant"), Item(locale: "zh_HK")], [Item(locale: "zh_HK"), Item(locale: "zh_Hant")]] {
            #expect(LocaleCode.bestMatch(for: "zh-TW", among: items, code: \.locale)?.locale == "zh_Hant")
            #expect(LocaleCode.bestMatch(for: "zh-HK", among: items, code: \.locale)?.locale == "zh_HK")
            #expect(LocaleCode.bestMatch(for: "zh-MO", among: items, code: \.locale)?.locale == "zh_Hant")
        }
        let english = [Item(locale: "en_GB"), Item(locale: "en_US"), Item(locale: "pt_PT"), Item(locale: "pt")]
        #expect(LocaleCode.bestMatch(for: "en-GB", among: english, code: \.locale)?.locale == "en_GB")
        #expect(LocaleCode.bestMatch(for: "pt-BR", among: english, code: \.locale)?.locale == "pt")
    }
}
