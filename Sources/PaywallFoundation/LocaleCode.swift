import Foundation

/// The one locale-code type: a code parsed into language, script and region, so `.storekit`
/// (`zh_Hans`, `en_US`), `.xcstrings` (`zh-Hans`, `ko-KR`) and POSIX (`en_US.UTF-8`) codes compare
/// equal, plus the normal form String Catalogs use (`normalize`) and best-match lookups.
///
/// Chinese without a script takes it from the region (`zh_CN` → Hans, `zh_TW`/`zh_HK`/`zh_MO` →
/// Hant; bare `zh` → Hans), so `zh_CN`, `zh_Hans` and `zh-Hans` match at language+script level.
public struct LocaleCode: Hashable, Sendable, CustomStringConvertible {
    /// Lowercased language, e.g. `en`, `zh`.
    public var language: String
    /// Titlecased script, e.g. `Hans`; nil when the code has none and none is implied.
    public var script: String?
    /// Uppercased region, e.g. `US`, `CN`; nil when the code has none.
    public var region: String?

    /// Parses `en_US`, `en-US`, `en`, `zh_Hans`, `zh-Hant-TW`, `ko-KR`; nil for an empty code.
    public init?(_ code: String) {
        let parts = Self.trimmed(code)
            .split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first, !first.isEmpty, first.allSatisfy(\.isLetter) else { return nil }
        language = first.lowercased()
        (script, region, _) = Self.subtags(parts.dropFirst())
        if language == "zh", script == nil {
            script = ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
        }
    }

    /// `code` without whitespace at either end (`TrimmedText.ofWhitespace`).
    static func trimmed(_ code: String) -> String { TrimmedText.ofWhitespace(code) }

    /// `language` plus `script` (`zh-Hans`, `en`): the level at which two codes are the same language.
    public var languageAndScript: String { script.map { "\(language)-\($0)" } ?? language }

    /// Foundation-style identifier with underscores (`zh_Hans_CN`, `en_US`).
    public var identifier: String { [language, script, region].compactMap { $0 }.joined(separator: "_") }

    public var description: String { identifier }

    /// The Foundation-style identifier of these subtags (`zh_Hant`, `de`).
    public static func identifier(language: String, script: String?, region: String?) -> String {
        [language, script, region].compactMap { $0 }.joined(separator: "_")
    }

    /// True when both codes name the same language and script (`zh_CN` ~ `zh-Hans`, `ko` ~ `ko-KR`).
    public func sameLanguage(as other: LocaleCode) -> Bool {
        language == other.language && script == other.script
    }

    /// True when `a` and `b` parse and name the same language and script.
    public static func sameLanguage(_ a: String, _ b: String) -> Bool {
        guard let left = LocaleCode(a), let right = LocaleCode(b) else { return a == b }
        return left.sameLanguage(as: right)
    }

    /// The item whose locale fits `requested` best, as Apple's bundle localization picks: the exact
    /// tag (`zh_HK`), then the language and script without a region (`zh_Hant` for zh-TW, zh-HK,
    /// zh-MO; `pt` for pt-PT), then another region of it, then English (`en_US` first), then the
    /// first item; nil only for an empty list. File order never decides between zh_Hant and zh_HK.
    public static func bestMatch<Item>(for requested: String, among items: [Item],
                                       code: (Item) -> String) -> Item? {
        let parsed = items.map { LocaleCode(code($0)) }
        func first(where predicate: (LocaleCode) -> Bool) -> Item? {
            for (index, value) in parsed.enumerated() {
                if let value, predicate(value) { return items[index] }
            }
            return nil
        }
        if let wanted = LocaleCode(requested) {
            if wanted.region != nil, let exact = first(where: { $0.sameLanguage(as: wanted) && $0.region == wanted.region }) {
                return exact
            }
            // Then the script's own (zh-Hant for zh-TW, en for en-AU), then any region of it.
            if let plain = first(where: { $0.sameLanguage(as: wanted) && $0.region == nil }) { return plain }
            if let same = first(where: { $0.sameLanguage(as: wanted) }) { return same }
        }
        if let english = first(where: { $0.language == "en" && ($0.region == "US" || $0.region == nil) }) { return english }
        if let english = first(where: { $0.language == "en" }) { return english }
        return items.first
    }

