import CopyDeck

/// A key with no text in a language checked: iOS shows the source text there
/// (`CatalogLint.missingLanguages`, with its exceptions).
public struct MissingTranslationRule: CatalogRule {
    public init() {}

    public func check(key: KeySubject, in context: CatalogRuleContext) -> KeyCheck {
        let catalog = context.catalog
        let languages = context.languages.filter { !CatalogLint.isSource($0, of: catalog) }
        return .next(CatalogLint.missingLanguages(of: key.key, in: catalog, languages: languages).sorted().map { language in
            key.finding(.warning, .lint(.missingTranslation), language: language,
                        "no \(language) translation: iOS shows the \(catalog.sourceLanguage) text", in: context)
        })
    }
}
