import Foundation
import Testing
@testable import CopyDeck
import PaywallFoundation

/// `isKnownLanguage` accepts the languages ICU has locale data for, and refuses codes that are no
/// language (`xx`) or one with no data (`kr`, which a person types meaning Korea).
@Suite("Known languages")
struct KnownLanguageTests {
    @Test func everyShortcutLanguageHasICUData() {
        for language in CopyDeck.commonLanguages {
            #expect(ICULocaleData.hasLanguage(language), "\(language)")
        }
    }

    @Test(arguments: ["en", "en-US", "zh-Hans", "zh-Hant-TW", "ko_KR", "ja", "pt-BR", "fil", "haw", "gsw", "cy", "ga", "sl", "EN"])
    func aLanguageWithDataIsKnown(_ locale: String) {
        #expect(CopyDeck.isKnownLanguage(locale), "\(locale)")
    }

    @Test(arguments: ["xx", "kr", "qq-QQ", "", "-", "e", "tlh", "12"])
    func aCodeWithNoLanguageDataIsNot(_ locale: String) {
        #expect(!CopyDeck.isKnownLanguage(locale), "\(locale)")
    }

    @Test func theRefusalNamesTheClosestRealCodes() throws {
        let deck = ["en", "ko", "zh-Hans"]
        #expect(UnknownLanguage.refusal("kr", deckLanguages: deck) == "unknown language (did you mean 'ko'?), expected one the copy deck has: en, ko, zh-Hans")
        #expect(UnknownLanguage.refusal("cn", deckLanguages: deck)?.contains("did you mean 'zh-Hans'") == true)
        #expect(UnknownLanguage.refusal("xx", deckLanguages: deck) == "unknown language, expected one the copy deck has: en, ko, zh-Hans")
        #expect(UnknownLanguage.refusal("de", deckLanguages: deck) == nil)
    }
}
