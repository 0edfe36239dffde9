import Foundation
import Testing
@testable import CopyDeck
import PaywallFoundation

/// `isKnownLanguage` answers as Foundation's ISO 639 list does, with or without its shortcut.
@Suite("Known languages")
struct KnownLanguageTests {
    static let isoCodes = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))

    @Test func everyShortcutLanguageIsInFoundationsList() {
        for language in CopyDeck.commonLanguages {
            #expect(Self.isoCodes.contains(language), "\(language)")
        }
    }

    @Test func answersMatchFoundationsList() {
        let locales = ["en", "en-US", "zh-Hans", "zh-Hant-TW", "ko_KR", "ja", "pt-BR", "fil", "haw", "xx", "qq-QQ", "", "-", "e", "EN", "tlh"]
        for locale in locales {
            let language = LocaleCode.language(of: locale)
            #expect(CopyDeck.isKnownLanguage(locale) == (!language.isEmpty && Self.isoCodes.contains(language)), "\(locale)")
        }
    }
}
