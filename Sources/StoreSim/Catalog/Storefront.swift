import PaywallFoundation
import Foundation

/// An App Store storefront: ISO-3166 alpha-3 code, the currency the App Store charges there and the locale prices default to.
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

    /// The storefront for `code`; an unknown code (which every surface refuses before it gets here)
    /// keeps its code with the USA's currency and locale.
    public static func resolve(_ code: String) -> Storefront {
        Storefront(code: code) ?? Storefront(code: code.uppercased(), currencyCode: "USD", defaultLocale: "en_US")
    }

    /// Whether `code` (any case) is an App Store storefront.
    public static func isKnown(_ code: String) -> Bool { byCode[code.uppercased()] != nil }

    /// `unknown storefront "XYZ"` with the closest code, for errors on every surface.
    public static func unknownMessage(_ code: String) -> String {
        let near = Spelling.suggestion(for: code.uppercased(), in: all.map(\.code))
        return "unknown storefront \"\(code)\"" + (near.map { " (did you mean '\($0)'?)" } ?? "")
            + ", expected one of the \(all.count) App Store storefronts' ISO-3166 alpha-3 codes such as USA, DEU, JPN or NOR"
    }

    /// Apple's numeric storefront id (`143441` for USA), as the App Store Server API's `storefrontId` gives it.
    public var storefrontID: String { Self.recordByCode[code]?.storefrontID ?? "143441" }

    /// ISO-3166 alpha-2 (`US`).
    public var alpha2: String? { Self.recordByCode[code]?.alpha2 }

    /// The English name (`Norway`).
    public var name: String { Self.recordByCode[code]?.name ?? code }

    /// The name in the UI language `locale` names (`ko`, `zh-Hans`, `zh_CN`, `en_GB`): Korean or
    /// Simplified Chinese as CLDR writes them (`대한민국`, `韩国`), else English.
    public func name(inLanguageOf locale: String) -> String {
        guard let record = Self.recordByCode[code] else { return code }
        let parsed = LocaleCode(locale)
        switch parsed?.language {
        case "ko": return record.nameKo
        case "zh":
            // Traditional Chinese (Hant, or Taiwan, Hong Kong and Macao without a script) has no names here.
            let traditional = parsed?.script == "Hant" || (parsed?.script == nil && ["TW", "HK", "MO"].contains(parsed?.region ?? ""))
            return traditional ? record.name : record.nameZhHans
        default: return record.name
        }
    }

    /// ISO-3166 alpha-2 region of the default locale (`US`, `CN`), used to complete a bare language code.
    public var regionCode: String? { LocaleCode(defaultLocale)?.region }

    public static let usa = Storefront(code: "USA", currencyCode: "USD", defaultLocale: "en_US")

    /// Every App Store storefront (175), by alpha-3 code order of `StorefrontTable.swift`.
    public static let all: [Storefront] = table.map { Storefront(code: $0.alpha3, currencyCode: $0.currency, defaultLocale: $0.locale) }

    private static let byCode: [String: Storefront] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })
    private static let recordByCode: [String: Record] = Dictionary(uniqueKeysWithValues: table.map { ($0.alpha3, $0) })

    /// One row of the storefront table.
    struct Record: Sendable {
        var alpha3, alpha2, storefrontID, currency, locale, name, nameKo, nameZhHans: String
        init(_ alpha3: String, _ alpha2: String, _ storefrontID: String, _ currency: String, _ locale: String, _ name: String,
             _ nameKo: String, _ nameZhHans: String) {
            (self.alpha3, self.alpha2, self.storefrontID, self.currency, self.locale) = (alpha3, alpha2, storefrontID, currency, locale)
            (self.name, self.nameKo, self.nameZhHans) = (name, nameKo, nameZhHans)
        }
    }
}
