import Foundation

/// What a String Catalog lint finding is about, for filters, JSON and tests.
public enum LintRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// A plural variation lacks a category CLDR gives the language, or has one it never uses.
    case pluralForms
    /// Placeholders differ in count, type or position from the source, or from the language's `other` form.
    case placeholders
    /// A `%#@name@` without its substitution, a substitution nothing uses, or one that differs from the source's.
    case substitutions
    /// A key with no text in a language the catalog has.
    case missingTranslation
    /// An entry Xcode no longer finds in the code (`extractionState: stale`).
    case stale
    /// A unit in state `needs_review` or `new`.
    case needsReview
    /// A translation identical to the source text (likely untranslated).
    case identicalToSource
    /// An empty translation of a non-empty source.
    case emptyTranslation
    /// A JSON key given twice (the last one is used).
    case duplicateKey
}

/// One finding of `copy lint`: where (file:line, key, language, variation path) and what.
public struct LintFinding: Sendable, Hashable, Codable {
    public var severity: Severity
    public var rule: LintRule
    public var file: String
    /// The line of the unit, localization or key concerned (1-based); 0 when not known.
    public var line: Int
    public var key: String
    /// The language as the catalog writes it; nil for a finding about the whole entry.
    public var language: String?
    /// The variation path (`plural.few`, `device.mac`, `substitutions.n.plural.one`); nil for the whole localization.
    public var path: String?
    public var message: String

    public init(severity: Severity, rule: LintRule, file: String, line: Int, key: String, language: String? = nil,
                path: String? = nil, message: String) {
        self.severity = severity
        self.rule = rule
        self.file = file
        self.line = line
        self.key = key
        self.language = language
        self.path = path
        self.message = message
    }

    /// `FILE:LINE: error: "key" [uk plural.few]: message`, on one line.
    public var text: String {
        var place = [language, path].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        if !place.isEmpty { place = " [\(place)]" }
        return "\(file):\(line): \(severity.rawValue): “\(TeamCatalogKeys.oneLine(key))”\(place): \(message)"
    }
}
