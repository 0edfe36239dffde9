/// A piece of a paragraph between two places where a line may break.
struct WrapToken: Hashable {
    enum Kind: Hashable {
        /// Spaces: dropped at the edges of lines.
        case space
        /// Latin (or other narrow) letters and punctuation: never broken, cut with "…" if too long.
        case latinWord
        /// A word containing Hangul: broken between syllables when longer than a line.
        case hangulWord
        /// One CJK character (with the punctuation glued to it): break before and after.
        case wide
    }

    var text: String
    var width: Int
    var kind: Kind

    /// Punctuation that must not start a line.
    static let closing: Set<Character> = Set("。，、．：；！？）」』】〉》〕〗・ーゝゞ々ぁぃぅぇぉっゃゅょァィゥェォッャュョ,.;:!?)]}%")
    /// Punctuation that must not end a line.
    static let opening: Set<Character> = Set("（「『【〈《〔〖([{")

    /// Splits a paragraph (no "\n") into tokens.
    static func split(_ text: String) -> [WrapToken] {
        var tokens: [WrapToken] = []
        var glueNext = false
        for g in text {
            let w = DisplayWidth.of(g)
            let isSpace = g == " " || g == "\t" || g == "\u{3000}"
            if isSpace {
                glueNext = false
                if let last = tokens.last, last.kind == .space {
                    tokens[tokens.count - 1].text.append(g)
                    tokens[tokens.count - 1].width += w
                } else {
                    tokens.append(WrapToken(text: String(g), width: w, kind: .space))
                }
                continue
            }
            let breaksAround = w == 2 && !isHangul(g)
            if let last = tokens.last, last.kind != .space,
               glueNext || closing.contains(g) || (!breaksAround && last.kind != .wide) {
                tokens[tokens.count - 1].text.append(g)
                tokens[tokens.count - 1].width += w
                if isHangul(g), tokens[tokens.count - 1].kind == .latinWord { tokens[tokens.count - 1].kind = .hangulWord }
            } else {
                let kind: Kind = breaksAround ? .wide : (isHangul(g) ? .hangulWord : .latinWord)
                tokens.append(WrapToken(text: String(g), width: w, kind: kind))
            }
            glueNext = opening.contains(g)
        }
        return tokens
    }

    static func isHangul(_ g: Character) -> Bool {
        guard let v = g.unicodeScalars.first?.value else { return false }
        return (0xAC00...0xD7A3).contains(v) || (0x1100...0x11FF).contains(v) || (0x3130...0x318F).contains(v)
            || (0xA960...0xA97F).contains(v) || (0xD7B0...0xD7FF).contains(v)
    }
}
