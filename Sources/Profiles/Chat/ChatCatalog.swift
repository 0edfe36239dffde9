import Foundation
import PaywallCore
import StoreSim

/// Seed 001's member plans: monthly, quarterly and yearly membership, priced in CNY with USD tiers.
public enum ChatCatalog {
    /// The subscription group of the member plans.
    public static let groupID = "membership"
    public static let monthlyID = "com.deepseek.member.monthly"
    public static let quarterlyID = "com.deepseek.member.quarterly"
    public static let yearlyID = "com.deepseek.member.yearly"

    /// The catalog (storefront CHN, locale zh_Hans); each product has a USA price tier.
    public static let catalog = StoreCatalog(
        products: [yearly, monthly, quarterly],
        groups: [SubscriptionGroup(id: groupID, name: "Membership", productIDs: [monthlyID, quarterlyID, yearlyID],
                                   localizations: [
                                       ProductLocalization(locale: "en_US", displayName: "Membership", description: "Unlimited messages and every member benefit"),
                                       ProductLocalization(locale: "zh_Hans", displayName: "会员", description: "无限消息，尊享全部会员特权"),
                                       ProductLocalization(locale: "ko", displayName: "멤버십", description: "무제한 메시지와 모든 멤버 혜택"),
                                   ])],
        settings: StoreSettings(storefront: "CHN", locale: "zh_Hans"),
        origin: "built-in:chat")

    private static func cents(_ hundredths: Int) -> Decimal { Decimal(hundredths) / 100 }

    private static func plan(_ id: String, _ reference: String, level: Int, months: Int, cny: Decimal, usd: Decimal,
                             names: (en: String, zh: String, ko: String)) -> StoreProduct {
        StoreProduct(
            id: id, referenceName: reference, kind: .autoRenewable, price: cny,
            localizations: [
                ProductLocalization(locale: "en_US", displayName: names.en, description: "Membership, billed every \(months == 1 ? "month" : months == 3 ? "3 months" : "year")"),
                ProductLocalization(locale: "zh_Hans", displayName: names.zh, description: "会员订阅，自动续费"),
                ProductLocalization(locale: "ko", displayName: names.ko, description: "멤버십, 자동 갱신"),
            ],
            subscription: SubscriptionInfo(groupID: groupID, level: level,
                                           period: months == 12 ? BillingPeriod(value: 1, unit: .year)
                                                                : BillingPeriod(value: months, unit: .month)),
            prices: ["CHN": cny, "USA": usd])
    }

    // File order is deliberately not price order: `ChatMembership.plans` sorts by price as the seed does.
    private static let yearly = plan(yearlyID, "Member Yearly", level: 1, months: 12, cny: 298, usd: cents(3999),
                                     names: ("Yearly member", "年度会员", "연간 멤버십"))
    private static let monthly = plan(monthlyID, "Member Monthly", level: 3, months: 1, cny: 30, usd: cents(499),
                                      names: ("Monthly member", "月度会员", "월간 멤버십"))
    private static let quarterly = plan(quarterlyID, "Member Quarterly", level: 2, months: 3, cny: 78, usd: cents(1199),
                                        names: ("Quarterly member", "季度会员", "분기 멤버십"))
}
