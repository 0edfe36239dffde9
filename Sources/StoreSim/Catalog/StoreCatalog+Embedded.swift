import Foundation
import StoreKitVocabulary

extension StoreCatalog {
    /// The id of the embedded catalog's only subscription group.
    public static let embeddedGroupID = "premium"

    /// The built-in catalog used when no `.storekit` file is given: weekly, monthly and yearly
    /// Premium plans (the yearly with a one-week free trial and a promotional offer; the monthly with
    /// the offer code FRIENDS1M and a win-back offer; monthly and yearly family shareable), USA storefront.
    /// Each product carries price tiers for the storefronts in `embeddedStorefronts`.
    public static let embedded = StoreCatalog(
        products: [weekly, monthly, yearly],
        groups: [SubscriptionGroup(id: embeddedGroupID, name: "Premium",
                                   productIDs: ["weekly_9_99", "monthly_14_99", "yearly_59_99"],
                                   localizations: [
                                       ProductLocalization(locale: "en_US", displayName: "Premium", description: "Unlimited chat and every feature"),
                                       ProductLocalization(locale: "zh_Hans", displayName: "高级会员", description: "无限聊天，解锁全部功能"),
                                       ProductLocalization(locale: "ko", displayName: "프리미엄", description: "무제한 채팅과 모든 기능"),
                                   ])],
        settings: StoreSettings(storefront: "USA", locale: "en_US"),
        origin: "embedded")

    /// The storefront the app takes for a UI locale when no `--storefront` is given: for the
    /// embedded catalog, the country of its five translated and priced languages (zh → CHN, ko →
    /// KOR, ja → JPN, de → DEU, fr → FRA); nil otherwise (a team's catalog keeps its own storefront).
    public func defaultStorefrontCode(forLocale locale: String) -> String? {
        guard origin == StoreCatalog.embedded.origin else { return nil }
        switch locale.lowercased().prefix(2) {
        case "zh": return "CHN"
        case "ko": return "KOR"
        case "ja": return "JPN"
        case "de": return "DEU"
        case "fr": return "FRA"
        default: return nil
        }
    }

    /// The storefronts the embedded catalog has price tiers for (USA is the base price).
    public static let embeddedStorefronts: [Storefront] = ["USA", "CHN", "KOR", "JPN", "DEU", "FRA"].compactMap {
        Storefront(code: $0)
    }

    /// The embedded catalog with its settings switched to `storefront` (alpha-3) and `locale`.
    public static func embedded(storefront: String, locale: String? = nil) -> StoreCatalog {
        var catalog = embedded
        catalog.settings.storefront = storefront.uppercased()
        if let locale { catalog.settings.locale = locale }
        return catalog
    }

    /// An exact decimal amount from hundredths (`cents(999)` is 9.99).
    private static func cents(_ hundredths: Int) -> Decimal { Decimal(hundredths) / 100 }

    private static let weekly = StoreProduct(
        id: "weekly_9_99", referenceName: "Premium Weekly", kind: .autoRenewable, price: cents(999),
        localizations: [
            ProductLocalization(locale: "en_US", displayName: "Weekly", description: "Premium, billed every week"),
            ProductLocalization(locale: "zh_Hans", displayName: "周订阅", description: "高级会员，每周扣费"),
            ProductLocalization(locale: "ko", displayName: "주간", description: "프리미엄, 매주 결제"),
        ],
        subscription: SubscriptionInfo(groupID: embeddedGroupID, level: 3, period: BillingPeriod(value: 1, unit: .week)),
        prices: ["CHN": 68, "KOR": 12_000, "JPN": 1_500, "DEU": cents(999), "FRA": cents(999)])

    private static let monthly = StoreProduct(
        id: "monthly_14_99", referenceName: "Premium Monthly", kind: .autoRenewable, price: cents(1499), familyShareable: true,
        localizations: [
            ProductLocalization(locale: "en_US", displayName: "Monthly", description: "Premium, billed every month"),
            ProductLocalization(locale: "zh_Hans", displayName: "月订阅", description: "高级会员，每月扣费"),
            ProductLocalization(locale: "ko", displayName: "월간", description: "프리미엄, 매월 결제"),
        ],
        subscription: SubscriptionInfo(
            groupID: embeddedGroupID, level: 2, period: BillingPeriod(value: 1, unit: .month),
            codeOffers: [
                SubscriptionOffer(paymentMode: .free, period: BillingPeriod(value: 1, unit: .month), kind: .code,
                                  referenceName: "FRIENDS1M", eligibility: ["new", "expired"]),
            ],
            winbackOffers: [
                SubscriptionOffer(offerID: "monthly_winback_3m", paymentMode: .payAsYouGo, period: BillingPeriod(value: 1, unit: .month),
                                  numberOfPeriods: 3, price: cents(749), kind: .winback, referenceName: "Win back: 3 months half price",
                                  prices: ["CHN": 48, "KOR": 9_500, "JPN": 1_100, "DEU": cents(749), "FRA": cents(749)]),
            ]),
        prices: ["CHN": 98, "KOR": 19_000, "JPN": 2_200, "DEU": cents(1499), "FRA": cents(1499)])

    private static let yearly = StoreProduct(
        id: "yearly_59_99", referenceName: "Premium Yearly", kind: .autoRenewable, price: cents(5999), familyShareable: true,
        localizations: [
            ProductLocalization(locale: "en_US", displayName: "Yearly", description: "Premium, billed every year"),
            ProductLocalization(locale: "zh_Hans", displayName: "年订阅", description: "高级会员，每年扣费"),
            ProductLocalization(locale: "ko", displayName: "연간", description: "프리미엄, 매년 결제"),
        ],
        subscription: SubscriptionInfo(
            groupID: embeddedGroupID, level: 1, period: BillingPeriod(value: 1, unit: .year),
            introductoryOffer: SubscriptionOffer(paymentMode: .free, period: BillingPeriod(value: 1, unit: .week)),
            promotionalOffers: [
                SubscriptionOffer(offerID: "yearly_comeback_50", paymentMode: .payUpFront,
                                  period: BillingPeriod(value: 1, unit: .year), price: cents(2999),
                                  kind: .promotional, referenceName: "Come back: first year half price",
                                  prices: ["CHN": 198, "KOR": 39_000, "JPN": 4_400,
                                           "DEU": cents(2999), "FRA": cents(2999)]),
            ]),
        prices: ["CHN": 388, "KOR": 79_000, "JPN": 8_800, "DEU": cents(5999), "FRA": cents(5999)])
}
