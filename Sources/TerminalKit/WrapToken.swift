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

    /// `closing` and `opening` as scalar values, for graphemes of one scalar: each member, and
    /// the scalars canonically equal to one (U+037E GREEK QUESTION MARK is ";", U+2329 and U+232A
    /// are "〈" and "〉"), as `Character` equality has them. `WrapTokenScalarTests` checks both against
    /// the sets for every scalar up to U+2FFFF.
    static let closingScalars: Set<UInt32> = Set(closing.flatMap(\.unicodeScalars).map(\.value) + [0x37E, 0x232A])
    static let openingScalars: Set<UInt32> = Set(opening.flatMap(\.unicodeScalars).map(\.value) + [0x2329])

    /// Splits a paragraph (no "\n") into tokens.
    static func split(_ text: String) -> [WrapToken] {
        var tokens: [WrapToken] = []
        var glueNext = false
        func add(_ g: Character, scalar: Unicode.Scalar?) {
            // One scalar (nearly every grapheme): its value answers; otherwise `Character`'s
            // equality does, which compares canonically and is slow for text that is not ASCII.
            let w = scalar.map { DisplayWidth.of($0) } ?? DisplayWidth.of(g)
            let isSpace = scalar.map { $0.value == 0x20 || $0.value == 0x09 || $0.value == 0x3000 } ?? (g == " " || g == "\t" || g == "\u{3000}")
            if isSpace {
                glueNext = false
                if let last = tokens.last, last.kind == .space {
                    tokens[tokens.count - 1].text.append(g)
                    tokens[tokens.count - 1].width += w
                } else {
                    tokens.append(WrapToken(text: String(g), width: w, kind: .space))
                }
                return
            }
            let hangul = scalar.map { isHangul($0.value) } ?? isHangul(g)
            let breaksAround = w == 2 && !hangul
            let closes = scalar.map { closingScalars.contains($0.value) } ?? closing.contains(g)
            if let last = tokens.last, last.kind != .space,
               glueNext || closes || (!breaksAround && last.kind != .wide) {
                tokens[tokens.count - 1].text.append(g)
                tokens[tokens.count - 1].width += w
                if hangul, tokens[tokens.count - 1].kind == .latinWord { tokens[tokens.count - 1].kind = .hangulWord }
            } else {
                let kind: Kind = breaksAround ? .wide : (hangul ? .hangulWord : .latinWord)
                tokens.append(WrapToken(text: String(g), width: w, kind: kind))
            }
            glueNext = scalar.map { openingScalars.contains($0.value) } ?? opening.contains(g)
        }
        if DisplayWidth.scalarsStandAlone(text) {
            for scalar in text.unicodeScalars { add(Character(scalar), scalar: scalar) }
        } else {
            for g in text {
                var scalars = g.unicodeScalars.makeIterator()
                let first = scalars.next()
                add(g, scalar: scalars.next() == nil ? first : nil)
            }
        }
        return tokens
    }

    static func isHangul(_ g: Character) -> Bool {
        guard let v = g.unicodeScalars.first?.value else { return false }
        return isHangul(v)
    }

    static func isHangul(_ v: UInt32) -> Bool {
        (0xAC00...0xD7A3).contains(v) || (0x1100...0x11FF).contains(v) || (0x3130...0x318F).contains(v)
            || (0xA960...0xA97F).contains(v) || (0xD7B0...0xD7FF).contains(v)
    }
}
