import CopyDeck

/// A house rule: a text fits its place on screen, in terminal columns as drawn (`columns`), in
/// every language including the source.
public struct WidthLimitRule: CatalogRule {
    /// The width limit of a key: what it is and its most columns; nil when the key has none.
    public var limit: @Sendable (String) -> (kind: String, columns: Int)?
    /// Terminal columns of a text as drawn, arguments replaced by sample values.
    public var columns: @Sendable (String) -> Int

    public init(limit: @escaping @Sendable (String) -> (kind: String, columns: Int)?, columns: @escaping @Sendable (String) -> Int) {
        self.limit = limit
        self.columns = columns
    }

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] {
        guard let limit = limit(unit.key) else { return [] }
        return unit.localization.leaves.compactMap { leaf in
            let width = columns(leaf.unit.value)
            guard width > limit.columns else { return nil }
            return unit.finding(.error, .house("width"), leaf.path,
                                "\(width) columns; a \(limit.kind) may use \(limit.columns): \(leaf.unit.value)", in: context)
        }
    }
}
