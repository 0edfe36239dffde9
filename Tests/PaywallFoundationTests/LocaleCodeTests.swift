@testable import PaywallFoundation
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

    /// Codes are trimmed as Foundation's `trimmingCharacters(in: .whitespaces)` trims them, with
    /// the usual code (ASCII at both ends) never handed to Foundation.
    @Test func trimmingMatchesFoundation() {
        let ends = ["", " ", "\t", "\u{00A0}", "\u{3000}", "\u{2009}", "\n", "é", "x", "_", "-", "\u{200B}"]
        var compared = 0
        for head in ends {
            for tail in ends {
                for middle in ["en-US", "zh_Hant_TW", "ko", "", " ", "a b"] {
                    let code = head + middle + tail
                    #expect(LocaleCode.trimmed(code) == code.trimmingCharacters(in: .whitespaces), "\(Array(code.unicodeScalars))")
                    compared += 1
                }
            }
        }
        #expect(compared == ends.count * ends.count * 6)
        #expect(LocaleCode(" en-us\u{3000}")?.identifier == "en_US")
    }
}
