import PaywallFoundation
/// The operands CLDR plural rules read: absolute value `n`, integer part `i`, visible fraction digits `v` and value `f`.
public struct PluralOperands: Sendable, Equatable {
    /// The absolute value.
    public var n: Double
    /// The integer digits of `n`.
    public var i: Int
    /// How many fraction digits are shown (`1.50` → 2).
    public var v: Int
    /// The shown fraction digits as a number (`1.50` → 50).
    public var f: Int

    /// The shown fraction digits without trailing zeros (`1.50` → 5, `1.0` → 0): CLDR's `t`.
    public var t: Int {
        var value = f
        while value != 0 && value % 10 == 0 { value /= 10 }
        return value
    }

    /// Operands of a whole number.
    public init(_ integer: Int) {
        let magnitude = integer == Int.min ? Int.max : abs(integer)
        self.n = Double(magnitude)
        self.i = magnitude
        self.v = 0
        self.f = 0
    }

    /// Operands of a decimal shown with `fractionDigits` digits after the point (as `%.2f` shows it).
    public init(_ number: Double, fractionDigits: Int) {
        let magnitude = number.isFinite ? abs(number) : 0
        let digits = max(0, min(fractionDigits, 9))
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (magnitude * Double(scale)).rounded()
        let whole = scaled / Double(scale)
        self.i = whole < Double(Int.max / 10) ? Int(whole.rounded(.towardZero)) : Int.max / 10
        self.f = scaled < Double(Int.max / 10) ? Int(scaled) - i * scale : 0
        self.v = digits
        self.n = whole
    }
}

