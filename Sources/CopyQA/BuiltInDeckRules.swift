import CopyDeck
import Foundation
import PaywallFoundation
import TerminalKit

/// The house rules of a deck PaywallSim ships (the default deck and the profile decks): the rule
/// engine configured with every rule of `copy lint` (the shipped decks are held to no warning
/// either), then the house's own: a comment for translators on every key, literal `%%` kept, key
/// glyphs kept, and the width limits of buttons, badges, hint lines and titles in terminal columns
/// with the renderer's own width rule (`DisplayWidth`; an integer argument counts 2 columns, a text
/// argument 8), so a copywriter's edit to an `.xcstrings` file is checked the way the screens draw it.
public struct BuiltInDeckRules: Sendable {
    /// English values that are proper names: a translation may be the same text (besides
    /// `IdenticalToSource`'s own exceptions).
    public var properNames: Set<String> = ["Nova", "App Store"]

    public init() {}

    /// A specifier of a printf-style argument, for the width sample.
    static let specifier = try? NSRegularExpression(
        pattern: "%(?:(\\d+)\\$)?([-+0#]*\\d*(?:\\.\\d+)?(?:hh|h|ll|l|q|z|t|j|L)?[@dDiuUxXoOfFeEgGaAcCsSp%])")

    /// The engine, configured: `copy lint`'s rules, then the house's.
    public var engine: CatalogRuleEngine {
        CatalogRuleEngine(rules: CatalogLinter.rules(allowed: properNames) + [
            TranslatorCommentRule(), LiteralPercentRule(), KeptGlyphsRule(isHint: Self.isHint),
            WidthLimitRule(limit: Self.limit(for:), columns: Self.columns),
        ])
    }

    /// Every problem of `catalog`, one line each: `key [language path]: what is wrong`.
    public func problems(in catalog: StringCatalog) -> [String] {
        engine.findings(in: catalog).map { finding in
            let place = [finding.language, finding.path].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return "\(finding.key)\(place.isEmpty ? "" : " [\(place)]"): \(finding.message)"
        }
    }

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
            || ["purchased.continue", "skipped.continue", "debug.close", "account.manage", "account.refund", "account.redeem", "account.storefront",
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
}
