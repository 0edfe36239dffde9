import PaywallCore
import Testing
@testable import TerminalKit

/// `WrapToken.split`'s scalar path gives what comparing `Character`s gives.
@Suite("Wrap tokens by scalar")
struct WrapTokenScalarTests {
    @Test func scalarSetsAgreeWithCharacterSetsForEveryScalar() {
        var differ: [String] = []
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let g = Character(scalar)
            if WrapToken.closing.contains(g) != WrapToken.closingScalars.contains(value)
                || WrapToken.opening.contains(g) != WrapToken.openingScalars.contains(value)
                || (g == " " || g == "\t" || g == "\u{3000}") != (value == 0x20 || value == 0x09 || value == 0x3000) {
                differ.append(String(value, radix: 16))
            }
        }
        #expect(differ.isEmpty, "\(differ)")
    }

    /// The split as it was, grapheme by grapheme with `Character` comparisons.
    static func byCharacters(_ text: String) -> [WrapToken] {
        var tokens: [WrapToken] = []
        var glueNext = false
        for g in text {
            let w = DisplayWidth.of(g)
            if g == " " || g == "\t" || g == "\u{3000}" {
                glueNext = false
                if let last = tokens.last, last.kind == .space {
                    tokens[tokens.count - 1].text.append(g)
                    tokens[tokens.count - 1].width += w
                } else {
                    tokens.append(WrapToken(text: String(g), width: w, kind: .space))
                }
                continue
            }
            let breaksAround = w == 2 && !WrapToken.isHangul(g)
            if let last = tokens.last, last.kind != .space,
               glueNext || WrapToken.closing.contains(g) || (!breaksAround && last.kind != .wide) {
                tokens[tokens.count - 1].text.append(g)
                tokens[tokens.count - 1].width += w
                if WrapToken.isHangul(g), tokens[tokens.count - 1].kind == .latinWord { tokens[tokens.count - 1].kind = .hangulWord }
            } else {
                tokens.append(WrapToken(text: String(g), width: w, kind: w == 2 && !WrapToken.isHangul(g) ? .wide : (WrapToken.isHangul(g) ? .hangulWord : .latinWord)))
            }
            glueNext = WrapToken.opening.contains(g)
        }
        return tokens
    }

    @Test func splitsAsComparingCharactersDid() {
        let pieces = ["Start", " ", "  ", "\t", "\u{3000}", "free", "trial.", "7 days", "₩12,000", "—", "…", "(", ")", "「", "」",
                      "。", "、", "한국어", "구독", "简体中文", "试用", "ゝ\u{3099}", "ゞ", "\u{37E}", ";", "\u{2329}", "\u{232A}", "〈",
                      "e\u{301}", "👍🏽", "👨‍👩‍👧", "❤️", "ᄀ", "\u{AD}", "!", "%", "ｶﾀｶﾅ", "カタカナ", "\u{A0}"]
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        var differ: [String] = []
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 1...9, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            if WrapToken.split(text) != Self.byCharacters(text) { differ.append(text) }
        }
        #expect(differ.isEmpty, "seed \(seed): \(differ.prefix(5).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
    }
}
