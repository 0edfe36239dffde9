import PaywallFoundation
import Foundation

/// Formats prices in a storefront's currency for a locale: `$9.99`, `¥68.00`, `₩12,000`, `¥980`, `9,99 €`.
///
/// Rules: the number format (separators, symbol position) follows the requested locale, completed
/// with the storefront's region when it has none (`ko` + KOR → `ko_KR`); the currency is the
/// storefront's, with the symbol the locale gives it (`¥68.00` in Chinese, `CN¥68.00` in English,
/// as iOS shows it); the currency's fraction digits are Apple's formatter's (none for KRW and JPY,
/// two for TWD: `NT$99.00`) unless the amount has more, which are then kept
/// rather than rounded away (JPY 4.80 → `¥4.80`); non-breaking spaces become plain spaces so terminal
/// goldens stay readable, and direction marks are left out.
public enum PriceFormatter {
    /// `amount` in `storefront`'s currency, formatted for `locale` (nil: the storefront's default locale).
    public static func format(_ amount: Decimal, storefront: Storefront, locale: String? = nil) -> String {
        format(amount, currencyCode: storefront.currencyCode,
               locale: formattingLocale(for: locale, storefront: storefront))
    }

    /// `amount` in the currency `currencyCode`, formatted for the Foundation locale identifier `locale`.
    public static func format(_ amount: Decimal, currencyCode: String, locale: String) -> String {
        formatted.value(for: PriceKey(amount: amount, currencyCode: currencyCode, locale: locale)) {
            makeText(amount, currencyCode: currencyCode, locale: locale)
        }
    }

    /// What a formatted price depends on.
    struct PriceKey: Hashable, Sendable { var amount: Decimal; var currencyCode: String; var locale: String }

    /// Prices already formatted: a `NumberFormatter` is slow to make, and a paywall shows the same
    /// few prices in every frame and every launch.
    static let formatted = BoundedCache<PriceKey, String>(limit: 4096)

    private static func makeText(_ amount: Decimal, currencyCode: String, locale: String) -> String {
        if let text = usDollars(amount, currencyCode: currencyCode, locale: locale) { return text }
        return icuText(amount, currencyCode: currencyCode, locale: locale)
    }

    /// US dollars in US English, the default storefront and locale, written out without ICU: making
    /// the first `NumberFormatter` is a tenth of a tape's start-up. Nil for anything else. It gives
    /// exactly what `icuText` gives (`$9.99`, `$1,299.00`, `$1.2345`); a test
    /// compares the two on thousands of amounts.
    static func usDollars(_ amount: Decimal, currencyCode: String, locale: String) -> String? {
        guard currencyCode == "USD", locale == "en_US", amount >= 0, amount < 1_000_000_000 else { return nil }
        let needed = fractionDigits(of: amount)
        let digits = needed > 2 ? min(max(needed, 2), 4) : 2
        guard needed <= digits else { return nil }   // more than 4 decimals: ICU rounds; leave it to ICU
        var scaled = amount
        for _ in 0..<digits { scaled *= 10 }
        return "$" + EnglishDigits.text(units: NSDecimalNumber(decimal: scaled).int64Value, fractionDigits: digits)
    }

    /// The price as Apple's formatter writes it (see the type's rules): `Decimal.FormatStyle.Currency`,
    /// the type of StoreKit's `Product.priceFormatStyle`.
    static func icuText(_ amount: Decimal, currencyCode: String, locale: String) -> String {
        let style = Decimal.FormatStyle.Currency(code: currencyCode, locale: Locale(identifier: locale))
            .precision(.fractionLength(shownFractionDigits(amount, currencyCode: currencyCode)))
        return cleaned(amount.formatted(style))
    }

    /// The fraction digits `amount` is shown with in `currencyCode`: the currency's, or the amount's
    /// own when it has more (up to 4), so a price is never rounded away.
    static func shownFractionDigits(_ amount: Decimal, currencyCode: String) -> Int {
        let currencyDigits = fractionDigits(forCurrency: currencyCode)
        let needed = fractionDigits(of: amount)
        return needed > currencyDigits ? min(max(needed, 2), 4) : currencyDigits
    }

