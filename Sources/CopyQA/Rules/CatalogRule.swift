import CopyDeck
import Foundation

/// One check of a String Catalog, run by `CatalogRuleEngine`: `copy lint`, `copy check` and the
/// house rules of the shipped decks each configure the engine with the rules they need.
///
/// A rule answers at up to three levels, in the engine's walk: the catalog as a whole, each key
/// (in the file's order) and each localization of a key (languages in order). Each defaults to no
/// finding.
public protocol CatalogRule: Sendable {
    /// Findings about the catalog as a whole, before any key.
    func check(catalog: CatalogRuleContext) -> [CatalogFinding]
    /// Findings about one key, before its localizations; `.skip` leaves the rest of the key
    /// (later rules' key checks and every localization) unchecked.
    func check(key: KeySubject, in context: CatalogRuleContext) -> KeyCheck
    /// Findings about one key in one language.
    func check(localization: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding]
}

extension CatalogRule {
    public func check(catalog: CatalogRuleContext) -> [CatalogFinding] { [] }
    public func check(key: KeySubject, in context: CatalogRuleContext) -> KeyCheck { .next([]) }
    public func check(localization: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] { [] }
}

/// What a rule says of a key: its findings, and whether the walk goes on with the key.
public enum KeyCheck: Sendable {
    case next([CatalogFinding])
    case skip([CatalogFinding])
}

/// Which rule made a finding: one of `copy lint`'s (`LintRule`, the names `--only` takes), a house
/// rule of the shipped decks, or `copy check`'s catalog lookup.
public enum CatalogRuleID: Sendable, Hashable {
    case lint(LintRule)
    case house(String)
    case check(String)
}

/// One finding of a catalog rule: which rule, how bad, where (line, key, language, variation path) and what.
public struct CatalogFinding: Sendable, Hashable {
    public var rule: CatalogRuleID
    public var severity: Severity
    /// The line of the unit, localization or key concerned (1-based); 0 when not known.
    public var line: Int
    public var key: String
    /// The language as the catalog writes it; nil for a finding about the whole entry.
    public var language: String?
    /// The variation path (`plural.few`, `substitutions.n.plural.one`); nil for the whole localization.
    public var path: String?
    public var message: String
}

/// The catalog a walk checks, with what rules look up in it worked out once.
public struct CatalogRuleContext: Sendable {
    public let catalog: StringCatalog
    /// The languages checked (as the catalog writes them).
    public let languages: [String]

    /// The line of a key, or of its localization or a variation of it; 0 when not known.
    public func line(_ key: String, _ language: String? = nil, _ path: String? = nil) -> Int {
        catalog.line(of: key, language: language, path: path) ?? 0
    }
}

/// One key of the catalog, as a rule sees it.
public struct KeySubject: Sendable {
    public let key: String
    public let entry: CatalogEntry

    /// A finding about the key (its line).
    public func finding(_ severity: Severity, _ rule: CatalogRuleID, language: String? = nil, _ message: String,
                        in context: CatalogRuleContext) -> CatalogFinding {
        CatalogFinding(rule: rule, severity: severity, line: context.line(key), key: key, language: language, path: nil, message: message)
    }
}

/// One key in one language, as a rule sees it: the localization, and the source's beside it.
public struct LocalizationSubject: Sendable {
    public let key: String
    public let entry: CatalogEntry
    public let language: String
    public let localization: Localization
    /// Whether `language` is the catalog's source language (any region of its language and script).
    public let isSource: Bool
    /// The entry's localization in the source language, if it has one.
    public let source: Localization?
    /// The source localization's non-empty texts by variation path; nil when it has none.
    public let sourceLeaves: [(path: String, value: String)]?

    /// The source-language text at `path`: the source's text there, its `other` form, its plain
    /// value, or the key itself (`CatalogLint.sourceText`).
    public func sourceText(path: String = "") -> String {
        sourceLeaves.flatMap { CatalogLint.sourceText(among: $0, path: path) } ?? key
    }

    /// A finding about this localization, or the variation at `path` (its line).
    public func finding(_ severity: Severity, _ rule: CatalogRuleID, _ path: String?, _ message: String,
                        in context: CatalogRuleContext) -> CatalogFinding {
        CatalogFinding(rule: rule, severity: severity, line: context.line(key, language, path), key: key, language: language,
                       path: path, message: message)
    }
}
