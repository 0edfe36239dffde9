import PaywallFoundation
/// Precomputed normal forms of a catalog's language codes, so each lookup normalises only the requested locale.
struct LanguageMatcher: Sendable {
    private struct Code: Sendable {
        let written: String
        let normalized: String
        let languageAndScript: String
    }

    private let codes: [Code]
    /// Preferences computed once: the catalog's source language and the deck's locale.
    private let cached: [String: [String]]

    init(_ written: some Collection<String>, precompute: [String] = []) {
        codes = written.sorted().map {
            let normalized = LocaleCode.normalize($0)
            return Code(written: $0, normalized: normalized, languageAndScript: LocaleCode.languageAndScript(of: normalized))
        }
        var cached: [String: [String]] = [:]
        let plain = LanguageMatcher(codes: codes, cached: [:])
        // The codes themselves, their normal forms and bare languages are the usual requests.
        let usual = precompute + codes.flatMap { [$0.written, $0.normalized, $0.languageAndScript] }
        for locale in usual where cached[locale] == nil { cached[locale] = plain.preference(for: locale) }
        self.cached = cached
    }

    /// The same codes with preferences for `locales` computed ahead.
    func precomputing(_ locales: [String]) -> LanguageMatcher {
        var cached = self.cached
        for locale in locales where cached[locale] == nil { cached[locale] = preference(for: locale) }
        return LanguageMatcher(codes: codes, cached: cached)
    }

    private init(codes: [Code], cached: [String: [String]]) {
        self.codes = codes
        self.cached = cached
    }

    /// The catalog's codes that can serve `requested`, best first, following `LocaleCode.bestMatch`'s rules:
    /// exact matches, then the same language and script without region, then other regions of it.
    func preference(for requested: String) -> [String] {
        if let known = cached[requested] { return known }
        let wanted = LocaleCode.normalize(requested)
        let base = LocaleCode.languageAndScript(of: wanted)
        var exact: [String] = [], plain: [String] = [], related: [String] = []
        for code in codes where code.languageAndScript == base {
            if code.normalized == wanted { exact.append(code.written) }
            else if code.normalized == base { plain.append(code.written) }
            else { related.append(code.written) }
        }
        return exact + plain + related
    }
}
