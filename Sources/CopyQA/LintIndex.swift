import CopyDeck
import Foundation

/// What `copy check` asks of each deck's catalog, worked out once per deck by the rule engine
/// (stale keys aside, texts identical to the source, placeholders that differ from it) and looked
/// up by key and language during the sweep.
struct LintIndex: Sendable {
    /// `key|language` of translations identical to the source text, per deck (primary, fallback).
    var identical: [Set<String>]
    /// `key|language` → what differs in its placeholders, per deck.
    var mismatches: [[String: String]]
    var catalogs: [StringCatalog]

    /// `copy check`'s catalog rules.
    static let engine = CatalogRuleEngine(rules: [StaleKeyRule(), IdenticalToSourceRule(), PlaceholderSignatureRule()])

    init(primary: StringCatalog, fallback: StringCatalog?) {
        catalogs = [primary] + (fallback.map { [$0] } ?? [])
        identical = []
        mismatches = []
        for catalog in catalogs {
            var same: Set<String> = []
            var differing: [String: String] = [:]
            for finding in Self.engine.findings(in: catalog) {
                guard let language = finding.language else { continue }
                if finding.rule == .lint(.identicalToSource) { same.insert("\(finding.key)|\(language)") }
                if finding.rule == PlaceholderSignatureRule.id { differing["\(finding.key)|\(language)"] = finding.message }
            }
            identical.append(same)
            mismatches.append(differing)
        }
    }

    func deckIndex(_ copy: ResolvedCopy) -> Int { copy.fromFallbackDeck && catalogs.count > 1 ? 1 : 0 }

    func isIdentical(_ copy: ResolvedCopy) -> Bool {
        identical[deckIndex(copy)].contains("\(copy.key)|\(copy.localeUsed)")
    }

    /// What differs in the placeholders of the text `copy` shows, if anything.
    func mismatch(_ copy: ResolvedCopy) -> String? {
        mismatches[deckIndex(copy)]["\(copy.key)|\(copy.localeUsed)"]
    }
}
