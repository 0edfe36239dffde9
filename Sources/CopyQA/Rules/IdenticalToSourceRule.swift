import CopyDeck

/// A translation identical to its source text (likely untranslated), as `IdenticalToSource`
/// decides with its exceptions and the names allowed.
public struct IdenticalToSourceRule: CatalogRule {
    /// Texts that are the same in every language (brand and product names).
    public var allowed: Set<String>

    public init(allowed: Set<String> = []) {
        self.allowed = allowed
    }

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] {
        guard !unit.isSource else { return [] }
        let catalog = context.catalog
        return unit.localization.leaves.filter { leaf in
            IdenticalToSource.isUntranslated(leaf.unit.value, source: unit.sourceText(path: leaf.path), language: unit.language,
                                             sourceLanguage: catalog.sourceLanguage, entry: unit.entry, allowed: allowed)
        }.map { leaf in
            unit.finding(.warning, .lint(.identicalToSource), leaf.path,
                         "identical to the \(catalog.sourceLanguage) text “\(leaf.unit.value)”: untranslated? (allow names with --allow)", in: context)
        }
    }
}
