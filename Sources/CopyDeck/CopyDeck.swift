import PaywallFoundation
import Foundation

/// Looks up copy by key for a locale: a team's catalog layered over the default deck, with fallbacks.
///
/// Lookup of `key` for locale `L`, in the first deck that has the key (primary, then fallback):
/// 1. the localization best matching `L` (`zh_Hans`, `zh-CN` → `zh-Hans`; `ko` finds `ko-KR`);
/// 2. the deck's source language;
/// 3. the key itself (keys are source-language text).
/// A key in no deck shows the key and reports `missingKey`.
public struct CopyDeck: Sendable {
    /// The catalog consulted first (a team's own, or the default deck alone).
    public let primary: StringCatalog
    /// The catalog that supplies keys the primary lacks (the default deck), if layered.
    public let fallback: StringCatalog?
    /// The locale `text(_:_:)` and `resolve(_:_:)` use.
    public var locale: String {
        didSet {
            primaryMatcher = primaryMatcher.precomputing([locale])
            fallbackMatcher = fallbackMatcher?.precomputing([locale])
        }
    }
    private var primaryMatcher: LanguageMatcher
    private var fallbackMatcher: LanguageMatcher?
    /// Whole numbers grouped as the locale groups them, as SwiftUI's `Text` shows an interpolated
    /// integer (the screens turn it on); off, plain as `String(format:)` (lint, diffs, exports).
    public var groupsWholeNumbers = false
    /// Names this deck's content for caches: every deck made by an initializer gets its own
    /// number, and copies (`with(locale:)` included) keep it, since their catalogs are the same.
    public let contentID: UInt64

    /// A deck of one catalog; `locale` defaults to the catalog's source language.
    public init(_ catalog: StringCatalog, locale: String? = nil) {
        self.init(primary: catalog, fallback: nil, locale: locale)
    }

    /// A team's catalog over the default deck; keys the team lacks come from `fallback`.
    public init(primary: StringCatalog, fallback: StringCatalog?, locale: String? = nil) {
        self.primary = primary
        self.fallback = fallback
        self.contentID = DeckContentID.next()
        let locale = locale ?? primary.sourceLanguage
        self.locale = locale
        self.primaryMatcher = LanguageMatcher(primary.languages, precompute: [primary.sourceLanguage, locale])
        self.fallbackMatcher = fallback.map { LanguageMatcher($0.languages, precompute: [$0.sourceLanguage, locale]) }
    }

    /// Every language either catalog has, sorted (`en`, `ko`, `zh-Hans`).
    public var languages: [String] {
        Set(primary.languages).union(fallback?.languages ?? []).sorted()
    }

    /// Whether `locale` names a language ICU has locale data for: `xx` does not, nor `kr` (an ISO
    /// 639 code, Kanuri, with no locale data: a person typing it means Korea's `ko`).
    public static func isKnownLanguage(_ locale: String) -> Bool {
        let language = LocaleCode.language(of: locale)
        if commonLanguages.contains(language) { return true }
        return !language.isEmpty && language.allSatisfy(\.isLetter) && ICULocaleData.hasLanguage(language)
    }

    /// Languages answered without asking ICU; each is one ICU has data for (`CopyDeckTests` checks).
    static let commonLanguages: Set<String> = ["en", "zh", "ko", "ja", "de", "fr", "es", "pt", "it", "ru", "ar", "nl", "sv", "tr", "pl"]

    /// How `locale` is served: nil when the deck has it (or a variant of its language and
    /// script); else the language the copy falls back to (the primary catalog's source language).
    public func fallbackLanguage(for locale: String) -> String? {
        LocaleCode.bestMatch(for: locale, in: languages) == nil ? primary.sourceLanguage : nil
    }

    /// The same deck for another locale.
    public func with(locale: String) -> CopyDeck {
        var copy = self
        copy.locale = locale
        return copy
    }

    /// Keys the primary catalog lacks that the fallback deck supplies, sorted case-insensitively: report these for a team catalog.
    public var keysFromFallback: [String] {
        guard let fallback else { return [] }
        return fallback.entries.keys.filter { primary.entries[$0] == nil }.sorted(by: CatalogEncoder.xcodeOrder)
    }

