import CopyDeck

/// `copy check`'s placeholder rule: a translation whose placeholders differ in kind or count from
/// its source text's, order aside (`CatalogLint.specifierMismatch`); a plural form other than
/// `other` may leave some out but add none. The screens show such a text with wrong arguments.
public struct PlaceholderSignatureRule: CatalogRule {
    public static let id = CatalogRuleID.check("specifierMismatch")

    public init() {}

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] {
        guard !unit.isSource else { return [] }
        var signatures: [String: [String: Int]] = [:]
        return unit.localization.leaves.compactMap { leaf in
            let location = UnitLocation(key: unit.key, language: unit.language, path: leaf.path, state: leaf.unit.state, value: leaf.unit.value)
            guard let mismatch = CatalogLint.specifierMismatch(location, sourceText: { unit.sourceText(path: $0) }, signatures: &signatures) else {
                return nil
            }
            return unit.finding(.error, Self.id, leaf.path,
                                "placeholders \(mismatch.translationSpecifiers.joined(separator: " ")) differ from the source's \(mismatch.sourceSpecifiers.joined(separator: " ")) (\(mismatch.source))",
                                in: context)
        }
    }
}
