import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// Family Sharing as Apple models it: `Product.SubscriptionInfo.status` is an array, holding the
/// customer's own subscription and one a family member shares; the customer is entitled while any
/// is active, and each runs, renews and ends on its own.
@Suite("Family Sharing beside the customer's own subscription")
struct FamilySharingTests {
    let day: TimeInterval = 86_400

    func store() throws -> (SimulatedStore, ManualClock) {
        let clock = ManualClock(Fixture.start)
        return (try SimulatedStore(catalog: .embedded, stateDirectory: Fixture.tempDirectory(), clock: clock, seed: 7), clock)
    }

    @Test func aShareBesideTheirOwnSubscriptionIsASecondStatusOfTheGroup() throws {
        let (store, _) = try store()
        let own = try #require(store.purchase(productID: "monthly_14_99").transaction)
        let shared = try store.familyShare(productID: "yearly_59_99")
        let statuses = store.subscriptionStatuses(groupID: "premium")
        #expect(statuses.map(\.transaction.id) == [own.id, shared.id], "their own first, then the family's")
        #expect(statuses.map(\.isFamilyShared) == [false, true])
        #expect(statuses.allSatisfy { $0.state == .subscribed })
        #expect(Set(store.currentEntitlements().map(\.id)) == [own.id, shared.id])
        #expect(store.payload(transactionID: shared.id)?.originalTransactionId == shared.id, "a subscription of its own")
        #expect(throws: StoreControlError.self, "one share per group") { try store.familyShare(productID: "yearly_59_99") }
    }

    /// Apple's `appTransactionID`: "For apps that support Family Sharing, the `appTransactionID` is
    /// unique for each family group member." A state is one member: a purchase a family member
    /// shares reaches it with this member's id (the one its `AppTransaction` has), never the
    /// sharer's; another state, another member, has another id.
    @Test func aSharedTransactionCarriesThisMembersAppTransactionID() throws {
        let (store, _) = try store()
        let own = try #require(store.purchase(productID: "monthly_14_99").transaction)
        let shared = try store.familyShare(productID: "yearly_59_99")
        let member = try store.appTransaction().payload.appTransactionId
        #expect(store.payload(transactionID: shared.id)?.appTransactionId == member)
        #expect(store.payload(transactionID: own.id)?.appTransactionId == member)
        let (other, _) = try self.store()
        #expect(try other.appTransaction().payload.appTransactionId != member, "another state is another family member")
    }

    @Test func refundingTheirOwnKeepsTheFamilysAndEntitlement() throws {
        let (store, _) = try store()
        let own = try #require(store.purchase(productID: "monthly_14_99").transaction)
        let shared = try store.familyShare(productID: "yearly_59_99")
        try store.refund(transactionID: own.id)
        let statuses = store.subscriptionStatuses(groupID: "premium")
        #expect(statuses.map(\.state) == [.revoked, .subscribed])
        #expect(store.subscriptionStatus(groupID: "premium")?.transaction.id == shared.id, "the status that gives access")
        #expect(store.currentEntitlements().map(\.id) == [shared.id])
        let revoked = try store.revokeFamilyShare(productID: "yearly_59_99")
        // Apple's revocationReason page: 0 when the owner stops sharing or the member leaves.
        let payload = try #require(store.payload(transactionID: revoked.id))
        #expect(payload.revocationReason == 0 && payload.revocationDate != nil)
        #expect(store.subscriptionStatuses(groupID: "premium").map(\.state) == [.revoked, .revoked])
        #expect(store.currentEntitlements().isEmpty)
    }

    @Test func eachRenewsOnItsOwnAndOnlyTheirOwnIsAskedAboutAPriceIncrease() throws {
        let (store, clock) = try store()
        let own = try #require(store.purchase(productID: "monthly_14_99").transaction)
        _ = try store.familyShare(productID: "monthly_14_99")
        _ = store.takeMessages()
        _ = try store.schedulePriceIncrease(productID: "monthly_14_99", newPrice: 16.99, needsConsent: true)
        #expect(store.takeMessages().map(\.reason) == [.priceIncreaseConsent], "one message: the subscriber's own")
        try store.respondToPriceIncrease(groupID: "premium", consent: true)
        clock.advance(by: 32 * day)
        try store.process(now: clock.now())
        let renewals = store.takeUpdates().filter { $0.reason == .renewal }.compactMap(\.transaction)
        let owners = renewals.compactMap { store.payload(transactionID: $0.id)?.inAppOwnershipType }
        #expect(owners.sorted() == ["FAMILY_SHARED", "PURCHASED"], "both renewed: \(owners)")
        #expect(store.subscriptionStatuses(groupID: "premium").allSatisfy { $0.state == .subscribed })
        #expect(store.subscriptionStatuses(groupID: "premium").first?.transaction.id != own.id, "their own moved to its renewal")
    }

    @Test func theFamilysRenewalIsNotifiedWithItsOwnStatus() throws {
        let (store, clock) = try store()
        _ = store.purchase(productID: "monthly_14_99")
        let shared = try store.familyShare(productID: "yearly_59_99")
        let own = try #require(store.subscriptionStatuses(groupID: "premium").first)
        try store.refund(transactionID: own.transaction.id)
        clock.advance(by: 370 * day)
        try store.process(now: clock.now())
        let notifications = try store.newestNotifications(20).entries.map(\.notification)
        let renewal = try #require(notifications.first { $0.notificationType == "DID_RENEW" })
        #expect(renewal.originalTransactionID == shared.id)
        let renewed = try #require(renewal.transactionID)
        let payload = try #require(store.payload(transactionID: renewed))
        #expect(payload.inAppOwnershipType == "FAMILY_SHARED")
    }
}
