#if canImport(_FoundationICU)
import _FoundationICU
#endif
import Foundation

/// Which of ICU's locales holds the number data for a locale identifier, as ICU itself resolves it.
///
/// `Locale.availableIdentifiers` lists only the locales with files of their own: it lacks `en_ES`,
/// `en_IT`, `en_RO` and `en_GE`, which ICU formats through CLDR's parent `en_150` (`9,99 €`, as
/// CLDR and iOS do). Asking ICU which locale it took the data from tells the two cases apart:
/// `en_ES` → `en_150` (a locale of its own), `de_JP` → `de` (no data for the pair: only its
/// language's), `kr` → the process's default locale (no data for the language at all).
public enum ICULocaleData {
    /// The locale ICU takes `identifier`'s number data from (`en_ES` → `en_150`, `de_JP` → `de`,
    /// `es_ES` → `es_ES`); for a language ICU has no data for, its default locale. Cached.
    public static func dataLocale(of identifier: String) -> String {
        resolved.value(for: identifier) { ask(identifier) }
    }

    /// Whether ICU has locale data for `identifier`'s language: its data is of that language, or at
    /// least not what ICU falls back to for a code that is no language (`xx`): `kr` and `xx` are not.
    public static func hasLanguage(_ identifier: String) -> Bool {
        let data = dataLocale(of: identifier)
        if data == "root" || data.isEmpty { return false }
        if let asked = LocaleCode(identifier), LocaleCode(data)?.language == asked.language { return true }
        return data != noLanguage
    }

    /// What ICU answers for a code that is no language at all: its default locale.
    static let noLanguage = ask("xx")

    /// Identifiers asked and ICU's answers.
    static let resolved = BoundedCache<String, String>(limit: 512)

    /// ICU's valid locale for a currency formatter opened in `identifier`.
    static func ask(_ identifier: String) -> String {
        #if canImport(_FoundationICU)
        var status = U_ZERO_ERROR
        guard let formatter = swift_unum_open(UNUM_CURRENCY, nil, 0, identifier, nil, &status) else { return "root" }
        defer { swift_unum_close(formatter) }
        var localeStatus = U_ZERO_ERROR
        guard let valid = swift_unum_getLocaleByType(formatter, ULOC_VALID_LOCALE, &localeStatus) else { return "root" }
        return String(cString: valid)
        #else
        // Darwin's Foundation lists every locale ICU formats: the nearest listed one by truncation.
        guard var code = LocaleCode(identifier) else { return "root" }
        let available = Set(Locale.availableIdentifiers)
        while true {
            let candidate = code.identifier
            if available.contains(candidate) { return candidate }
            if code.region != nil { code.region = nil } else if code.script != nil { code.script = nil } else { return "root" }
        }
        #endif
    }
}
