import CopyDeck

/// A house rule: a translation writes as many literal `%%` as its source text.
public struct LiteralPercentRule: CatalogRule {
    public init() {}

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] {
        guard !unit.isSource else { return [] }
        return unit.localization.leaves.compactMap { leaf in
            let source = unit.sourceText(path: leaf.path)
            guard leaf.unit.value.components(separatedBy: "%%").count != source.components(separatedBy: "%%").count else { return nil }
            return unit.finding(.error, .house("literalPercent"), leaf.path,
                                "another number of literal %% than the \(context.catalog.sourceLanguage) text", in: context)
        }
    }
}
