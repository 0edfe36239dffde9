import CopyDeck

/// A key Xcode no longer finds in the code (`extractionState: stale`): said once, and nothing
/// else of it is checked.
public struct StaleKeyRule: CatalogRule {
    public init() {}

    public func check(key: KeySubject, in context: CatalogRuleContext) -> KeyCheck {
        guard key.entry.isStale else { return .next([]) }
        return .skip([key.finding(.warning, .lint(.stale), "stale: Xcode no longer finds this key in the code; delete it or mark it manual",
                                  in: context)])
    }
}