    /// The formatter's text with non-breaking spaces made plain and direction marks left out.
    static func cleaned(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if scalar == "\u{00A0}" || scalar == "\u{202F}" { return " " }
            return invisibleMarks.contains(scalar) ? nil : scalar
        }))
    }

    /// The Foundation locale used for `locale` in `storefront`: its language and script, its region or the storefront's.
    ///
    /// A pair ICU has data for, its own or a CLDR parent's (English in Spain, `en_ES`, through
    /// `en_150`: `9,99 €`), is formatted as it is, as Apple's formatter and CLDR format it. A
    /// language and region ICU has no data for (German on a Japanese storefront, `de_JP`) is
    /// formatted as CLDR inherits it, by its parent (`de`): the number's symbols are the language's,
    /// the currency is the storefront's either way. (ICU on Linux would give the unknown pair the
    /// region's separators: `1,200 ¥` where CLDR and iOS give `1.200 ¥`.) Which case a pair is,
    /// ICU answers itself (`ICULocaleData`): `Locale.availableIdentifiers` lists only the locales
    /// with files of their own, and lacks `en_ES`, `en_IT`, `en_RO` and `en_GE`.
    public static func formattingLocale(for locale: String?, storefront: Storefront) -> String {
        guard let locale, var code = LocaleCode(locale) else { return storefront.defaultLocale }
        if code.region == nil { code.region = storefront.regionCode }
        let identifier = code.identifier
        if identifier == storefront.defaultLocale { return identifier }
        return cldrLocales.value(for: identifier) { cldrLocale(code) }
    }

    /// `code` itself when ICU has data for it, its own or a CLDR parent's (`en_ES` through
    /// `en_150`, `en_AO` through `en_001`); else the truncation ICU takes its data from (`de_JP` →
    /// `de`, `zh_Hant_SG` → `zh_Hant`). A language ICU has no data for stays as it is.
    static func cldrLocale(_ code: LocaleCode) -> String {
        let identifier = code.identifier
        guard code.region != nil, ICULocaleData.hasLanguage(identifier) else { return identifier }
        let data = ICULocaleData.dataLocale(of: identifier)
        let truncations = [code.language, LocaleCode.identifier(language: code.language, script: code.script, region: nil)]
        return truncations.contains(data) ? data : identifier
    }

    /// Requested locales and the CLDR locale each is formatted in.
    static let cldrLocales = BoundedCache<String, String>(limit: 256)

    /// Direction marks ICU puts around right-to-left prices (`‏٩٫٩٩ ر.س.‏`): invisible, so a terminal
    /// cell count would be wrong; the terminal lays the text out itself.
    public static let invisibleMarks: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]

    /// The number of fraction digits `currencyCode` is shown with, as Apple's own price formatter
    /// shows it: `Decimal.FormatStyle.Currency`, the type of StoreKit's `Product.priceFormatStyle`
    /// (2 for USD and TWD, 0 for KRW, JPY and IDR). Asked once per currency.
    public static func fractionDigits(forCurrency currencyCode: String) -> Int {
        if currencyCode == "USD" { return 2 }   // the default storefront's, without opening ICU (a test compares)
        return currencyDigits.value(for: currencyCode) { appleFractionDigits(forCurrency: currencyCode) }
    }

    /// Fraction digits by currency, as `appleFractionDigits` found them.
    static let currencyDigits = BoundedCache<String, Int>(limit: 512)

    /// The digits Apple's formatter writes after the decimal point of one unit of `currencyCode`.
    static func appleFractionDigits(forCurrency currencyCode: String) -> Int {
        let one = Decimal(1).formatted(Decimal.FormatStyle.Currency(code: currencyCode, locale: Locale(identifier: "en_US_POSIX")))
        guard let point = one.firstIndex(of: ".") else { return 0 }
        return one[one.index(after: point)...].prefix { $0.isNumber }.count
    }

    /// How many fraction digits `amount` needs (0.5 → 1, 9.99 → 2, 98.0 → 0).
    static func fractionDigits(of amount: Decimal) -> Int {
        var value = amount
        var digits = 0
        while digits < 6 {
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, 0, .plain)
            if rounded == value { return digits }
            value *= 10
            digits += 1
        }
        return digits
    }
}
