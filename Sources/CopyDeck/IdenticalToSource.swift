import PaywallFoundation

/// The one rule "a translation identical to its source text (likely untranslated)", with all its
/// exceptions here: the rule engine's `IdenticalToSourceRule` (which `copy lint`, `copy check` and
/// the house rules of the shipped decks configure) and `CatalogLint.identicalToSource` ask `isUntranslated`.
public enum IdenticalToSource {
    /// Names that stay the same in every language (a device variation's "Mac", "iPhone").
    public static let properNouns: Set<String> = [
        "Mac", "iPhone", "iPad", "iPod", "iPod touch", "Apple Watch", "Apple TV", "Apple Vision Pro", "Vision Pro",
        "macOS", "iOS", "iPadOS", "watchOS", "tvOS", "visionOS", "Apple", "App Store", "iCloud", "Siri", "Face ID", "Touch ID",
    ]

    /// What a translator comment says when the text stays as it is (a proper name such as “Nova”).
    public static let keptAsIsMarkers = ["kept as", "do not translate", "don't translate", "proper name", "not translated"]

    /// An entry whose translator comment says the text stays as it is.
    public static func keptAsIs(_ entry: CatalogEntry?) -> Bool {
        guard let comment = entry?.comment?.lowercased() else { return false }
        return keptAsIsMarkers.contains { comment.contains($0) }
    }

    /// Whether `value`, the `language` text of `entry` in a catalog whose source language is
    /// `sourceLanguage`, is its source text `source` left untranslated.
    ///
    /// Never: a text that differs from the source, or with no letters outside its arguments (`%@`,
    /// `•`, empty); a language sharing the source's language and script (`en-GB` for `en`); an
    /// entry marked `shouldTranslate: false`, whose comment says it is kept as is, or that is stale
    /// (unless `includeStale`); a proper name (`properNouns`) or a text the caller allows (`allowed`:
    /// `copy lint --allow`, the house decks' brand names).
    public static func isUntranslated(_ value: String, source: String?, language: String, sourceLanguage: String,
                                      entry: CatalogEntry?, allowed: Set<String> = [], includeStale: Bool = false) -> Bool {
        // The cheap test first: most translations differ from their source.
        guard let source, value == source else { return false }
        if CatalogLint.isSourceLanguage(language, of: sourceLanguage) { return false }
        if let entry, !entry.isTranslatable || (entry.isStale && !includeStale) || keptAsIs(entry) { return false }
        if properNouns.contains(value) || allowed.contains(value) { return false }
        return CatalogLint.hasLetters(value)
    }
}
