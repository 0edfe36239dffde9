import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// Subscription rules of issue 52, each from Apple's page:
///
/// - GRACE_PERIOD_EXPIRED (`notificationType`): "The App Store continues to retry billing for 60
///   days, or until the customer resolves their billing issue or cancels their subscription,
///   whichever comes first."
/// - OFFER_REDEEMED (`notificationType`, current): "indicates that a customer with an active
///   subscription redeemed a subscription offer. … If the customer redeemed an offer for their
///   active subscription, you receive an OFFER_REDEEMED notification type without a subtype."
/// - "Implementing introductory offers in your app": "You can make introductory offers to customers
///   who haven't previously received an introductory offer for the given product, or for any
///   products in the same subscription group."
/// - EXPIRED / PRODUCT_NOT_FOR_SALE: "The subscription expired because the product wasn't available
///   for purchase at the time the subscription attempted to renew"; `expirationIntent` 4: "The
///   product wasn't available for purchase at the time of renewal."
@Suite("Billing retry ends at a cancel; offer codes; intro offers after a lapse; removed from sale")
struct SubscriptionRulesRoundThreeTests {
    func kinds(_ store: SimulatedStore) throws -> [String] {
        try store.notifications().map { "\($0.notification.notificationType)/\($0.notification.subtype ?? "-")" }
    }

    @Test func turningAutoRenewOffEndsBillingRetry() throws {
        let (store, clock, _) = try Fixture.store()
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        try store.setBillingIssue(true)
        clock.advance(by: 8 * 86_400)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .inBillingRetryPeriod)
        try store.setAutoRenew(groupID: "premium", false)
        let status = try #require(store.subscriptionStatus(groupID: "premium"))
        #expect(status.state == .expired && status.renewalInfo.expirationIntent == 1 && status.renewalInfo.isInBillingRetryPeriod != true)
        // The retry is over: fixing the billing later renews nothing.
        clock.advance(by: 86_400)
        try store.setBillingIssue(false)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .expired)
        #expect(try kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/-",
                                     "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY"])
    }

    /// The Fixture catalog with an offer code for existing subscribers of weekly_9_99.
    static func codeCatalog() -> StoreCatalog {
        let base = Fixture.catalog()
        let products = base.products.map { product -> StoreProduct in
            guard product.id == "weekly_9_99" else { return product }
            var changed = product
            changed.subscription?.codeOffers = [SubscriptionOffer(offerID: "LOYAL1W", paymentMode: .free, period: Fixture.week, kind: .code,
                                                                  referenceName: "LOYAL1W", eligibility: ["new", "existing", "expired"])]
            return changed
        }
        return StoreCatalog(products: products, groups: base.groups, settings: StoreSettings(), origin: "tests")
    }

    @Test func anActiveSubscriberRedeemingACodeGetsOfferRedeemedWithoutASubtype() throws {
        let clock = ManualClock(Fixture.start)
        let store = try SimulatedStore(catalog: Self.codeCatalog(), stateDirectory: Fixture.tempDirectory(), clock: clock, seed: 3)
        // A first purchase through a code is SUBSCRIBED / INITIAL_BUY in Apple's current table.
        let first = try #require(try store.redeemOfferCode("LOYAL1W"))
        #expect(store.payload(transactionID: first.id)?.offerType == 3)
        #expect(try kinds(store) == ["SUBSCRIBED/INITIAL_BUY"])
        // Redeemed again while subscribed: it applies at the next renewal, OFFER_REDEEMED, no subtype.
        #expect(try store.redeemOfferCode("LOYAL1W") == nil)
        #expect(try kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "OFFER_REDEEMED/-"])
        let notification = try #require(try store.notifications().last?.notification)
        #expect(notification.transactionID == first.id)
    }

    @Test func aLapsedSubscriberWhoNeverHadAnIntroOfferIsEligible() throws {
        let (store, clock, _) = try Fixture.store()
        // Weekly has no introductory offer: buying it uses none of the group's.
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        try store.setAutoRenew(groupID: "premium", false)
        clock.advance(by: 8 * 86_400)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .expired)
        #expect(store.isEligibleForIntroOffer(groupID: "premium"), "lapsed, never had an introductory offer")
        let yearly = try #require(store.purchase(productID: "yearly_59_99", options: Fixture.options).transaction)
        #expect(store.payload(transactionID: yearly.id)?.offerType == 1, "the yearly plan's free week")
        #expect(!store.isEligibleForIntroOffer(groupID: "premium"), "used now")
        // Another group is its own.
        #expect(store.isEligibleForIntroOffer(groupID: "pro"))
    }

    @Test func aProductRemovedFromSaleIsNotSoldAndItsSubscribersExpireAtPeriodEnd() throws {
        let (store, clock, dir) = try Fixture.store()
        let weekly = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        #expect(try store.perform(.removeFromSale("weekly_9_99")).contains("off sale"))
        #expect(try store.products(for: ["weekly_9_99", "monthly_19_99"]).map(\.id) == ["monthly_19_99"])
        #expect(store.purchase(productID: "weekly_9_99", options: Fixture.options) == .failed(error: "productUnavailable"))
        #expect(throws: StoreControlError.self) { try store.buy(productID: "weekly_9_99") }
        // Still subscribed until the period ends, then expired: intent 4, PRODUCT_NOT_FOR_SALE.
        clock.advance(by: 6 * 86_400)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .subscribed)
        clock.advance(by: 2 * 86_400)
        try store.process(now: clock.now())
        let status = try #require(store.subscriptionStatus(groupID: "premium"))
        #expect(status.state == .expired && status.renewalInfo.expirationIntent == 4 && status.expiresDate == weekly.expirationDate)
        #expect(try kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "EXPIRED/PRODUCT_NOT_FOR_SALE"])
        // Kept in the state; back on sale it sells again.
        let (again, _, _) = try Fixture.store(dir: dir, clock: clock)
        #expect(again.settings.isOffSale("weekly_9_99"))
        try again.perform(.onSale("weekly_9_99"))
        #expect(again.purchase(productID: "weekly_9_99", options: Fixture.options).transaction != nil)
        #expect(throws: StoreControlError.self) { try again.perform(.removeFromSale("no_such_product")) }
    }
}
