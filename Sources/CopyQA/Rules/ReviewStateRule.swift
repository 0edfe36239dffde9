import CopyDeck

/// A unit in state `new` or `needs_review`: not translated or reviewed yet, or the source changed since.
public struct ReviewStateRule: CatalogRule {
    public init() {}

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] {
        var out: [CatalogFinding] = []
        for leaf in unit.localization.leaves where leaf.unit.state.needsWork {
            // A source value in state new is how Xcode keeps text it extracted (Interface Builder,
            // Info.plist): it is the source, nobody translates it. A key whose source has no words
            // (an empty key, "%lld") has nothing to translate or review.
            if leaf.unit.state == .new, unit.isSource { continue }
            if !CatalogLint.hasLetters(unit.sourceText(path: leaf.path)) { continue }
            let what = leaf.unit.state == .new ? "state new: not translated or reviewed yet" : "state needs_review: the source changed since it was translated"
            out.append(unit.finding(.warning, .lint(.needsReview), leaf.path, what, in: context))
        }
        return out
    }
}
