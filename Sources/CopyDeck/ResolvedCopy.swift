/// The outcome of one lookup, with everything a QA sweep needs to report on it.
public struct ResolvedCopy: Sendable, Hashable, CustomStringConvertible {
    /// Where the text came from.
    public enum Origin: Sendable, Hashable {
        /// A localization of the entry (requested language or the source language).
        case localization
        /// The entry had no usable localization; the key, which is source-language text, was shown.
        case keyAsSourceText
        /// No deck has the key; the key is shown as a visible marker.
        case missingKey
    }

    /// The final text, placeholders filled.
    public var text: String
    /// The key looked up.
    public var key: String
    /// The locale asked for, as given (`zh_Hans`, `ko-KR`, …).
    public var requestedLocale: String
    /// The language actually used, as the catalog writes it (`ko-KR`, `zh-Hans`), or the source language.
    public var localeUsed: String
    /// `true` when the text is not in the requested language (and script): a missing translation.
    public var fellBack: Bool
    /// `true` when the primary (team) deck lacks the key and the fallback (default) deck supplied it.
    public var fromFallbackDeck: Bool
    /// The state of the unit used (the least finished one when substitutions add more); `nil` for key text.
    public var state: UnitState?
    /// Where the text came from.
    public var origin: Origin
    /// Placeholders that did not resolve, missing plural forms, a missing key.
    public var problems: [CopyProblem]

    public init(text: String, key: String, requestedLocale: String, localeUsed: String, fellBack: Bool,
                fromFallbackDeck: Bool, state: UnitState?, origin: Origin, problems: [CopyProblem]) {
        self.text = text
        self.key = key
        self.requestedLocale = requestedLocale
        self.localeUsed = localeUsed
        self.fellBack = fellBack
        self.fromFallbackDeck = fromFallbackDeck
        self.state = state
        self.origin = origin
        self.problems = problems
    }

    /// Whether a reviewer should look at it: fell back, unfinished state, or problems.
    public var needsAttention: Bool {
        fellBack || (state?.needsWork ?? false) || !problems.isEmpty
    }

    public var description: String { text }
}
