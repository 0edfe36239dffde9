import Foundation

/// A locale code normalised to language, script and region, so `.storekit` (`zh_Hans`, `en_US`) and
/// `.xcstrings` (`zh-Hans`, `ko-KR`) codes compare equal.
///
/// Chinese without a script takes it from the region (`zh_CN` → Hans, `zh_TW`/`zh_HK`/`zh_MO` → Hant;
/// bare `zh` → Hans), so `zh_CN`, `zh_Hans` and `zh-Hans` match at language+script level.
public struct LocaleCode: Hashable, Sendable, CustomStringConvertible {
    /// Lowercased language, e.g. `en`, `zh`.
    public var language: String
    /// Titlecased script, e.g. `Hans`; nil when the code has none and none is implied.
    public var script: String?
    /// Uppercased region, e.g. `US`, `CN`; nil when the code has none.
    public var region: String?

    /// Parses `en_US`, `en-US`, `en`, `zh_Hans`, `zh-Hant-TW`, `ko-KR`; nil for an empty code.
    public init?(_ code: String) {
        let parts = code.trimmingCharacters(in: .whitespaces)
            .split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first, !first.isEmpty, first.allSatisfy(\.isLetter) else { return nil }
        language = first.lowercased()
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isLetter), script == nil, region == nil {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)),
                      region == nil {
                region = part.uppercased()
            }
        }
        if language == "zh", script == nil {
            script = ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
        }
    }

    /// `language` plus `script` (`zh-Hans`, `en`): the level at which two codes are the same language.
    public var languageAndScript: String { script.map { "\(language)-\($0)" } ?? language }

    /// Foundation-style identifier with underscores (`zh_Hans_CN`, `en_US`).
    public var identifier: String { [language, script, region].compactMap { $0 }.joined(separator: "_") }

    public var description: String { identifier }

    /// True when both codes name the same language and script (`zh_CN` ~ `zh-Hans`, `ko` ~ `ko-KR`).
    public func sameLanguage(as other: LocaleCode) -> Bool {
        language == other.language && script == other.script
    }

    /// True when `a` and `b` parse and name the same language and script.
    public static func sameLanguage(_ a: String, _ b: String) -> Bool {
        guard let left = LocaleCode(a), let right = LocaleCode(b) else { return a == b }
        return left.sameLanguage(as: right)
    }

    /// The item whose locale fits `requested` best: same language+script (an exact region first),
    /// then English (`en_US` first), then the first item; nil only for an empty list.
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
            if let same = first(where: { $0.sameLanguage(as: wanted) }) { return same }
        }
        if let english = first(where: { $0.language == "en" && ($0.region == "US" || $0.region == nil) }) { return english }
        if let english = first(where: { $0.language == "en" }) { return english }
        return items.first
    }
}
