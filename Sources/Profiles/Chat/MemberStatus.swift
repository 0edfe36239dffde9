import Foundation
import StoreSim

/// Seed 001's subscription state: member or not, the current plan and its expiry, purchased ids.
public struct MemberStatus: Hashable, Sendable {
    public var isMember: Bool { currentPlan != nil }
    /// The product id of the active membership, if any.
    public var currentPlan: String?
    public var expirationDate: Date?
    /// Every product id with a live transaction (`purchasedProductIDs`), sorted.
    public var purchasedProductIDs: [String]

    public init(currentPlan: String? = nil, expirationDate: Date? = nil, purchasedProductIDs: [String] = []) {
        self.currentPlan = currentPlan
        self.expirationDate = expirationDate
        self.purchasedProductIDs = purchasedProductIDs
    }

    /// A transaction as `updatePurchasedProducts` looks at it.
    public struct Entry: Hashable, Sendable {
        public var productID: String
        public var expirationDate: Date?
        public var revocationDate: Date?
        public init(productID: String, expirationDate: Date? = nil, revocationDate: Date? = nil) {
            self.productID = productID
            self.expirationDate = expirationDate
            self.revocationDate = revocationDate
        }
    }

    /// The status from current entitlements at `now`: expired and revoked entries are skipped; among
    /// the membership plans of `catalog`, the one expiring last is the current plan.
    public static func from(_ entries: [Entry], catalog: StoreCatalog, now: Date) -> MemberStatus {
        let live = entries.filter { entry in
            entry.revocationDate == nil && (entry.expirationDate.map { $0 >= now } ?? true)
        }
        let plans = live.filter { catalog.product($0.productID)?.kind == .autoRenewable }
        let current = plans.max { ($0.expirationDate ?? .distantFuture) < ($1.expirationDate ?? .distantFuture) }
        return MemberStatus(currentPlan: current?.productID, expirationDate: current?.expirationDate,
                            purchasedProductIDs: Array(Set(live.map(\.productID))).sorted())
    }

    /// The debug report of `printSubscriptionStatus()`, one line each, dates in ISO-8601.
    public func report(catalog: StoreCatalog, locale: String) -> [String] {
        var lines = ["==== Subscription status ====", "Member: \(isMember ? "yes" : "no")"]
        if let currentPlan {
            lines.append("Current plan: \(catalog.product(currentPlan)?.displayName(for: locale) ?? currentPlan)")
            if let expirationDate { lines.append("Expires: \(ISO8601DateFormatter().string(from: expirationDate))") }
        }
        lines.append("Purchased products: [\(purchasedProductIDs.joined(separator: ", "))]")
        lines.append("=============================")
        return lines
    }

    /// The status line of the member screen: `member.status.active` [plan, date] or `member.status.none`.
    public func statusLine(planName: String, formattedExpiry: String?) -> CopyLine {
        guard isMember else { return CopyLine("member.status.none") }
        guard let formattedExpiry else { return CopyLine("member.status.activeNoExpiry", .string(planName)) }
        return CopyLine("member.status.active", .string(planName), .string(formattedExpiry))
    }
}
