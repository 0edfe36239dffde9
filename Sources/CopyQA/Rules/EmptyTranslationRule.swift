import CopyDeck

/// An empty translation where the source has its own text (a key nobody wrote text for shows itself everywhere).
public struct EmptyTranslationRule: CatalogRule {
    public init() {}

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] {
        guard !unit.isSource else { return [] }
        var out: [CatalogFinding] = []
        for leaf in unit.localization.leaves where leaf.unit.value.isEmpty {
            let sourceText = unit.sourceText(path: leaf.path)
            if unit.source?.leaves.contains(where: { !$0.unit.value.isEmpty }) == true, CatalogLint.hasLetters(sourceText) {
                out.append(unit.finding(.warning, .lint(.emptyTranslation), leaf.path,
                                        "empty, where the \(context.catalog.sourceLanguage) text is “\(sourceText)”", in: context))
            }
        }
        return out
    }
}
