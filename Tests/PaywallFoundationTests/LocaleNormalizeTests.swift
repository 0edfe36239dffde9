import PaywallFoundation
import Testing

@Suite("Locale codes: the String Catalog form")
struct LocaleNormalizeTests {
    @Test("normalisation", arguments: [
        ("zh_Hans", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh_Hans_CN", "zh-Hans"),
        ("zh-TW", "zh-Hant"), ("zh-Hant-HK", "zh-Hant"), ("ko-KR", "ko"), ("ko_KR", "ko"), ("en-US", "en"),
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
}
