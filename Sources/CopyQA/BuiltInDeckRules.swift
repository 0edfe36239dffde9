import CopyDeck
import Foundation
import PaywallFoundation
import TerminalKit

/// The house rules of a deck PaywallSim ships (the default deck and the profile decks), in Swift
/// with the renderer's own width rule (`DisplayWidth`), so a copywriter's edit to an `.xcstrings`
/// file is checked the way the screens will draw it.
///
/// Every key: a comment for translators, a translated value in every language the deck has,
/// plural forms as CLDR wants them, the same arguments as English, key glyphs kept, no text left
/// identical to English (but proper names), and the width limits of buttons, badges, hint lines
/// and titles in terminal columns (an integer argument counts 2 columns, a text argument 8).
public struct BuiltInDeckRules: Sendable {
    /// English values that are proper names: a translation may be the same text (besides
    /// `IdenticalToSource`'s own exceptions, which these rules share with `copy lint` and `copy check`).
    public var properNames: Set<String> = ["Nova", "App Store"]

    public init() {}

    /// Key glyphs and names every translation must keep when English has them.
    static let keptGlyphs = ["Ctrl+C", "Enter", "Esc", "Tab", "Backspace", "F1", "F2", "F3", "F4", "↑", "↓", "←", "→", "Nova"]
    /// A lone letter key on a hint line (`q Quit`, `s Skip`); not `a`, which English also writes as a word.
    static let letterKey = try? NSRegularExpression(pattern: "(?<![A-Za-z'’])[qsrndkjutmfcxew?](?![A-Za-z'’])")
    /// A printf-style specifier, for the width sample.
    static let specifier = try? NSRegularExpression(
        pattern: "%(?:(\\d+)\\$)?([-+0#]*\\d*(?:\\.\\d+)?(?:hh|h|ll|l|q|z|t|j|L)?[@dDiuUxXoOfFeEgGaAcCsSp%])")

    /// The width limit of a key: what it is and its most columns; nil when the key has none.
    public static func limit(for key: String) -> (kind: String, columns: Int)? {
        if key.hasPrefix("paywall.cta.") || ["paywall.notNow", "sheet.confirm", "sheet.cancel", "sheet.askToBuy.confirm"].contains(key) {
            return ("CTA/button", 16)
        }
        if key.hasPrefix("paywall.badge.") { return ("badge", 12) }
        if isHint(key) { return ("hint line", 76) }
        if key.split(separator: ".").last == "title" { return ("title", 40) }
        return nil
    }

    /// Key-help lines, which start with key glyphs.
    static func isHint(_ key: String) -> Bool {
        key.hasPrefix("hint.") || key.hasSuffix(".hint") || (key.hasPrefix("help.") && key != "help.title")
            || ["purchased.continue", "skipped.continue", "debug.close", "account.manage", "account.refund", "account.redeem",
                "account.back", "manage.cancel", "manage.resubscribe"].contains(key)
            || (key.hasPrefix("manager.") && !["manager.title", "manager.empty", "manager.older"].contains(key))
    }

    /// Terminal columns of `value` as drawn, with each argument replaced by a sample value.
    public static func columns(_ value: String) -> Int {
        guard let specifier else { return DisplayWidth.of(value) }
        var sampled = ""
        var last = value.startIndex
        for match in specifier.matches(in: value, range: NSRange(value.startIndex..., in: value)) {
            guard let range = Range(match.range, in: value), let kindRange = Range(match.range(at: 2), in: value) else { continue }
            sampled += value[last..<range.lowerBound]
            switch value[kindRange].last {
            case "%": sampled += "%"
            case "@", "s", "S": sampled += "XXXXXXXX"
            default: sampled += "99"
            }
            last = range.upperBound
        }
        sampled += value[last...]
        return DisplayWidth.of(sampled)
    }

