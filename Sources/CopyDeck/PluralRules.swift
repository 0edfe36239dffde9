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
        let n = operands.n, i = operands.i, v = operands.v
        let i10 = i % 10, i100 = i % 100
        let isInteger = n == n.rounded(.towardZero)
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
        case "es", "it", "ca":
            if language == "es" ? n == 1 : (i == 1 && v == 0) { return .one }
            return romanceMany ? .many : .other
        case "ru", "uk", "be":
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
        case "ar":
            guard isInteger else { return .other }
            if n == 0 { return .zero }
            if n == 1 { return .one }
            if n == 2 { return .two }
            if (3...10).contains(i100) { return .few }
            if (11...99).contains(i100) { return .many }
            return .other
        case "he":
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
