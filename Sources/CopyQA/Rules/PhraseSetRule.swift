import CopyDeck

/// An App Shortcuts phrase set (`stringSet`): its review state, no phrases where the source has
/// some, and `${parameter}` names that are not the source phrases' (App Intents match the names).
public struct PhraseSetRule: CatalogRule {
    public init() {}

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] {
        guard let phrases = unit.localization.stringSet, !unit.isSource else { return [] }
        let catalog = context.catalog
        var out: [CatalogFinding] = []
        let sourcePhrases = unit.source?.stringSet?.values.filter { !$0.isEmpty } ?? []
        if phrases.state.needsWork {
            out.append(unit.finding(.warning, .lint(.needsReview), nil, phrases.state == .new ? "phrases in state new: not translated or reviewed yet"
                                    : "phrases in state needs_review: the source changed since they were translated", in: context))
        }
        if phrases.values.allSatisfy(\.isEmpty), !sourcePhrases.isEmpty {
            out.append(unit.finding(.warning, .lint(.emptyTranslation), nil, "no phrase, where the \(catalog.sourceLanguage) has \(sourcePhrases.count)",
                                    in: context))
        }
        let sourceParameters = PlaceholderSlips.intentParameters(in: sourcePhrases.isEmpty ? [unit.key] : sourcePhrases)
        for name in PlaceholderSlips.intentParameters(in: phrases.values) where !sourceParameters.contains(name) {
            out.append(unit.finding(.error, .lint(.placeholders), nil,
                                    "${\(name)} in a phrase is no parameter of the \(catalog.sourceLanguage) phrases (\(sourceParameters.isEmpty ? "none" : sourceParameters.map { "${\($0)}" }.joined(separator: " "))): App Intents parameter names are not translated",
                                    in: context))
        }
        return out
    }
}
