import Foundation
import PaywallCore
import StoreSim
import TeamServer

/// `store entitlements`: `Transaction.currentEntitlements`, each group's status, and the backend's view.
struct EntitlementsReport: StoreOutput {
    /// A transaction that entitles now.
    struct Current: Encodable {
        var transactionID: String
        var productID: String
        @Nullable var expiresDate: String?
    }

    /// A subscription group's status (`Product.SubscriptionInfo.Status`): the customer's own, or
    /// one a family member shares (a group may have both).
    struct GroupStatus: Encodable {
        var group: String
        /// `PURCHASED`, or `FAMILY_SHARED` for a family member's subscription.
        var ownership: String
        var state: String
        var productID: String
        var transactionID: String
        var willAutoRenew: Bool
        var autoRenewProductID: String
        var expiresDate: String
        @Nullable var gracePeriodExpiresDate: String?
    }

    /// The entitlement the verification backend last confirmed.
    struct Backend: Encodable {
        /// False when the backend has never verified anything in this state directory.
        var verified: Bool
        var premium: Bool
        @Nullable var productID: String?
        @Nullable var expiresAt: String?
        var source: String
        @Nullable var verifiedAt: String?
    }

    var now: String
    /// What the state's clock is (`pinned`, `wall clock +8d`).
    var clock = "pinned"

    mutating func stamp(clock: String) { self.clock = clock }
    var currentEntitlements: [Current]
    var subscriptions: [GroupStatus]
    var backend: Backend

    init(store: SimulatedStore, backend: VerificationBackend?, now: Date) {
        self.now = StoreDate.string(now)
        currentEntitlements = store.currentEntitlements().map {
            Current(transactionID: $0.id, productID: $0.productID, expiresDate: $0.expirationDate.map(StoreDate.string))
        }
        subscriptions = Self.statuses(store, all: true).map { status in
            GroupStatus(group: status.groupID, ownership: status.isFamilyShared ? "FAMILY_SHARED" : "PURCHASED", state: status.state.rawValue, productID: status.productID,
                        transactionID: status.transaction.id, willAutoRenew: status.willAutoRenew,
                        autoRenewProductID: status.autoRenewProductID, expiresDate: StoreDate.string(status.expiresDate),
                        gracePeriodExpiresDate: status.gracePeriodExpiresDate.map(StoreDate.string))
        }
        self.backend = backend?.lastVerifiedEntitlement.map { entitlement in
            Backend(verified: true, premium: entitlement.isPremium, productID: entitlement.productID,
                    expiresAt: entitlement.expiresAt.map(StoreDate.string), source: entitlement.source.rawValue,
                    verifiedAt: entitlement.verifiedAt.map(StoreDate.string))
        } ?? Backend(verified: false, premium: false, source: Entitlement.Source.none.rawValue)
    }

    /// The status of every group the user ever subscribed in or was shared: the catalog's groups
    /// first, then any others; per group the one that gives the most access, or with `all` each
    /// of its statuses (their own, then a family-shared one).
    static func statuses(_ store: SimulatedStore, all: Bool = false) -> [SubscriptionGroupStatus] {
        var groupIDs = store.catalog.groups.map(\.id)
        for group in store.subscribedGroupIDs where !groupIDs.contains(group) { groupIDs.append(group) }
        return all ? groupIDs.flatMap { store.subscriptionStatuses(groupID: $0) } : groupIDs.compactMap { store.subscriptionStatus(groupID: $0) }
    }

    var text: String {
        var lines = ["Simulated time \(now) (\(clock))", "", "Current entitlements:"]
        if currentEntitlements.isEmpty {
            lines.append("  none")
        } else {
            var table = TextTable(["TRANSACTION", "PRODUCT", "EXPIRES"])
            for c in currentEntitlements { table.add([c.transactionID, c.productID, c.expiresDate ?? "-"]) }
            lines.append(table.render())
        }
        lines += ["", "Subscription status:"]
        if subscriptions.isEmpty {
            lines.append("  no subscription yet")
        } else {
            var table = TextTable(["GROUP", "STATE", "PRODUCT", "AUTO-RENEW", "RENEWS TO", "EXPIRES", "GRACE ENDS"])
            for s in subscriptions {
                table.add([s.ownership == "FAMILY_SHARED" ? "\(s.group) (family)" : s.group, s.state, s.productID, s.willAutoRenew ? "on" : "off", s.autoRenewProductID,
                           s.expiresDate, s.gracePeriodExpiresDate ?? "-"])
            }
            lines.append(table.render())
        }
        lines += ["", "Backend (last verified entitlement):"]
        if backend.verified {
            let what = backend.premium ? "premium \(backend.productID ?? "")" : "free"
            lines.append("  \(what), expires \(backend.expiresAt ?? "-"), source \(backend.source), verified \(backend.verifiedAt ?? "-")")
        } else {
            lines.append("  nothing verified yet")
        }
        return lines.joined(separator: "\n")
    }
}
