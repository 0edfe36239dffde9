import Foundation
import SimRuntime
import PaywallCore
import PaywallFoundation
import StoreSim

/// `store products`: the catalog's products with prices in the storefront's format.
struct ProductsReport: StoreOutput {
    /// One offer on a subscription, priced in the storefront.
    struct Offer: Encodable {
        @Nullable var id: String?
        /// `introductory`, `promotional`, `code` or `winback`.
        var kind: String
        @Nullable var referenceName: String?
        /// Who may redeem it, as the file says (`new`, `existing`, `expired` for offer codes); empty: not stated.
        var eligibility: [String]
        var paymentMode: String
        var period: String
        var periods: Int
        var price: String
        var displayPrice: String
        var summary: String
    }

    /// One product row.
    struct Product: Encodable {
        var id: String
        var type: String
        var name: String
        var price: String
        var displayPrice: String
        @Nullable var period: String?
        @Nullable var introOffer: Offer?
        var promotionalOffers: [Offer]
        /// Offer codes (`codeOffers`).
        var codeOffers: [Offer]
        /// Win-back offers (`winbackOffers`).
        var winbackOffers: [Offer]
        @Nullable var group: String?
        @Nullable var level: Int?
    }

    var catalog: String
    var storefront: String
    var currency: String
    var products: [Product]

    init(catalog: StoreCatalog, storefront: Storefront) {
        self.catalog = catalog.origin
        self.storefront = storefront.code
        currency = storefront.currencyCode
        let locale = catalog.settings.locale
        // Prices as the app draws them: the storefront's currency in the UI language, written the
        // storefront region's way (`9,99 €` for DEU in English), one formatter for both.
        let priceLocale = LocaleCode(locale)?.language ?? "en"
        products = catalog.products.map { product in
            let amount = product.price(in: storefront.code)
            let info = product.subscription
            return Product(
                id: product.id, type: Self.typeName(product.kind), name: product.displayName(for: locale),
                price: product.isUnpriced ? "" : "\(amount)",
                // One format everywhere: the storefront's currency in the UI locale (the catalog's `_locale`), as the paywall writes it.
                displayPrice: product.isUnpriced ? PlanFactory.unpricedText : PriceFormatter.format(amount, storefront: storefront, locale: priceLocale),
                period: info?.period.iso8601,
                introOffer: info?.introductoryOffer.map { Self.offer($0, storefront, priceLocale) },
                promotionalOffers: info?.promotionalOffers.map { Self.offer($0, storefront, priceLocale) } ?? [],
                codeOffers: info?.codeOffers.map { Self.offer($0, storefront, priceLocale) } ?? [],
                winbackOffers: info?.winbackOffers.map { Self.offer($0, storefront, priceLocale) } ?? [],
                group: info?.groupID, level: info?.level)
        }
    }

    var text: String {
        var table = TextTable(["PRODUCT", "TYPE", "PRICE", "PERIOD", "INTRO OFFER", "GROUP/LEVEL"])
        for product in products {
            table.add([product.id, product.type, product.displayPrice,
                       product.period.flatMap { BillingPeriod(iso8601: $0) }.map(Self.periodText) ?? "-",
                       product.introOffer?.summary ?? "-",
                       product.group.map { "\($0)/\(product.level ?? 0)" } ?? "-"])
        }
        var lines = ["\(catalog == "embedded" ? "Embedded catalog" : catalog) — storefront \(storefront) (\(currency)), \(products.count) product(s)", "", table.render()]
        // Every offer besides the introductory one: promotional, offer codes, win-back.
        let offers = products.flatMap { product in
            (product.promotionalOffers + product.codeOffers + product.winbackOffers).map { (product.id, $0) }
        }
        if !offers.isEmpty {
            lines.append("")
            lines.append("Offers:")
            for (productID, offer) in offers {
                let name = offer.referenceName.map { " (\($0))" } ?? ""
                let who = offer.eligibility.isEmpty ? "" : " · for \(offer.eligibility.joined(separator: ", "))"
                lines.append("  \(productID): \(offer.kind) \(offer.id ?? "-")\(name) — \(offer.summary)\(who)")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func typeName(_ kind: StoreProduct.Kind) -> String {
        switch kind {
        case .consumable: return "consumable"
        case .nonConsumable: return "non-consumable"
        case .nonRenewingSubscription: return "non-renewing"
        case .autoRenewable: return "auto-renewable"
        }
    }

    /// `1 week`, `3 months`.
    static func periodText(_ period: BillingPeriod) -> String {
        "\(period.value) \(period.unit.rawValue)\(period.value == 1 ? "" : "s")"
    }

    private static func offer(_ offer: SubscriptionOffer, _ storefront: Storefront, _ locale: String) -> Offer {
        let amount = offer.price(in: storefront.code)
        let price = PriceFormatter.format(amount, storefront: storefront, locale: locale)
        let period = periodText(offer.period)
        let summary: String
        switch offer.paymentMode {
        case .free: summary = "free \(offer.numberOfPeriods > 1 ? "\(offer.numberOfPeriods) × " : "")\(period)"
        case .payAsYouGo: summary = "\(price) every \(period) × \(offer.numberOfPeriods)"
        case .payUpFront: summary = "\(price) up front for \(offer.numberOfPeriods > 1 ? "\(offer.numberOfPeriods) × " : "")\(period)"
        }
        return Offer(id: offer.offerID, kind: offer.kind.rawValue,
                     referenceName: offer.referenceName.isEmpty ? nil : offer.referenceName, eligibility: offer.eligibility,
                     paymentMode: offer.paymentMode.rawValue, period: offer.period.iso8601,
                     periods: offer.numberOfPeriods, price: "\(amount)", displayPrice: price, summary: summary)
    }
}
