import Foundation
import PaywallCore
import StoreSim

/// Seed 002's products: one non-consumable per template and a Pro subscription (monthly, yearly).
public enum TemplatesCatalog {
    /// A template sold on its own: its id, product id and copy key of its name.
    public struct Template: Hashable, Sendable {
        public var id: String
        public var productID: String { "com.templates.template.\(id)" }
        public var nameKey: String { "templates.name.\(id)" }
    }

    /// The templates, in shop order.
    public static let templates = ["resume", "invoice", "wedding", "pitchDeck"].map(Template.init(id:))
    /// The Pro subscription group.
    public static let proGroupID = "pro"
    public static let proMonthlyID = "com.templates.pro.monthly"
    public static let proYearlyID = "com.templates.pro.yearly"

    /// The template for a product id, if it sells one.
    public static func template(productID: String) -> Template? { templates.first { $0.productID == productID } }

    /// The catalog (USA, with CHN and KOR tiers).
    public static let catalog = StoreCatalog(
        products: zip(templates, [299, 199, 399, 499]).map { template($0, cents: $1) } + [proYearly, proMonthly],
        groups: [SubscriptionGroup(id: proGroupID, name: "Templates Pro", productIDs: [proMonthlyID, proYearlyID])],
        settings: StoreSettings(storefront: "USA", locale: "en_US"),
        origin: "built-in:templates")

    private static let names: [String: (String, String, String)] = [
        "resume": ("Résumé", "简历", "이력서"), "invoice": ("Invoice", "发票", "청구서"),
        "wedding": ("Wedding invitation", "婚礼请柬", "청첩장"), "pitchDeck": ("Pitch deck", "融资路演", "피치 덱"),
    ]

    private static func template(_ template: Template, cents: Int) -> StoreProduct {
        let name = names[template.id] ?? (template.id, template.id, template.id)
        let tiers: [String: Decimal] = [299: ["CHN": 18, "KOR": 4_400], 199: ["CHN": 12, "KOR": 2_900],
                                        399: ["CHN": 25, "KOR": 5_900], 499: ["CHN": 30, "KOR": 7_500]][cents] ?? [:]
        return StoreProduct(
            id: template.productID, referenceName: "Template \(name.0)", kind: .nonConsumable, price: Decimal(cents) / 100,
            localizations: [
                ProductLocalization(locale: "en_US", displayName: name.0, description: "The \(name.0) template, yours forever"),
                ProductLocalization(locale: "zh_Hans", displayName: name.1, description: "\(name.1)模板，永久拥有"),
                ProductLocalization(locale: "ko", displayName: name.2, description: "\(name.2) 템플릿, 영구 소장"),
            ],
            prices: tiers)
    }

    private static let proMonthly = StoreProduct(
        id: proMonthlyID, referenceName: "Pro Monthly", kind: .autoRenewable, price: Decimal(699) / 100,
        localizations: [
            ProductLocalization(locale: "en_US", displayName: "Pro Monthly", description: "Every template, billed monthly"),
            ProductLocalization(locale: "zh_Hans", displayName: "Pro 月度", description: "全部模板，按月计费"),
            ProductLocalization(locale: "ko", displayName: "Pro 월간", description: "모든 템플릿, 매월 결제"),
        ],
        subscription: SubscriptionInfo(groupID: proGroupID, level: 2, period: BillingPeriod(value: 1, unit: .month)),
        prices: ["CHN": 45, "KOR": 9_900])

    private static let proYearly = StoreProduct(
        id: proYearlyID, referenceName: "Pro Yearly", kind: .autoRenewable, price: Decimal(4999) / 100,
        localizations: [
            ProductLocalization(locale: "en_US", displayName: "Pro Yearly", description: "Every template, billed yearly"),
            ProductLocalization(locale: "zh_Hans", displayName: "Pro 年度", description: "全部模板，按年计费"),
            ProductLocalization(locale: "ko", displayName: "Pro 연간", description: "모든 템플릿, 매년 결제"),
        ],
        subscription: SubscriptionInfo(groupID: proGroupID, level: 1, period: BillingPeriod(value: 1, unit: .year),
                                       introductoryOffer: SubscriptionOffer(paymentMode: .free, period: BillingPeriod(value: 1, unit: .week))),
        prices: ["CHN": 328, "KOR": 69_000])
}