/// CLDR cardinal plural rules for the languages the simulator ships and the fixtures use.
public enum PluralRules {
    /// The category of `operands` in `locale` (any code; it is normalised). Unknown languages use the English rule.
    public static func category(for operands: PluralOperands, locale: String) -> PluralCategory {
        let code = LocaleCode.normalize(locale)
        let language = LocaleCode.language(of: code)
        let n = operands.n, i = operands.i, v = operands.v, f = operands.f, t = operands.t
        let i10 = i % 10, i100 = i % 100
        let f10 = f % 10, f100 = f % 100
        let isInteger = n == n.rounded(.towardZero)
        // `n % m` as CLDR reads it: a whole number only when n is one, so `n % 10 = 1` fails for 1.5.
        func nMod(_ m: Int) -> Int? { isInteger && n < 1e15 ? Int(n) % m : nil }
        func nIs(_ values: ClosedRange<Int>...) -> Bool {
            guard isInteger, n < 1e15 else { return false }
            return values.contains { $0.contains(Int(n)) }
        }
        func nMod(_ m: Int, in values: ClosedRange<Int>...) -> Bool {
            guard let r = nMod(m) else { return false }
            return values.contains { $0.contains(r) }
        }
        // The "many" of the Romance languages: millions, written out in full.
        let romanceMany = v == 0 && i != 0 && i % 1_000_000 == 0
        if PluralCategorySet.hasOnlyOther(language: language) { return .other }
        switch language {
        case "fr":
            if i == 0 || i == 1 { return .one }
            return romanceMany ? .many : .other
        case "pt":
            if code == "pt-PT" {
                if i == 1 && v == 0 { return .one }
                return romanceMany ? .many : .other
            }
            if i == 0 || i == 1 { return .one }
            return romanceMany ? .many : .other
        case "es", "it", "ca", "vec", "lld", "scn":
            if language == "es" ? n == 1 : (i == 1 && v == 0) { return .one }
            return romanceMany ? .many : .other
        case "be":
            // Belarusian reads n, not i: 1.0 is one and 2.0 few, like 1 and 2; 1.5 is other.
            if nMod(10, in: 1...1) && !nMod(100, in: 11...11) { return .one }
            if nMod(10, in: 2...4) && !nMod(100, in: 12...14) { return .few }
            if nMod(10, in: 0...0, 5...9) || nMod(100, in: 11...14) { return .many }
            return .other
        case "ru", "uk":
            guard v == 0 else { return .other }
            if i10 == 1 && i100 != 11 { return .one }
            if (2...4).contains(i10) && !(12...14).contains(i100) { return .few }
            return .many
        case "pl":
            guard v == 0 else { return .other }
            if i == 1 { return .one }
            if (2...4).contains(i10) && !(12...14).contains(i100) { return .few }
            return .many
        case "cs", "sk":
            if v != 0 { return .many }
            if i == 1 { return .one }
            return (2...4).contains(i) ? .few : .other
        case "bs", "hr", "sh", "sr":
            // Croatian, Bosnian, Serbian: by the last digits of the integer, or of the shown decimals.
            if (v == 0 && i10 == 1 && i100 != 11) || (f10 == 1 && f100 != 11) { return .one }
            if (v == 0 && (2...4).contains(i10) && !(12...14).contains(i100))
                || ((2...4).contains(f10) && !(12...14).contains(f100)) { return .few }
            return .other
        case "ro", "mo":
            // Romanian: few for 0, decimals and numbers ending in 01–19 (but 1).
            if i == 1 && v == 0 { return .one }
            if v != 0 || n == 0 || (n != 1 && nMod(100, in: 1...19)) { return .few }
            return .other
        case "lt":
            if nMod(10, in: 1...1) && !nMod(100, in: 11...19) { return .one }
            if nMod(10, in: 2...9) && !nMod(100, in: 11...19) { return .few }
            if f != 0 { return .many }
            return .other
        case "lv", "prg":
            if nMod(10, in: 0...0) || nMod(100, in: 11...19) || (v == 2 && (11...19).contains(f100)) { return .zero }
            if (nMod(10, in: 1...1) && !nMod(100, in: 11...11)) || (v == 2 && f10 == 1 && f100 != 11) || (v != 2 && f10 == 1) {
                return .one
            }
            return .other
        case "mk":
            return (v == 0 && i10 == 1 && i100 != 11) || (f10 == 1 && f100 != 11) ? .one : .other
        case "is":
            return (t == 0 && i10 == 1 && i100 != 11) || (t % 10 == 1 && t % 100 != 11) ? .one : .other
        case "da":
            return n == 1 || (t != 0 && (i == 0 || i == 1)) ? .one : .other
        case "fil", "tl", "ceb":
            if v == 0 && (1...3).contains(i) { return .one }
            if v == 0 && ![4, 6, 9].contains(i10) { return .one }
            if v != 0 && ![4, 6, 9].contains(f10) { return .one }
            return .other
        case "si":
            return n == 0 || n == 1 || (i == 0 && f == 1) ? .one : .other
        case "am", "as", "bn", "doi", "fa", "gu", "hi", "kn", "pcm", "zu":
            return i == 0 || n == 1 ? .one : .other
        case "ak", "bho", "guw", "ln", "mg", "nso", "pa", "ti", "wa":
            return nIs(0...1) ? .one : .other
        case "ff", "hy", "kab":
            return i == 0 || i == 1 ? .one : .other
        case "af", "an", "asa", "az", "bal", "bem", "bez", "bg", "brx", "ce", "cgg", "chr", "ckb", "dv", "ee", "eo", "eu",
             "fo", "fur", "gsw", "ha", "haw", "jgo", "jmc", "ka", "kaj", "kcg", "kk", "kkj", "kl", "ks", "ksb", "ku", "ky", "lb",
             "lg", "mas", "mgo", "ml", "mn", "mr", "nah", "nb", "nd", "ne", "nn", "nnh", "no", "nr", "ny", "nyn", "om", "or",
             "os", "pap", "ps", "rm", "rof", "rwk", "saq", "sd", "sdh", "seh", "sn", "so", "sq", "ss", "ssy", "st", "syr",
             "ta", "te", "teo", "tig", "tk", "tn", "ts", "ug", "uz", "ve", "vo", "vun", "wae", "xh", "xog":
            // one for the number 1 however it is written (1.0 too), unlike English's "1 with no decimals".
            return n == 1 ? .one : .other
        case "gd":
            // Scottish Gaelic: one 1, 11; two 2, 12; few 3–10, 13–19.
            if nIs(1...1, 11...11) { return .one }
            if nIs(2...2, 12...12) { return .two }
            if nIs(3...10, 13...19) { return .few }
            return .other
        case "mt":
            // Maltese: one 1; two 2; few 0 and 3–10 (mod 100); many 11–19 (mod 100).
            if n == 1 { return .one }
            if n == 2 { return .two }
            if n == 0 || nMod(100, in: 3...10) { return .few }
            if nMod(100, in: 11...19) { return .many }
            return .other
        case "dsb", "hsb":
            // Lower and Upper Sorbian: by the last two digits of the integer or of the shown decimals.
            if (v == 0 && i100 == 1) || f100 == 1 { return .one }
            if (v == 0 && i100 == 2) || f100 == 2 { return .two }
            if (v == 0 && (3...4).contains(i100)) || (3...4).contains(f100) { return .few }
            return .other
        case "br":
            // Breton: by the last digit, except in the tens named; many for whole millions.
            if nMod(10, in: 1...1) && ![11, 71, 91].contains(nMod(100) ?? -1) { return .one }
            if nMod(10, in: 2...2) && ![12, 72, 92].contains(nMod(100) ?? -1) { return .two }
            if nMod(10, in: 3...4, 9...9) && !nMod(100, in: 10...19, 70...79, 90...99) { return .few }
            if n != 0 && nMod(1_000_000, in: 0...0) { return .many }
            return .other
        case "gv":
            // Manx: by the last digit or the last two; any shown decimals are many.
            if v == 0 && i10 == 1 { return .one }
            if v == 0 && i10 == 2 { return .two }
            if v == 0 && [0, 20, 40, 60, 80].contains(i100) { return .few }
            if v != 0 { return .many }
            return .other
        case "kw":
            // Cornish.
            if n == 0 { return .zero }
            if n == 1 { return .one }
            if let r100 = nMod(100), let r1000 = nMod(1000), let r100k = nMod(100_000), let r1m = nMod(1_000_000) {
                if [2, 22, 42, 62, 82].contains(r100)
                    || (r1000 == 0 && ((1000...20000).contains(r100k) || [40000, 60000, 80000].contains(r100k)))
                    || (n != 0 && r1m == 100_000) { return .two }
                if [3, 23, 43, 63, 83].contains(r100) { return .few }
                if n != 1 && [1, 21, 41, 61, 81].contains(r100) { return .many }
            }
            return .other
        case "iu", "naq", "sat", "se", "sma", "smi", "smj", "smn", "sms":
            if n == 1 { return .one }
            if n == 2 { return .two }
            return .other
        case "ksh":
            if n == 0 { return .zero }
            return n == 1 ? .one : .other
        case "lag":
            if n == 0 { return .zero }
            return (i == 0 || i == 1) && n != 0 ? .one : .other
        case "shi":
            if i == 0 || n == 1 { return .one }
            return nIs(2...10) ? .few : .other
        case "ar", "ars":
            guard isInteger else { return .other }
            if n == 0 { return .zero }
            if n == 1 { return .one }
            if n == 2 { return .two }
            if (3...10).contains(i100) { return .few }
            if (11...99).contains(i100) { return .many }
            return .other
        case "he", "iw":
            if (i == 1 && v == 0) || (i == 0 && v != 0) { return .one }
            if i == 2 && v == 0 { return .two }
            return .other
        case "tr", "el", "hu":
            return n == 1 ? .one : .other
        case "cy":
            // Welsh: zero, one, two, few (3), many (6), other.
            guard isInteger else { return .other }
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            case 3: return .few
            case 6: return .many
            default: return .other
            }
        case "ga":
            // Irish: one, two, few (3–6), many (7–10), other.
            guard isInteger else { return .other }
            if n == 1 { return .one }
            if n == 2 { return .two }
            if (3...6).contains(n) { return .few }
            if (7...10).contains(n) { return .many }
            return .other
        case "sl":
            // Slovenian: by the last two digits; any visible decimals are few.
            guard v == 0 else { return .few }
            if i100 == 1 { return .one }
            if i100 == 2 { return .two }
            if i100 == 3 || i100 == 4 { return .few }
            return .other
        default:
            // en, de, nl, sv, da, fi, nb, … : one for exactly 1 with no visible decimals.
            return i == 1 && v == 0 ? .one : .other
        }
    }

    /// The category of a whole number.
    public static func category(for integer: Int, locale: String) -> PluralCategory {
        category(for: PluralOperands(integer), locale: locale)
    }
}
