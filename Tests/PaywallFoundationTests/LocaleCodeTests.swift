import PaywallFoundation
import Foundation
import Testing

@Suite("Locale codes")
struct LocaleCodeTests {
    @Test("underscore, hyphen and bare codes compare equal at language+script level",
          arguments: [("en_US", "en-US"), ("en_US", "en"), ("en_GB", "en"), ("zh_CN", "zh_Hans"), ("zh_Hans", "zh-Hans"),
                      ("zh-Hans-CN", "zh_CN"), ("zh_TW", "zh-Hant"), ("ko", "ko-KR"), ("KO_kr", "ko")])
    func same(_ pair: (String, String)) {
        #expect(LocaleCode.sameLanguage(pair.0, pair.1))
    }

    @Test("different languages or scripts differ",
          arguments: [("zh_Hans", "zh_Hant"), ("zh_CN", "zh_TW"), ("en", "ko"), ("ja", "ko")])
    func different(_ pair: (String, String)) {
        #expect(!LocaleCode.sameLanguage(pair.0, pair.1))
    }

    @Test("parts are normalised")
    func parts() throws {
        let code = try #require(LocaleCode("zh-hant-tw"))
        #expect(code.language == "zh" && code.script == "Hant" && code.region == "TW")
        #expect(code.identifier == "zh_Hant_TW")
        #expect(LocaleCode("zh_CN")?.languageAndScript == "zh-Hans")
        #expect(LocaleCode("es_419")?.region == "419")
        #expect(LocaleCode("") == nil)
        #expect(LocaleCode("12") == nil)
    }

    @Test("best localization: exact region, then language, then English, then first")
    func bestMatch() {
        let codes = ["ja", "en_GB", "en_US", "zh_Hans", "ko"]
        func pick(_ locale: String) -> String? { LocaleCode.bestMatch(for: locale, among: codes) { $0 } }
        #expect(pick("en-GB") == "en_GB")
        #expect(pick("en") == "en_GB", "same language, first in file order")
        #expect(pick("zh_CN") == "zh_Hans")
        #expect(pick("ko-KR") == "ko")
        #expect(pick("fr") == "en_US", "no French: en_US before en_GB")
        #expect(pick("zh-Hant") == "en_US", "traditional Chinese does not take simplified")
        #expect(LocaleCode.bestMatch(for: "fr", among: ["ja", "ko"]) { $0 } == "ja")
        #expect(LocaleCode.bestMatch(for: "fr", among: [String]()) { $0 } == nil)
    }
}
