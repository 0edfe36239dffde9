import CopyDeck
import PaywallFoundation
import Foundation

/// Runs catalog rules over a String Catalog: the catalog, then each key in the file's order, then
/// each of its localizations in the languages checked, every rule in its order at each step.
/// `CatalogLinter` (`copy lint`), `LintIndex` (`copy check`) and `BuiltInDeckRules` configure it.
public struct CatalogRuleEngine: Sendable {
    public var rules: [any CatalogRule]
    /// Only these languages (as the catalog writes them or any variant of them); nil: every language.
    public var languages: [String]?

    public init(rules: [any CatalogRule], languages: [String]? = nil) {
        self.rules = rules
        self.languages = languages
    }

    /// The catalog's languages the walk covers.
    public func languages(of catalog: StringCatalog) -> [String] {
        guard let languages else { return catalog.languages }
        return catalog.languages.filter { present in
            languages.contains { LocaleCode.languageAndScript(of: $0) == LocaleCode.languageAndScript(of: present) }
        }
    }

    /// Every finding, in the walk's order.
    public func findings(in catalog: StringCatalog) -> [CatalogFinding] {
        let context = CatalogRuleContext(catalog: catalog, languages: languages(of: catalog))
        let wanted = Set(context.languages)
        var out: [CatalogFinding] = []
        var isSourceLanguage: [String: Bool] = [:]
        for rule in rules { out += rule.check(catalog: context) }
        keys: for key in catalog.keys {
            guard let entry = catalog.entries[key] else { continue }
            let subject = KeySubject(key: key, entry: entry)
            for rule in rules {
                switch rule.check(key: subject, in: context) {
                case let .next(found): out += found
                case let .skip(found): out += found; continue keys
                }
            }
            let sourceLanguage = LocaleCode.bestMatch(for: catalog.sourceLanguage, in: entry.localizations.keys)
            let source = sourceLanguage.flatMap { entry.localizations[$0] }
            let sourceLeaves = source.map(CatalogLint.sourceLeaves(of:))
            for language in entry.localizations.keys.sorted() where wanted.contains(language) {
                guard let localization = entry.localizations[language] else { continue }
                let isSource = isSourceLanguage[language] ?? CatalogLint.isSource(language, of: catalog)
                isSourceLanguage[language] = isSource
                let unit = LocalizationSubject(key: key, entry: entry, language: language, localization: localization,
                                               isSource: isSource, source: source, sourceLeaves: sourceLeaves)
                for rule in rules { out += rule.check(localization: unit, in: context) }
            }
        }
        return out
    }
}