    /// Every key either deck knows, sorted case-insensitively.
    public var allKeys: [String] {
        Set(primary.entries.keys).union(fallback?.entries.keys ?? [:].keys).sorted(by: CatalogEncoder.xcodeOrder)
    }

    /// The text for `key` in the deck's locale, placeholders filled.
    public func text(_ key: String, _ args: CopyArgument...) -> String {
        resolve(key, locale: locale, args).text
    }

    /// Resolves `key` in the deck's locale.
    public func resolve(_ key: String, _ args: CopyArgument...) -> ResolvedCopy {
        resolve(key, locale: locale, args)
    }

    /// Resolves `key` for `locale` with `args`, reporting how (see the type's documentation).
    public func resolve(_ key: String, locale requested: String, _ args: [CopyArgument] = []) -> ResolvedCopy {
        if let entry = primary.entries[key] {
            return resolve(key, entry: entry, in: primary, matcher: primaryMatcher, locale: requested, args: args, fromFallback: false)
        }
        if let fallback, let fallbackMatcher, let entry = fallback.entries[key] {
            return resolve(key, entry: entry, in: fallback, matcher: fallbackMatcher, locale: requested, args: args, fromFallback: true)
        }
        let rendered = CopyFormatter(locale: primary.sourceLanguage, groupsWholeNumbers: groupsWholeNumbers).format(key, args)
        return ResolvedCopy(text: rendered.text, key: key, requestedLocale: requested, localeUsed: primary.sourceLanguage,
                            fellBack: Self.differs(requested, primary.sourceLanguage), fromFallbackDeck: false, state: nil,
                            origin: .missingKey, problems: [.missingKey(key)] + rendered.problems)
    }

    private func resolve(_ key: String, entry: CatalogEntry, in catalog: StringCatalog, matcher: LanguageMatcher,
                         locale requested: String, args: [CopyArgument], fromFallback: Bool) -> ResolvedCopy {
        let requestedLanguages = matcher.preference(for: requested)
        let candidates = [requestedLanguages.first { entry.hasUsableLocalization($0) },
                          matcher.preference(for: catalog.sourceLanguage).first { entry.hasUsableLocalization($0) }]
        for case let language? in candidates {
            guard let localization = entry.localizations[language] else { continue }
            let rendered = CopyFormatter(locale: language, groupsWholeNumbers: groupsWholeNumbers).render(localization, language: language, args)
            if rendered.problems.contains(.emptyLocalization(language: language)) { continue }
            return ResolvedCopy(text: rendered.text, key: key, requestedLocale: requested, localeUsed: language,
                                fellBack: !requestedLanguages.contains(language), fromFallbackDeck: fromFallback,
                                state: rendered.state, origin: .localization, problems: rendered.problems)
        }
        let rendered = CopyFormatter(locale: catalog.sourceLanguage, groupsWholeNumbers: groupsWholeNumbers).format(key, args)
        return ResolvedCopy(text: rendered.text, key: key, requestedLocale: requested, localeUsed: catalog.sourceLanguage,
                            fellBack: Self.differs(requested, catalog.sourceLanguage), fromFallbackDeck: fromFallback,
                            state: nil, origin: .keyAsSourceText, problems: rendered.problems)
    }

    /// Whether two locales differ (used where no catalog code is involved) in language or script (`en-GB` and `en` do not; `zh-Hant` and `zh-Hans` do).
    static func differs(_ a: String, _ b: String) -> Bool {
        LocaleCode.languageAndScript(of: a) != LocaleCode.languageAndScript(of: b)
    }
}

/// Hands out deck content numbers, never the same one twice in a process.
enum DeckContentID {
    private final class Counter: @unchecked Sendable {
        let lock = NSLock()
        var value: UInt64 = 0
    }
    private static let counter = Counter()

    static func next() -> UInt64 {
        counter.lock.lock()
        defer { counter.lock.unlock() }
        counter.value += 1
        return counter.value
    }
}
