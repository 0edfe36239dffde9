import PaywallFoundation
import Foundation

/// One leaf unit of a catalog: which key, language and variation path, in which state, with which text.
public struct UnitLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var key: String
    /// The language code as the catalog writes it.
    public var language: String
    /// `""` for a plain value, else the variation path (`plural.one`, `substitutions.n.plural.other`).
    public var path: String
    public var state: UnitState
    public var value: String

    public init(key: String, language: String, path: String, state: UnitState, value: String) {
        self.key = key
        self.language = language
        self.path = path
        self.state = state
        self.value = value
    }

    public var description: String {
        "\"\(key)\" [\(language)\(path.isEmpty ? "" : " " + path)] \(state): \(value)"
    }
}

/// A translation whose placeholders differ from the source text's.
public struct SpecifierMismatch: Sendable, Equatable, CustomStringConvertible {
    /// The translated unit.
    public var unit: UnitLocation
    /// The source text it was compared with.
    public var source: String
    /// Placeholders of the source text, as written.
    public var sourceSpecifiers: [String]
    /// Placeholders of the translation, as written.
    public var translationSpecifiers: [String]

    public var description: String {
        "\(unit): placeholders \(translationSpecifiers) differ from the source's \(sourceSpecifiers) (\(source))"
    }
}

/// Pure checks over a catalog for the QA sweep. Stale entries (`extractionState: stale`) are skipped unless asked.
public enum CatalogLint {
    /// Every leaf unit of every entry, in key order then language order.
    public static func units(in catalog: StringCatalog, includeStale: Bool = false) -> [UnitLocation] {
        var out: [UnitLocation] = []
        for key in catalog.keys {
            guard let entry = catalog.entries[key], includeStale || !entry.isStale else { continue }
            for language in entry.localizations.keys.sorted() {
                guard let localization = entry.localizations[language] else { continue }
                for leaf in localization.leaves {
                    out.append(UnitLocation(key: key, language: language, path: leaf.path, state: leaf.unit.state, value: leaf.unit.value))
                }
            }
        }
        return out
    }

    /// The source-language text of a key at a variation path: the source unit at that path, its `other`
    /// form, its plain value, or the key itself.
    public static func sourceText(of key: String, path: String = "", in catalog: StringCatalog) -> String {
        guard let leaves = sourceLeaves(of: key, in: catalog) else { return key }
        return sourceText(among: leaves, path: path) ?? key
    }

    /// The text at `path` among a key's non-empty source leaves, its `other` form, its plain value or
    /// any `plural.other`; nil when none is there.
    public static func sourceText(among leaves: [(path: String, value: String)], path: String) -> String? {
        if let exact = leaves.first(where: { $0.path == path }) { return exact.value }
        let other = otherPath(of: path)
        if let form = leaves.first(where: { $0.path == other }) { return form.value }
        if let plain = leaves.first(where: { $0.path.isEmpty }) { return plain.value }
        if let anyOther = leaves.first(where: { $0.path.hasSuffix("plural.other") }) { return anyOther.value }
        return nil
    }

    /// Translations whose placeholders differ in kind or count from the source (order-insensitive).
    /// A plural form other than `other` may leave placeholders out ("One more day"), but may not add any.
    public static func specifierMismatches(in catalog: StringCatalog, includeStale: Bool = false) -> [SpecifierMismatch] {
        let sources = SourceIndex(catalog)
        var signatures: [String: [String: Int]] = [:]   // of source texts, each worked out once
        return units(in: catalog, includeStale: includeStale).compactMap { unit in
            guard !sources.isSourceLanguage(unit.language) else { return nil }
            return specifierMismatch(unit, sourceText: { sources.text(of: unit.key, path: $0) }, signatures: &signatures)
        }
    }

