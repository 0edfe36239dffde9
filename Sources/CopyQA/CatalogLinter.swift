import CopyDeck
import Foundation
import PaywallFoundation

/// `copy lint`: a String Catalog checked in its own right, every key in every language, by the
/// rule engine configured with `copy lint`'s rules.
///
/// Errors are what shows wrong text on a device (a plural form a language needs, placeholders that
/// take other arguments than the source's, a `%#@name@` with no substitution); warnings are what a
/// translator should look at (missing, stale, `needs_review`, identical to the source, empty,
/// a key given twice, a plural form only millions or decimals reach).
public struct CatalogLinter: Sendable {
    /// Texts that are the same in every language (brand and product names): never "identical to the source".
    public var allowed: Set<String>
    /// Only these languages (as the catalog writes them or any variant of them); nil: every language.
    public var languages: [String]?

    public init(allowed: Set<String> = [], languages: [String]? = nil) {
        self.allowed = allowed
        self.languages = languages
    }

    /// `copy lint`'s rules, in the order their findings are listed for a key and a localization.
    public static func rules(allowed: Set<String>) -> [any CatalogRule] {
        [DuplicateKeyRule(), StaleKeyRule(), MissingTranslationRule(), ReviewStateRule(), PhraseSetRule(), EmptyTranslationRule(),
         PluralFormsRule(), SubstitutionsRule(), PlaceholdersRule(), IdenticalToSourceRule(allowed: allowed)]
    }

    /// The engine this linter runs.
    public var engine: CatalogRuleEngine { CatalogRuleEngine(rules: Self.rules(allowed: allowed), languages: languages) }

    /// Every finding for `catalog` read from `file`, in key order (the file's), then language, then rule.
    public func lint(_ catalog: StringCatalog, file: String) -> [LintFinding] {
        engine.findings(in: catalog).compactMap { finding in
            guard case let .lint(rule) = finding.rule else { return nil }
            return LintFinding(severity: finding.severity, rule: rule, file: file, line: finding.line, key: finding.key,
                               language: finding.language, path: finding.path, message: finding.message)
        }
    }

    /// The catalog's languages this lint covers.
    public func wantedLanguages(of catalog: StringCatalog) -> [String] { engine.languages(of: catalog) }
}
