/// Terminal column widths per scalar and per grapheme, matching glibc `wcwidth` (what ncurses uses).
///
/// A grapheme cluster is shown as its base character plus the zero-width scalars that follow it
/// (combining marks, variation selectors), at most five scalars in all, as one ncurses cell holds.
/// Anything after a ZWJ and any further spacing scalar (skin-tone modifiers, the second regional
/// indicator) is dropped, because ncurses and terminals disagree on how wide such sequences are:
/// "👨‍👩‍👧" shows as "👨" (2 columns), "👍🏽" as "👍" (2), "é" (e + U+0301) as one column.
public enum DisplayWidth {
    /// Columns one scalar takes: 0 (combining, ZWJ, control), 1, or 2 (CJK, Hangul, emoji, fullwidth).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        if contains(DisplayWidthTable.doubleWidth, v) { return 2 }
        if contains(DisplayWidthTable.zeroWidth, v) { return 0 }
        return 1
    }

    /// Columns one grapheme takes once drawn (see `terminalForm`): 0, 1 or 2.
    public static func of(_ grapheme: Character) -> Int {
        guard let base = grapheme.unicodeScalars.first(where: { !isControl($0) }) else { return 0 }
        return of(base)
    }

    /// Columns a whole string takes, grapheme by grapheme.
    public static func of(_ text: String) -> Int {
        if let ascii = printableASCIIWidth(text) { return ascii }
        var total = 0
        if scalarsStandAlone(text) {
            // Each scalar is a grapheme of its own: the same sum without finding grapheme breaks.
            for scalar in text.unicodeScalars { total += of(scalar) }
            return total
        }
        for g in text { total += of(g) }
        return total
    }

    /// Whether every scalar of `text` is one of `standsAlone`'s, so that each scalar is a whole
    /// grapheme (most copy in Latin, Greek, Cyrillic, Chinese, Japanese and Korean, and the
    /// screens' glyphs); finding grapheme breaks was a twentieth of a copy sweep.
    @inline(__always)
    static func scalarsStandAlone(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where !standsAlone(scalar.value) { return false }
        return true
    }

    /// Scalars that are a grapheme whatever is next to them, when everything next to them is
    /// one of these too: assigned, not a mark, control, format, join control, line or paragraph
    /// separator, emoji modifier, regional indicator, Hangul jamo or prepended mark (ranges
    /// chosen to hold none of those). `StandAloneScalarTests` checks every such scalar's general
    /// category and grapheme-extend, join and emoji-modifier properties, and, for every one
    /// outside the ideograph and syllable blocks and every 61st inside, that it stays a grapheme
    /// of its own beside 44 neighbours.
    /// Hangul syllables are included: two syllables side by side are two graphemes.
    static func standsAlone(_ v: UInt32) -> Bool {
        switch v {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF,          // ASCII, Latin-1 but the soft hyphen, Latin extended, IPA, modifier letters
             0x370...0x377, 0x37A...0x37F, 0x384...0x38A, 0x38C, 0x38E...0x3A1, 0x3A3...0x482, 0x48A...0x52F, // Greek, Cyrillic
             0x2010...0x2027, 0x2030...0x205E,                 // general punctuation
             0x20A0...0x20C0, 0x2100...0x218B, 0x2190...0x23FF, // currency, letterlike, number forms, arrows, math, technical
             0x2460...0x27BF,                                  // enclosed, box drawing, blocks, shapes, symbols, dingbats
             0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF, // CJK punctuation, kana
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, // CJK ideographs, Hangul syllables
             0xFF01...0xFF60, 0xFFE0...0xFFE6:                 // fullwidth forms
            return true
        default:
            return false
        }
    }

    /// The width of `text` when it is all printable ASCII (one column per byte); nil otherwise.
    @inline(__always)
    static func printableASCIIWidth(_ text: String) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }

    /// True for C0/C1 control characters and DEL, which are never drawn.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0)
    }

    /// The grapheme as a terminal draws it in one cell: base plus trailing zero-width scalars
    /// (at most 5 scalars), without controls, ZWJ sequences or extra spacing scalars.
    /// Returns nil when nothing drawable is left (a control character, a lone combining mark).
    public static func terminalForm(_ grapheme: Character) -> (text: String, width: Int)? {
        // A no-break space (glue in wrapped text, e.g. inside a date) is drawn as a plain space.
        if grapheme.utf8.count == 2, grapheme.utf8.first == 0xC2, grapheme.utf8.last == 0xA0 { return (" ", 1) }
        var scalars = String.UnicodeScalarView()
        var width = 0
        for s in grapheme.unicodeScalars {
            if isControl(s) { continue }
            if s.value == 0x200D { break }                       // ZWJ: keep only what precedes it
            let w = of(s)
            if scalars.isEmpty {
                if w == 0 { return nil }                         // no base to attach to
                width = w
                scalars.append(s)
            } else if w == 0 {
                if scalars.count < 5 { scalars.append(s) }
            } else {
                break                                            // skin tone, second flag half …
            }
        }
        return scalars.isEmpty ? nil : (String(scalars), width)
    }

    private static func contains(_ table: [ClosedRange<UInt32>], _ v: UInt32) -> Bool {
        var lo = 0, hi = table.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = table[mid]
            if v < r.lowerBound { hi = mid - 1 } else if v > r.upperBound { lo = mid + 1 } else { return true }
        }
        return false
    }
}
