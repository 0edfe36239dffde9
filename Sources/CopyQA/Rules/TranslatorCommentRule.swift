import CopyDeck

/// A house rule: every key has a comment for translators, saying where the text appears.
public struct TranslatorCommentRule: CatalogRule {
    public init() {}

    public func check(key: KeySubject, in context: CatalogRuleContext) -> KeyCheck {
        guard (key.entry.comment ?? "").trimmingCharacters(in: .whitespaces).isEmpty else { return .next([]) }
        return .next([key.finding(.error, .house("comment"), "no comment; say where the text appears", in: context)])
    }
}
