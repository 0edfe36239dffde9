import CopyDeck

/// A JSON key given twice in the file: the last one is used, as Xcode and Foundation read it.
public struct DuplicateKeyRule: CatalogRule {
    public init() {}

    public func check(catalog context: CatalogRuleContext) -> [CatalogFinding] {
        context.catalog.duplicates.map { duplicate in
            let where_ = duplicate.jsonPath.isEmpty ? "the top level" : duplicate.jsonPath
            return CatalogFinding(rule: .lint(.duplicateKey), severity: .warning, line: duplicate.line, key: duplicate.key,
                                  message: "given twice in \(where_); the last one is used (as Xcode and Foundation read it)")
        }
    }
}
