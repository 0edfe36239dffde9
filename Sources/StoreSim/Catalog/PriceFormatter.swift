import PaywallFoundation
import Foundation

/// Formats prices in a storefront's currency for a locale: `$9.99`, `¥68.00`, `₩12,000`, `¥980`, `9,99 €`.
///
/// Rules: the number format (separators, symbol position) follows the requested locale, completed
/// with the storefront's region when it has none (`ko` + KOR → `ko_KR`); the currency is the
/// storefront's; well-known currencies use their short symbol (`¥`, not `CN¥`); the currency's own
/// fraction digits are used (none for KRW and JPY) unless the amount has more, which are then kept
/// rather than rounded away (JPY 4.80 → `¥4.80`); non-breaking spaces become plain spaces so terminal
/// goldens stay readable, and direction marks are left out.
public enum PriceFormatter {
    /// Short symbols for currencies whose ICU symbol in foreign locales is prefixed (`CN¥`, `US$`, `₩`).
    public static let shortSymbols: [String: String] = [
        "USD": "$", "CNY": "¥", "JPY": "¥", "KRW": "₩", "EUR": "€", "GBP": "£", "INR": "₹", "TRY": "₺",
        "TWD": "NT$", "HKD": "HK$", "SGD": "S$", "CAD": "CA$", "AUD": "A$", "BRL": "R$", "MXN": "MX$",
    ]

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

    /// The price as ICU formats it (see the type's rules).
    static func icuText(_ amount: Decimal, currencyCode: String, locale: String) -> String {
        let configuration = icuConfiguration(amount, currencyCode: currencyCode, locale: locale)
        let text = formatters.string(amount, with: configuration) ?? "\(amount) \(currencyCode)"
        return cleaned(text)
    }

    /// ICU formatters, kept by configuration: making one costs far more than formatting with it.
    static let formatters = CurrencyFormatterPool(limit: 256)

    /// How ICU is asked to format `amount` in `currencyCode` for `locale`.
    static func icuConfiguration(_ amount: Decimal, currencyCode: String, locale: String) -> CurrencyFormatterPool.Configuration {
        // Foundation on Linux keeps the locale's own currency digits after `currencyCode` changes
        // (en_US + KRW would give ₩12,000.00), so the digits are set from ISO 4217 here.
        let currencyDigits = fractionDigits(forCurrency: currencyCode)
        let needed = fractionDigits(of: amount)
        let digits = needed > currencyDigits ? min(max(needed, 2), 4) : currencyDigits
        return CurrencyFormatterPool.Configuration(locale: locale, currencyCode: currencyCode,
                                                   currencySymbol: shortSymbols[currencyCode], fractionDigits: digits)
    }

    /// ICU's text with non-breaking spaces made plain and direction marks left out.
    static func cleaned(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if scalar == "\u{00A0}" || scalar == "\u{202F}" { return " " }
            return invisibleMarks.contains(scalar) ? nil : scalar
        }))
    }

    /// The Foundation locale used for `locale` in `storefront`: its language and script, its region or the storefront's.
    ///
    /// A language and region CLDR has no locale for (German on a Japanese storefront, `de_JP`) is
    /// formatted as CLDR inherits it, by its parent (`de`): the number's symbols are the language's,
    /// the currency is the storefront's either way. (ICU on Linux would give the unknown pair the
    /// root's separators: `1,200 ¥` where CLDR and iOS give `1.200 ¥`.)
    public static func formattingLocale(for locale: String?, storefront: Storefront) -> String {
        guard let locale, var code = LocaleCode(locale) else { return storefront.defaultLocale }
        if code.region == nil { code.region = storefront.regionCode }
        let identifier = code.identifier
        if identifier == storefront.defaultLocale { return identifier }
        return cldrLocales.value(for: identifier) { cldrLocale(code) }
    }

    /// `code` when CLDR has it, else its nearest ancestor by CLDR's truncation (region, then script).
    static func cldrLocale(_ code: LocaleCode) -> String {
        var candidates = [code.identifier]
        if code.region != nil { candidates.append(LocaleCode.identifier(language: code.language, script: code.script, region: nil)) }
        if code.script != nil { candidates.append(code.language) }
        return candidates.first(where: availableLocales.contains) ?? code.identifier
    }

    /// The locales ICU has data for (`de`, `de_CH`, `zh_Hant_TW`), read once.
    static let availableLocales = Set(Locale.availableIdentifiers)

    /// Requested locales and the CLDR locale each is formatted in.
    static let cldrLocales = BoundedCache<String, String>(limit: 256)

    /// Direction marks ICU puts around right-to-left prices (`‏٩٫٩٩ ر.س.‏`): invisible, so a terminal
    /// cell count would be wrong; the terminal lays the text out itself.
    public static let invisibleMarks: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]

    /// Currencies shown without decimals (ISO 4217 minor unit 0, plus those Apple prices in whole units).
    public static let zeroDecimalCurrencies: Set<String> = [
        "JPY", "KRW", "CLP", "ISK", "VND", "UGX", "PYG", "XAF", "XOF", "HUF", "TWD", "IDR", "COP", "KZT",
    ]

    /// Currencies with three decimals (ISO 4217 minor unit 3).
    public static let threeDecimalCurrencies: Set<String> = ["BHD", "KWD", "JOD", "OMR", "TND"]

    /// The number of fraction digits `currencyCode` is shown with (2 for USD, 0 for KRW and JPY).
    public static func fractionDigits(forCurrency currencyCode: String) -> Int {
        if zeroDecimalCurrencies.contains(currencyCode) { return 0 }
        return threeDecimalCurrencies.contains(currencyCode) ? 3 : 2
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