    /// Every problem of `catalog`, one line each: `key: what is wrong`.
    public func problems(in catalog: StringCatalog) -> [String] {
        let source = catalog.sourceLanguage
        let languages = catalog.languages.sorted()
        var out: [String] = []
        for key in catalog.keys {
            guard let entry = catalog[key] else { continue }
            if (entry.comment ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                out.append("\(key): no comment; say where the text appears")
            }
            let english = entry.localizations[source].flatMap(Self.forms)
            let plural = english.map { !$0.keys.contains("") } ?? false
            for language in languages {
                guard let forms = entry.localizations[language].flatMap(Self.forms) else {
                    out.append("\(key): no \(language) localization (stringUnit or variations.plural)")
                    continue
                }
                out += pluralProblems(key, language, Set(forms.keys), plural: plural, source: source)
                for (category, unit) in forms.sorted(by: { $0.key < $1.key }) {
                    let label = category.isEmpty ? language : "\(language).\(category)"
                    if unit.state != .translated { out.append("\(key): \(label) state is '\(unit.state)'; expected 'translated'") }
                    guard !unit.value.isEmpty else { out.append("\(key): \(label) has no value"); continue }
                    let englishText = english?[category]?.value ?? english?["other"]?.value ?? english?[""]?.value
                    if language != source, let englishText {
                        out += translationProblems(key, label, unit.value, english: englishText, language: language,
                                                   entry: entry, sourceLanguage: source)
                    }
                    if let limit = Self.limit(for: key), Self.columns(unit.value) > limit.columns {
                        out.append("\(key): \(label) is \(Self.columns(unit.value)) columns; a \(limit.kind) may use \(limit.columns): \(unit.value)")
                    }
                }
            }
        }
        return out
    }

    private func pluralProblems(_ key: String, _ language: String, _ categories: Set<String>, plural: Bool, source: String) -> [String] {
        guard plural else {
            return categories == [""] ? [] : ["\(key): \(language) has plural variations; expected a plain stringUnit"]
        }
        let base = LocaleCode.language(of: language)
        if language == source || PluralCategorySet.hasOnlyOther(base) {
            let expected: Set<String> = language == source ? ["one", "other"] : ["other"]
            return categories == expected ? [] : ["\(key): \(language) plural forms are \(categories.sorted()); expected \(expected.sorted())"]
        }
        let cldr = Set(PluralCategory.allCases.map(\.rawValue))
        return categories.contains("other") && categories.isSubset(of: cldr)
            ? [] : ["\(key): \(language) plural forms are \(categories.sorted()); expected CLDR categories including 'other'"]
    }

    private func translationProblems(_ key: String, _ label: String, _ value: String, english: String, language: String,
                                     entry: CatalogEntry, sourceLanguage: String) -> [String] {
        var out: [String] = []
        if IdenticalToSource.isUntranslated(value, source: english, language: language, sourceLanguage: sourceLanguage,
                                            entry: entry, allowed: properNames) {
            out.append("\(key): \(label) is identical to English '\(value)' (untranslated?)")
        }
        if FormatSpecifier.differ(source: english, translation: value) {
            out.append("\(key): \(label) takes other arguments than English '\(english)': \(value)")
        }
        if value.components(separatedBy: "%%").count != english.components(separatedBy: "%%").count {
            out.append("\(key): \(label) has another number of literal %% than English")
        }
        for glyph in Self.keptGlyphs where english.contains(glyph) && !value.contains(glyph) {
            out.append("\(key): \(label) lost the key glyph or name '\(glyph)': \(value)")
        }
        if Self.isHint(key), let letterKey = Self.letterKey {
            let letters = { (text: String) -> [String] in
                letterKey.matches(in: text, range: NSRange(text.startIndex..., in: text))
                    .compactMap { Range($0.range, in: text).map { String(text[$0]) } }
            }
            var found = letters(value)
            let lost = letters(english).filter { letter in
                guard let index = found.firstIndex(of: letter) else { return true }
                found.remove(at: index)
                return false
            }
            if !lost.isEmpty { out.append("\(key): \(label) lost the key glyph(s) \(lost): \(value)") }
        }
        return out
    }

    /// The string units of a localization by plural category (`""` for a plain string unit).
    static func forms(_ localization: Localization) -> [String: StringUnit]? {
        if let unit = localization.stringUnit { return ["": unit] }
        guard let plural = localization.variations?.plural else { return nil }
        var forms: [String: StringUnit] = [:]
        for (category, form) in plural {
            guard let unit = form.stringUnit else { return nil }
            forms[category.rawValue] = unit
        }
        return forms
    }
}
