import CopyDeck
import Foundation

/// Catalog lints computed once per deck and looked up by key and language during the sweep.
struct LintIndex: Sendable {
    /// `key|language` of translations identical to the source text, per deck (primary, fallback).
    var identical: [Set<String>]
    /// `key|language` → the mismatch, per deck.
    var mismatches: [[String: SpecifierMismatch]]
    var catalogs: [StringCatalog]

    init(primary: StringCatalog, fallback: StringCatalog?) {
        catalogs = [primary] + (fallback.map { [$0] } ?? [])
        identical = catalogs.map { catalog in
            Set(CatalogLint.identicalToSource(in: catalog).map { "\($0.key)|\($0.language)" })
        }
        mismatches = catalogs.map { catalog in
            var out: [String: SpecifierMismatch] = [:]
            for mismatch in CatalogLint.specifierMismatches(in: catalog) {
                out["\(mismatch.unit.key)|\(mismatch.unit.language)"] = mismatch
            }
            return out
        }
    }

    func deckIndex(_ copy: ResolvedCopy) -> Int { copy.fromFallbackDeck && catalogs.count > 1 ? 1 : 0 }

    func isIdentical(_ copy: ResolvedCopy) -> Bool {
        identical[deckIndex(copy)].contains("\(copy.key)|\(copy.localeUsed)")
    }

    func mismatch(_ copy: ResolvedCopy) -> SpecifierMismatch? {
        mismatches[deckIndex(copy)]["\(copy.key)|\(copy.localeUsed)"]
    }
}
