import CopyDeck
import Foundation

/// A house rule: a translation keeps the key glyphs and names its source text shows (`Enter`,
/// `Esc`, `F3`, arrows), and on a hint line its lone letter keys (`q Quit`).
public struct KeptGlyphsRule: CatalogRule {
    /// Key glyphs and names every translation must keep when the source has them.
    public var glyphs = ["Ctrl+C", "Enter", "Esc", "Tab", "Backspace", "F1", "F2", "F3", "F4", "↑", "↓", "←", "→", "Nova"]
    /// Which keys are hint lines, where lone letters are keys.
    public var isHint: @Sendable (String) -> Bool

    public init(isHint: @escaping @Sendable (String) -> Bool) {
        self.isHint = isHint
    }

    /// A lone letter key on a hint line (`q Quit`, `s Skip`); not `a`, which English also writes as a word.
    static let letterKey = try? NSRegularExpression(pattern: "(?<![A-Za-z'’])[qsrndkjutmfcxew?](?![A-Za-z'’])")

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] {
        guard !unit.isSource else { return [] }
        var out: [CatalogFinding] = []
        for leaf in unit.localization.leaves where !leaf.unit.value.isEmpty {
            let value = leaf.unit.value
            let source = unit.sourceText(path: leaf.path)
            for glyph in glyphs where source.contains(glyph) && !value.contains(glyph) {
                out.append(unit.finding(.error, .house("keptGlyphs"), leaf.path, "lost the key glyph or name '\(glyph)': \(value)", in: context))
            }
            guard isHint(unit.key), let letterKey = Self.letterKey else { continue }
            let letters = { (text: String) -> [String] in
                letterKey.matches(in: text, range: NSRange(text.startIndex..., in: text))
                    .compactMap { Range($0.range, in: text).map { String(text[$0]) } }
            }
            var found = letters(value)
            let lost = letters(source).filter { letter in
                guard let index = found.firstIndex(of: letter) else { return true }
                found.remove(at: index)
                return false
            }
            if !lost.isEmpty {
                out.append(unit.finding(.error, .house("keptGlyphs"), leaf.path, "lost the key glyph(s) \(lost): \(value)", in: context))
            }
        }
        return out
    }
}
