import Foundation
import PaywallFoundation

/// The one refusal of a locale that names no language, for every surface that takes one
/// (`run --locale`, `copy check --locale`, a session's inputs): what is wrong and the closest real codes.
public enum UnknownLanguage {
    /// Nil when `locale` names a language (`CopyDeck.isKnownLanguage`); else
    /// `unknown language (did you mean 'ko'?), expected one the copy deck has: en, ko, zh-Hans`.
    public static func refusal(_ locale: String, deckLanguages: [String]) -> String? {
        guard !CopyDeck.isKnownLanguage(locale) else { return nil }
        let near = closest(to: locale, among: deckLanguages)
        let hint = near.isEmpty ? "" : " (did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?)"
        return "unknown language\(hint), expected one the copy deck has: \(deckLanguages.joined(separator: ", "))"
    }

    /// The real codes closest to `locale`: the language of the country it names when it is a
    /// country code (`kr`, Korea → `ko`; `cn` → `zh-Hans`), then the deck's languages one letter away.
    public static func closest(to locale: String, among languages: [String]) -> [String] {
        let typed = LocaleCode.language(of: locale)
        var found: [String] = []
        func add(_ code: String) { if !found.contains(code), code != typed { found.append(code) } }
        let region = Locale.Region(typed.uppercased())
        if typed.count == 2, region.isISORegion,
           let likely = LocaleCode(Locale.Language(identifier: "und-" + typed.uppercased()).maximalIdentifier),
           likely.language != "und", CopyDeck.isKnownLanguage(likely.language) {
            // The deck's own spelling of that language when it has one (`zh-Hans`), else the bare code.
            add(languages.first { LocaleCode($0)?.language == likely.language } ?? likely.language)
        }
        for code in languages where Spelling.editDistance(typed, LocaleCode.language(of: code)) == 1 { add(code) }
        return Array(found.prefix(3))
    }
}