    /// The mismatch of `unit`, a translation, with its source text (`sourceText` of a variation
    /// path), if its placeholders differ (see `specifierMismatches`); `signatures` keeps the source
    /// texts' signatures worked out.
    public static func specifierMismatch(_ unit: UnitLocation, sourceText: (String) -> String,
                                         signatures: inout [String: [String: Int]]) -> SpecifierMismatch? {
        let isSubstitution = unit.path.hasPrefix("substitutions.")
        let source = sourceText(unit.path)
        let sourceForm = isPartialForm(unit.path) ? sourceText(otherPath(of: unit.path)) : source
        let clean = { (text: String) in isSubstitution ? text.replacingOccurrences(of: "%arg", with: "") : text }
        let cleanSource = clean(sourceForm)
        let sourceSignature: [String: Int]
        if let known = signatures[cleanSource] {
            sourceSignature = known
        } else {
            sourceSignature = FormatSpecifier.signature(of: cleanSource)
            signatures[cleanSource] = sourceSignature
        }
        let translationSignature = FormatSpecifier.signature(of: clean(unit.value))
        let differs: Bool
        if isPartialForm(unit.path) {
            differs = translationSignature.contains { sourceSignature[$0.key, default: 0] < $0.value }
        } else {
            differs = sourceSignature != translationSignature
        }
        guard differs else { return nil }
        return SpecifierMismatch(unit: unit, source: source,
                                 sourceSpecifiers: FormatSpecifier.parse(cleanSource).map(\.text),
                                 translationSpecifiers: FormatSpecifier.parse(clean(unit.value)).map(\.text))
    }

    /// `sourceText(of:path:in:)` and `isSourceLanguage(_:of:)` for one catalog, each key's source
    /// leaves and each language's answer worked out once: a 40-language catalog asked them for every
    /// unit, matching the source language among every entry's 40 localizations each time.
    final class SourceIndex {
        let catalog: StringCatalog
        private let sourceLevel: String
        private var sourceLanguageAnswers: [String: Bool] = [:]
        /// Per key, its source localization's non-empty leaves; nil when it has none (the key is its text).
        private var leaves: [String: [(path: String, value: String)]?] = [:]

        init(_ catalog: StringCatalog) {
            self.catalog = catalog
            sourceLevel = LocaleCode.languageAndScript(of: catalog.sourceLanguage)
        }

        func isSourceLanguage(_ language: String) -> Bool {
            if let known = sourceLanguageAnswers[language] { return known }
            let answer = LocaleCode.languageAndScript(of: language) == sourceLevel
            sourceLanguageAnswers[language] = answer
            return answer
        }

        func text(of key: String, path: String) -> String {
            let found: [(path: String, value: String)]?
            if let known = leaves[key] {
                found = known
            } else {
                found = CatalogLint.sourceLeaves(of: key, in: catalog)
                leaves[key] = found
            }
            guard let found else { return key }
            return CatalogLint.sourceText(among: found, path: path) ?? key
        }
    }

    /// A key's non-empty source leaves (path and text); nil when the key or its source localization is missing.
    public static func sourceLeaves(of key: String, in catalog: StringCatalog) -> [(path: String, value: String)]? {
        guard let entry = catalog.entries[key],
              let language = LocaleCode.bestMatch(for: catalog.sourceLanguage, in: entry.localizations.keys),
              let localization = entry.localizations[language] else { return nil }
        return sourceLeaves(of: localization)
    }

    /// The non-empty texts of a source localization by variation path (an empty source value is
    /// no text: iOS shows the key).
    public static func sourceLeaves(of localization: Localization) -> [(path: String, value: String)] {
        localization.leaves.filter { !$0.unit.value.isEmpty }.map { ($0.path, $0.unit.value) }
    }

    /// Translations identical to the source text (likely untranslated), as `IdenticalToSource.isUntranslated`
    /// decides with its exceptions (`shouldTranslate: false`, kept as is, proper names, no letters,
    /// the source's own language and script).
    public static func identicalToSource(in catalog: StringCatalog, includeStale: Bool = false) -> [UnitLocation] {
        let sources = SourceIndex(catalog)
        return units(in: catalog, includeStale: includeStale).filter { unit in
            // The source's own units are the source (the same rule as `isUntranslated`'s, answered once per language).
            guard !sources.isSourceLanguage(unit.language) else { return false }
            return IdenticalToSource.isUntranslated(unit.value, source: sources.text(of: unit.key, path: unit.path),
                                                    language: unit.language, sourceLanguage: catalog.sourceLanguage,
                                                    entry: catalog.entries[unit.key], includeStale: includeStale)
        }
    }

    /// Units in state `new` or `needs_review`, in every language including the source.
    public static func unitsNeedingWork(in catalog: StringCatalog, includeStale: Bool = false) -> [UnitLocation] {
        units(in: catalog, includeStale: includeStale).filter { $0.state.needsWork }
    }

