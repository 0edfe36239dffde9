import Foundation
import PaywallCore
import StoreSim

/// Seed 003's products: basic, premium and business monthly subscriptions in one group (USD).
public enum VoIPCatalog {
    /// The subscription group of the paid tiers.
    public static let groupID = "voip"

    /// Business is level 1 (the top tier), basic level 3.
    public static let catalog = StoreCatalog(
        products: [SubscriptionTier.basic, .premium, .business].map(product),
        groups: [SubscriptionGroup(id: groupID, name: "VoIP Plans",
                                   productIDs: [SubscriptionTier.basic, .premium, .business].map(\.productID))],
        settings: StoreSettings(storefront: "USA", locale: "en_US"),
        origin: "built-in:voip")

    private static func product(_ tier: SubscriptionTier) -> StoreProduct {
        let level: Int = switch tier { case .business: 1; case .premium: 2; default: 3 }
        let names: (String, String, String) = switch tier {
        case .basic: ("Basic", "基础版", "베이직")
        case .premium: ("Premium", "高级版", "프리미엄")
        default: ("Business", "商业版", "비즈니스")
        }
        return StoreProduct(
            id: tier.productID, referenceName: "VoIP \(names.0) Monthly", kind: .autoRenewable, price: tier.monthlyPrice,
            localizations: [
                ProductLocalization(locale: "en_US", displayName: names.0, description: "\(names.0) calling plan, billed monthly"),
                ProductLocalization(locale: "zh_Hans", displayName: names.1, description: "\(names.1)通话套餐，按月计费"),
                ProductLocalization(locale: "ko", displayName: names.2, description: "\(names.2) 통화 요금제, 매월 결제"),
            ],
            subscription: SubscriptionInfo(groupID: groupID, level: level, period: BillingPeriod(value: 1, unit: .month)))
    }
}