    // MARK: The String Catalog form

    /// Regions that are the language's default and are dropped (`en-US` → `en`).
    static let defaultRegions: [String: String] = [
        "en": "US", "ko": "KR", "ja": "JP", "fr": "FR", "de": "DE", "es": "ES", "it": "IT",
        "ru": "RU", "nl": "NL", "sv": "SE", "tr": "TR", "pl": "PL", "uk": "UA", "he": "IL",
        "el": "GR", "vi": "VN", "id": "ID", "th": "TH", "cs": "CZ", "da": "DK", "fi": "FI",
    ]

    /// The canonical code: hyphens, lowercase language, title-case script, uppercase region;
    /// Chinese regions map to scripts (`zh-CN` → `zh-Hans`, `zh-TW` → `zh-Hant`); POSIX suffixes
    /// (`.UTF-8`, `@euro`) are dropped; default regions are dropped.
    public static func normalize(_ identifier: String) -> String {
        normalized.value(for: identifier) { computeNormalized(identifier) }
    }

    /// Identifiers already normalized: a catalog's lint asks for the same few codes for every key.
    private static let normalized = BoundedCache<String, String>(limit: 1024)

    private static func computeNormalized(_ identifier: String) -> String {
        // Trimmed by index (not `reversed().drop(while:)`, whose nested generic types cost a cold
        // start more than the whole rest of this function).
        var start = identifier.startIndex, end = identifier.endIndex
        while start < end, identifier[start].isWhitespace { start = identifier.index(after: start) }
        while end > start, identifier[identifier.index(before: end)].isWhitespace { end = identifier.index(before: end) }
        var text = identifier[start..<end]
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = text[..<cut] }
        let parts = text.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first, !first.isEmpty else { return identifier }
        let language = first.lowercased()
        var (script, region, rest) = subtags(parts.dropFirst())
        if language == "zh" {
            if script == nil {
                switch region {
                case "TW", "HK", "MO": script = "Hant"
                default: script = "Hans"
                }
            }
            // Only each script's own region is implied (zh-TW is zh-Hant, zh-CN is zh-Hans); Hong
            // Kong and Macau wording is its own (zh-Hant-HK), as in Apple's bundles.
            let defaultRegion = script == "Hant" ? "TW" : "CN"
            if region == defaultRegion { region = nil }
        } else if let r = region, defaultRegions[language] == r {
            region = nil
        }
        return ([language, script, region].compactMap { $0 } + rest).joined(separator: "-")
    }

    /// The language subtag (`pt-BR` → `pt`, `zh-Hant` → `zh`).
    public static func language(of code: String) -> String {
        String(normalize(code).split(separator: "-").first ?? "")
    }

    /// Language plus script, the part that must match for text to be readable (`zh-Hant-HK` → `zh-Hant`).
    public static func languageAndScript(of code: String) -> String {
        let parts = normalize(code).split(separator: "-")
        guard let language = parts.first else { return code }
        if parts.count > 1, parts[1].count == 4 { return "\(language)-\(parts[1])" }
        return String(language)
    }

    /// Picks the best language among `available` (codes as written in a catalog) for `requested`:
    /// an exact match after normalising both, then the same language and script without region,
    /// then the first (sorted) code sharing language and script (`pt` finds `pt-BR`).
    public static func bestMatch(for requested: String, in available: some Collection<String>) -> String? {
        let wanted = normalize(requested)
        let sorted = available.sorted()
        if let exact = sorted.first(where: { normalize($0) == wanted }) { return exact }
        let base = languageAndScript(of: wanted)
        if let plain = sorted.first(where: { normalize($0) == base }) { return plain }
        return sorted.first(where: { languageAndScript(of: $0) == base })
    }

    /// The script, region and other subtags after the language: a 4-letter script before any
    /// region, then a 2-letter or 3-digit region; everything else in order.
    private static func subtags(_ parts: ArraySlice<String>) -> (script: String?, region: String?, rest: [String]) {
        var script: String?
        var region: String?
        var rest: [String] = []
        for part in parts {
            if script == nil, region == nil, part.count == 4, part.allSatisfy(\.isLetter) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil, (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                region = part.uppercased()
            } else {
                rest.append(part)
            }
        }
        return (script, region, rest)
    }
}