    /// Keys without a localization, per language (default: every language of the catalog but the source).
    /// Entries marked `shouldTranslate: false`, keys whose source text has no letters (`%@`, `•`) and
    /// keys whose source value is written empty (an Info.plist's blank `NSHumanReadableCopyright`) need none.
    public static func missingTranslations(in catalog: StringCatalog, languages: [String]? = nil,
                                           includeStale: Bool = false) -> [String: [String]] {
        var wanted: [String] = []
        for language in languages ?? catalog.languages.filter({ !isSourceLanguage($0, of: catalog) }) where !wanted.contains(language) {
            wanted.append(language)
        }
        var out: [String: [String]] = Dictionary(uniqueKeysWithValues: wanted.map { ($0, []) })
        for key in catalog.keys {
            for language in missingLanguages(of: key, in: catalog, languages: wanted, includeStale: includeStale) {
                out[language, default: []].append(key)
            }
        }
        return out
    }

    /// The languages among `languages` that `key` has no localization in, as `missingTranslations`
    /// decides (with its exceptions), in the order given.
    public static func missingLanguages(of key: String, in catalog: StringCatalog, languages: [String],
                                        includeStale: Bool = false) -> [String] {
        guard let entry = catalog.entries[key], entry.isTranslatable, includeStale || !entry.isStale,
              hasLetters(sourceText(of: key, in: catalog)), !hasEmptySourceValue(entry, in: catalog) else { return [] }
        let present = entry.localizations.filter { $0.value.stringUnit != nil || $0.value.variations != nil || $0.value.stringSet != nil }
        return languages.filter { language in
            let match = LocaleCode.bestMatch(for: language, in: present.keys)
            return match.map { LocaleCode.languageAndScript(of: $0) != LocaleCode.languageAndScript(of: language) } ?? true
        }
    }

    /// Whether the source language's localization is there and every text of it is empty.
    static func hasEmptySourceValue(_ entry: CatalogEntry, in catalog: StringCatalog) -> Bool {
        guard let language = LocaleCode.bestMatch(for: catalog.sourceLanguage, in: entry.localizations.keys),
              isSourceLanguage(language, of: catalog), let source = entry.localizations[language] else { return false }
        let texts = source.leaves.map(\.unit.value) + (source.stringSet?.values ?? [])
        return !texts.isEmpty && texts.allSatisfy(\.isEmpty)
    }

    /// Catalog keys nothing uses (given the keys the screens use), sorted case-insensitively. Stale keys count as unused.
    public static func unusedKeys(in catalog: StringCatalog, used: Set<String>) -> [String] {
        catalog.entries.keys.filter { !used.contains($0) }.sorted(by: CatalogEncoder.xcodeOrder)
    }

    /// Keys the screens need that the catalog lacks, sorted case-insensitively.
    public static func missingKeys(in catalog: StringCatalog, required: Set<String>) -> [String] {
        required.filter { catalog.entries[$0] == nil }.sorted(by: CatalogEncoder.xcodeOrder)
    }

    /// Whether `language` is the catalog's source language (any region of its language and script).
    public static func isSource(_ language: String, of catalog: StringCatalog) -> Bool {
        isSourceLanguage(language, of: catalog)
    }

    static func isSourceLanguage(_ language: String, of catalog: StringCatalog) -> Bool {
        isSourceLanguage(language, of: catalog.sourceLanguage)
    }

    /// Whether `language` shares the language and script of `sourceLanguage` (any region).
    static func isSourceLanguage(_ language: String, of sourceLanguage: String) -> Bool {
        LocaleCode.languageAndScript(of: language) == LocaleCode.languageAndScript(of: sourceLanguage)
    }

    /// A plural form other than `other`: it may leave out the number.
    public static func isPartialForm(_ path: String) -> Bool {
        guard let last = path.split(separator: ".").last, let category = PluralCategory(rawValue: String(last)) else { return false }
        return path.contains("plural.") && category != .other
    }

    /// The `other` form's path of a plural form's path (`plural.few` → `plural.other`); other paths unchanged.
    public static func otherPath(of path: String) -> String {
        guard isPartialForm(path), let dot = path.lastIndex(of: ".") else { return path }
        return path[..<dot] + ".other"
    }

    /// Whether the text has letters once its placeholders are taken out.
    public static func hasLetters(_ text: String) -> Bool {
        let stripped = FormatSpecifier.parse(text).reduce(text) { $0.replacingOccurrences(of: $1.text, with: "") }
        return stripped.contains { $0.isLetter }
    }
}
