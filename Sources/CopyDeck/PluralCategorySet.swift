import Foundation
import PaywallFoundation

/// The CLDR cardinal plural categories a language distinguishes (CLDR 44 `plurals.xml`), split into
/// the ones whole numbers below a million reach and the ones only decimals or millions reach.
///
/// A String Catalog needs a form for every category of the first kind: iOS shows the `other` form
/// where one is missing, which is wrong for "5 днів" in Ukrainian. Missing forms of the second kind
/// (the `many` of French "1 000 000 de jours", the `many` of Czech decimals) are worth a warning.
/// `zero` is never "extra": Foundation uses a `zero` form for the number 0 in any language.
public struct PluralCategorySet: Sendable, Equatable {
    /// Categories whole numbers from 0 to 999,999 fall in (always includes `other`).
    public var whole: [PluralCategory]
    /// Categories only decimals or millions fall in.
    public var rare: [PluralCategory]

    /// Every category of the language, in CLDR order.
    public var all: [PluralCategory] { (whole + rare).sorted() }

    /// True for a language with no plural distinction (`other` alone: Chinese, Japanese, Korean, …).
    public var hasOnlyOther: Bool { whole == [.other] && rare.isEmpty }

    /// Whether `locale`'s language has no plural distinction: the one list of such languages.
    public static func hasOnlyOther(_ locale: String) -> Bool { of(locale)?.hasOnlyOther ?? false }

    /// `hasOnlyOther` for a language code already normalized (`LocaleCode.language`): a plural
    /// lookup asks it on every plural text, so it does not normalize the code a second time.
    static func hasOnlyOther(language: String) -> Bool { shapeByLanguage[language]?.hasOnlyOther ?? false }

    /// The categories of `locale`'s language, or nil for a language CLDR's table here does not list.
    public static func of(_ locale: String) -> PluralCategorySet? {
        let language = LocaleCode.language(of: LocaleCode.normalize(locale))
        guard let shape = shapeByLanguage[language] else { return nil }
        return shape
    }

    /// Language names for messages (`uk` → Ukrainian), falling back to the code. Read once for every
    /// language of the table: Foundation's locale names are not asked from several threads at once.
    public static func languageName(_ locale: String) -> String {
        let language = LocaleCode.language(of: LocaleCode.normalize(locale))
        return names[language] ?? locale
    }

    private static let names: [String: String] = {
        let english = Locale(identifier: "en")
        var out: [String: String] = [:]
        for language in shapeByLanguage.keys { out[language] = english.localizedString(forLanguageCode: language) ?? language }
        return out
    }()

    private static let otherOnly = PluralCategorySet(whole: [.other], rare: [])
    private static let oneOther = PluralCategorySet(whole: [.one, .other], rare: [])
    private static let oneManyOther = PluralCategorySet(whole: [.one, .other], rare: [.many])
    private static let oneFewOther = PluralCategorySet(whole: [.one, .few, .other], rare: [])
    private static let oneTwoOther = PluralCategorySet(whole: [.one, .two, .other], rare: [])
    private static let slavicEast = PluralCategorySet(whole: [.one, .few, .many, .other], rare: [])
    private static let czech = PluralCategorySet(whole: [.one, .few, .other], rare: [.many])
    private static let zeroOneOther = PluralCategorySet(whole: [.zero, .one, .other], rare: [])
    private static let oneTwoFewOther = PluralCategorySet(whole: [.one, .two, .few, .other], rare: [])
    private static let oneTwoFewManyOther = PluralCategorySet(whole: [.one, .two, .few, .many, .other], rare: [])
    private static let sixForms = PluralCategorySet(whole: [.zero, .one, .two, .few, .many, .other], rare: [])

    private static let table: [(PluralCategorySet, [String])] = [
        (otherOnly, ["bm", "bo", "dz", "hnj", "id", "ig", "ii", "in", "ja", "jbo", "jv", "jw", "kde", "kea", "km", "ko", "lkt",
                     "lo", "ms", "my", "nqo", "osa", "root", "sah", "ses", "sg", "su", "th", "to", "tpi", "vi", "wo", "yo", "yue", "zh"]),
        (oneOther, ["af", "ak", "am", "an", "as", "asa", "ast", "az", "bal", "bem", "bez", "bg", "bho", "bn", "brx", "ce", "ceb",
                    "cgg", "chr", "ckb", "da", "de", "doa", "dv", "ee", "el", "en", "eo", "et", "eu", "fa", "ff", "fi", "fil", "fo",
                    "fur", "fy", "gl", "gsw", "gu", "guw", "ha", "haw", "hi", "hu", "hy", "ia", "io", "is", "ji", "jgo", "jmc",
                    "ka", "kab", "kaj", "kcg", "kk", "kkj", "kl", "kn", "ks", "ksb", "ku", "ky", "lb", "lg", "lij", "ln", "mas",
                    "mg", "mgo", "mk", "ml", "mn", "mr", "nah", "nb", "nd", "ne", "nl", "nn", "nnh", "no", "nr", "nso", "ny",
                    "nyn", "om", "or", "os", "pa", "pap", "pcm", "ps", "rm", "rof", "rwk", "saq", "sc", "sd", "sdh", "seh",
                    "si", "sn", "so", "sq", "ss", "ssy", "st", "sv", "sw", "syr", "ta", "te", "teo", "ti", "tig", "tk", "tl",
                    "tn", "tr", "ts", "ug", "ur", "uz", "ve", "vo", "vun", "wa", "wae", "xh", "xog", "yi", "zu"]),
        (oneManyOther, ["ca", "es", "fr", "it", "pt", "vec", "lld", "scn"]),
        (oneFewOther, ["bs", "hr", "sh", "sr", "ro", "mo", "shi"]),
        (oneTwoOther, ["he", "iw", "iu", "naq", "sat", "se", "sma", "smi", "smj", "smn", "sms"]),
        (slavicEast, ["be", "ru", "uk", "pl"]),
        (PluralCategorySet(whole: [.one, .few, .other], rare: [.many]), ["lt"]),
        (czech, ["cs", "sk"]),
        (zeroOneOther, ["lv", "prg", "ksh", "lag"]),
        (oneTwoFewOther, ["sl", "dsb", "hsb", "gd"]),
        (oneTwoFewManyOther, ["ga", "mt"]),
        // Breton's `many` is millions, Manx's decimals.
        (PluralCategorySet(whole: [.one, .two, .few, .other], rare: [.many]), ["br", "gv"]),
        (sixForms, ["ar", "ars", "cy", "kw"]),
    ]

    /// Every language code of the table, sorted.
    static var tableLanguages: [String] { shapeByLanguage.keys.sorted() }

    private static let shapeByLanguage: [String: PluralCategorySet] = {
        var out: [String: PluralCategorySet] = [:]
        for (shape, languages) in table {
            for language in languages { out[language] = shape }
        }
        return out
    }()
}
