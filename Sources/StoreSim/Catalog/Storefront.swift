import PaywallFoundation
import Foundation

/// An App Store storefront: ISO-3166 alpha-3 code, its currency and the locale prices default to.
public struct Storefront: Hashable, Codable, Sendable {
    /// ISO-3166 alpha-3, e.g. `USA`, `CHN`, `KOR`.
    public var code: String
    /// ISO-4217 currency, e.g. `USD`, `CNY`, `KRW`.
    public var currencyCode: String
    /// The locale a price is formatted in when the caller gives none (`en_US`, `zh_Hans_CN`).
    public var defaultLocale: String

    public init(code: String, currencyCode: String, defaultLocale: String) {
        self.code = code
        self.currencyCode = currencyCode
        self.defaultLocale = defaultLocale
    }

    /// The known storefront for `code` (any case), or nil.
    public init?(code: String) {
        guard let known = Self.byCode[code.uppercased()] else { return nil }
        self = known
    }

    /// The storefront for `code`, or a USD storefront with that code when it is not known.
    public static func resolve(_ code: String) -> Storefront {
        Storefront(code: code) ?? Storefront(code: code.uppercased(), currencyCode: "USD", defaultLocale: "en_US")
    }

    /// ISO-3166 alpha-2 region of the default locale (`US`, `CN`), used to complete a bare language code.
    public var regionCode: String? { LocaleCode(defaultLocale)?.region }

    public static let usa = Storefront(code: "USA", currencyCode: "USD", defaultLocale: "en_US")

    /// The storefronts the simulator knows, by alpha-3 code.
    public static let all: [Storefront] = [
        usa,
        Storefront(code: "CHN", currencyCode: "CNY", defaultLocale: "zh_Hans_CN"),
        Storefront(code: "KOR", currencyCode: "KRW", defaultLocale: "ko_KR"),
        Storefront(code: "JPN", currencyCode: "JPY", defaultLocale: "ja_JP"),
        Storefront(code: "DEU", currencyCode: "EUR", defaultLocale: "de_DE"),
        Storefront(code: "FRA", currencyCode: "EUR", defaultLocale: "fr_FR"),
        Storefront(code: "ESP", currencyCode: "EUR", defaultLocale: "es_ES"),
        Storefront(code: "ITA", currencyCode: "EUR", defaultLocale: "it_IT"),
        Storefront(code: "NLD", currencyCode: "EUR", defaultLocale: "nl_NL"),
        Storefront(code: "AUT", currencyCode: "EUR", defaultLocale: "de_AT"),
        Storefront(code: "BEL", currencyCode: "EUR", defaultLocale: "nl_BE"),
        Storefront(code: "FIN", currencyCode: "EUR", defaultLocale: "fi_FI"),
        Storefront(code: "IRL", currencyCode: "EUR", defaultLocale: "en_IE"),
        Storefront(code: "PRT", currencyCode: "EUR", defaultLocale: "pt_PT"),
        Storefront(code: "GBR", currencyCode: "GBP", defaultLocale: "en_GB"),
        Storefront(code: "CAN", currencyCode: "CAD", defaultLocale: "en_CA"),
        Storefront(code: "AUS", currencyCode: "AUD", defaultLocale: "en_AU"),
        Storefront(code: "SGP", currencyCode: "SGD", defaultLocale: "en_SG"),
        Storefront(code: "HKG", currencyCode: "HKD", defaultLocale: "zh_Hant_HK"),
        Storefront(code: "TWN", currencyCode: "TWD", defaultLocale: "zh_Hant_TW"),
        Storefront(code: "IND", currencyCode: "INR", defaultLocale: "en_IN"),
        Storefront(code: "BRA", currencyCode: "BRL", defaultLocale: "pt_BR"),
        Storefront(code: "MEX", currencyCode: "MXN", defaultLocale: "es_MX"),
        Storefront(code: "TUR", currencyCode: "TRY", defaultLocale: "tr_TR"),
        Storefront(code: "CHE", currencyCode: "CHF", defaultLocale: "de_CH"),
        Storefront(code: "SWE", currencyCode: "SEK", defaultLocale: "sv_SE"),
    ]

    private static let byCode: [String: Storefront] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })
}
