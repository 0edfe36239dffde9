import Foundation
import StoreSim

/// Seed 001's membership rules: plans sorted by price, the daily free limit and the member benefits.
public enum ChatMembership {
    /// Free messages per day for non-members (`freeUserDailyLimit`).
    public static let dailyMessageLimit = 10

    /// A member benefit: its feature id and the default deck's copy keys (`benefit.unlimited`, `….detail`).
    public struct Benefit: Hashable, Sendable {
        public var feature: String
        public var titleKey: String
        public var detailKey: String { titleKey + ".detail" }
    }

    /// The four benefits of `MembershipBenefitsView`, in the seed's order.
    public static let benefits: [Benefit] = [
        Benefit(feature: "unlimitedMessages", titleKey: "benefit.unlimited"),
        Benefit(feature: "advancedModel", titleKey: "benefit.model"),
        Benefit(feature: "imageGeneration", titleKey: "benefit.images"),
        Benefit(feature: "fileAnalysis", titleKey: "benefit.files"),
    ]

    /// The catalog's auto-renewable subscriptions sorted by price in `storefront`, lowest first
    /// (`products.sorted { $0.price < $1.price }`); equal prices keep file order.
    public static func plans(in catalog: StoreCatalog, storefront: String) -> [StoreProduct] {
        catalog.products(ofKind: .autoRenewable).enumerated()
            .sorted { lhs, rhs in
                let (a, b) = (lhs.element.price(in: storefront), rhs.element.price(in: storefront))
                return a != b ? a < b : lhs.offset < rhs.offset
            }
            .map(\.element)
    }

    /// Whether a non-member who sent `sentToday` messages has reached the limit (`checkLimitReached`).
    public static func limitReached(isMember: Bool, sentToday: Int, limit: Int = dailyMessageLimit) -> Bool {
        !isMember && sentToday >= limit
    }
}
