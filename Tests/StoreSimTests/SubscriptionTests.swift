import Foundation
import PaywallCore
import Testing
@testable import StoreSim

@Suite("Subscriptions: renewals, status, offers, grades")
struct SubscriptionTests {
    let day: TimeInterval = 86_400

    @Test func renewalsFollowTheClockEachANewTransaction() throws {
        let (store, clock, _) = try Fixture.store()
        let first = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        clock.advance(by: 15 * day)
        try store.process(now: clock.now())
        let renewals = store.takeUpdates()
        #expect(renewals.map(\.reason) == [.renewal, .renewal])
        let ids = renewals.compactMap(\.transaction?.id)
        #expect(Set(ids).count == 2 && !ids.contains(first.id))
        let last = try #require(store.payload(transactionID: ids[1]))
        #expect(last.originalTransactionId == first.id)
        #expect(last.transactionReason == "RENEWAL")
        #expect(last.purchase == Fixture.start.addingTimeInterval(14 * day))
        #expect(last.appAccountToken == Fixture.user.uuidString.lowercased())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .subscribed)
    }

    @Test func acceleratedRateRenewsEveryTwoSeconds() throws {
        let (store, clock, _) = try Fixture.store(StoreSettings(timeRate: .oneRenewalEveryTwoSeconds))
        _ = store.purchase(productID: "monthly_19_99")
        clock.advance(by: 10)
        try store.process(now: clock.now())
        #expect(store.takeUpdates().count == 5)
        #expect(store.subscriptionStatus(groupID: "premium")?.expiresDate == Fixture.start.addingTimeInterval(12))
    }

    @Test func autoRenewOffExpires() throws {
        let (store, clock, _) = try Fixture.store()
        _ = store.purchase(productID: "weekly_9_99")
        try store.setAutoRenew(groupID: "premium", false)
        #expect(store.subscriptionStatus(groupID: "premium")?.willAutoRenew == false)
        clock.advance(by: 8 * day)
        try store.process(now: clock.now())
        #expect(store.takeUpdates().isEmpty)
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .expired)
        #expect(store.currentEntitlements().isEmpty)
    }

    @Test func introOfferOncePerGroup() throws {
        let (store, clock, _) = try Fixture.store()
        #expect(store.isEligibleForIntroOffer(groupID: "premium"))
        let trial = try #require(store.purchase(productID: "yearly_59_99").transaction)
        let payload = try #require(store.payload(transactionID: trial.id))
        #expect(payload.offerType == 1 && payload.offerDiscountType == "FREE_TRIAL" && payload.price == 0)
        #expect(payload.expires == Fixture.start.addingTimeInterval(7 * day))
        #expect(!store.isEligibleForIntroOffer(groupID: "premium"))
        #expect(store.isEligibleForIntroOffer(groupID: "pro"))
        try store.expireSubscription(groupID: "premium")
        clock.advance(by: day)
        let again = try #require(store.purchase(productID: "yearly_59_99").transaction)
        let second = try #require(store.payload(transactionID: again.id))
        #expect(second.offerType == nil && second.price == 59990)
        #expect(second.originalTransactionId == trial.id)
    }

    @Test func payAsYouGoIntroBillsOfferPriceForItsPeriods() throws {
        let (store, clock, _) = try Fixture.store()
        _ = store.purchase(productID: "pro_monthly")
        clock.advance(by: 70 * day)
        try store.process(now: clock.now())
        let prices = store.allTransactions.compactMap { store.payload(transactionID: $0.id)?.price }
        #expect(prices == [990, 990, 4990])
    }

    @Test func upgradeAtOnceDowngradeAtRenewal() throws {
        let (store, clock, _) = try Fixture.store()
        let weekly = try #require(store.purchase(productID: "weekly_9_99").transaction)
        clock.advance(by: day)
        let yearly = try #require(store.purchase(productID: "yearly_59_99").transaction)
        #expect(yearly.id != weekly.id)
        #expect(store.payload(transactionID: weekly.id)?.isUpgraded == true)
        #expect(store.unfinishedTransactions.map(\.id) == [weekly.id, yearly.id]) // the upgrade keeps finished flags
        #expect(yearly.originalID == weekly.id)
        #expect(store.currentEntitlements().map(\.productID) == ["yearly_59_99"])
        // Downgrade: no new transaction now, the next renewal bills weekly.
        let same = try #require(store.purchase(productID: "weekly_9_99").transaction)
        #expect(same.id == yearly.id)
        #expect(store.subscriptionStatus(groupID: "premium")?.autoRenewProductID == "weekly_9_99")
        clock.set(try #require(yearly.expirationDate))
        try store.process(now: clock.now())
        #expect(store.takeUpdates().last?.productID == "weekly_9_99")
        #expect(store.subscriptionStatus(groupID: "premium")?.productID == "weekly_9_99")
    }

    @Test func crossgradeSamePeriodAtOnceOtherPeriodAtRenewal() throws {
        let (store, _, _) = try Fixture.store()
        let weekly = try #require(store.purchase(productID: "weekly_9_99").transaction)
        let monthly = try #require(store.purchase(productID: "monthly_19_99").transaction)
        #expect(monthly.id == weekly.id) // same level, other period: next renewal
        #expect(store.subscriptionStatus(groupID: "premium")?.autoRenewProductID == "monthly_19_99")
        #expect(store.subscriptionStatus(groupID: "premium")?.productID == "weekly_9_99")
    }

    @Test func billingRetryWithGracePeriodThenRecovery() throws {
        let settings = StoreSettings(timeRate: .oneSecondIsOneDay, renewalBillingIssuesEnabled: true, billingGracePeriodEnabled: true)
        let (store, clock, _) = try Fixture.store(settings)
        _ = store.purchase(productID: "weekly_9_99")
        clock.advance(by: 8) // expired at 7 s; grace 16 s
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .inGracePeriod)
        #expect(store.currentEntitlements().count == 1)
        clock.advance(by: 20)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .inBillingRetryPeriod)
        #expect(store.currentEntitlements().isEmpty)
        try store.setBillingIssue(false)
        #expect(store.takeUpdates().map(\.reason) == [.renewal])
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .subscribed)
    }

    /// Apple: a subscription that recovers inside its billing grace period keeps its renewal date
    /// (no day of paid service lost); one that recovers in billing retry after the grace period
    /// starts a new period on the recovery date.
    @Test func recoveryInGraceKeepsTheRenewalDateAndInRetryStartsAfresh() throws {
        let settings = StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds, renewalBillingIssuesEnabled: true,
                                     billingGracePeriodEnabled: true)
        for (wait, start) in [(35.0, 30.0), (50.0, 50.0)] { // grace 15 s from the renewal due at 30 s
            let (store, clock, _) = try Fixture.store(settings)
            _ = store.purchase(productID: "monthly_19_99")
            clock.advance(by: wait)
            try store.process(now: clock.now())
            #expect(store.subscriptionStatus(groupID: "premium")?.state == (wait < 45 ? .inGracePeriod : .inBillingRetryPeriod))
            _ = store.takeUpdates()
            try store.setBillingIssue(false)
            let renewal = try #require(store.takeUpdates().last?.transaction)
            #expect(renewal.purchaseDate == Fixture.start.addingTimeInterval(start), "after \(wait) s")
            #expect(renewal.expirationDate == Fixture.start.addingTimeInterval(start + 30), "after \(wait) s")
        }
    }

    /// `gracePeriod(groupID:)` says what the full status says of the grace period, at every step of
    /// a subscription through grace, billing retry, recovery and expiry.
    @Test func gracePeriodAgreesWithTheStatus() throws {
        let settings = StoreSettings(timeRate: .oneSecondIsOneDay, renewalBillingIssuesEnabled: true, billingGracePeriodEnabled: true)
        let (store, clock, _) = try Fixture.store(settings)
        #expect(store.gracePeriod(groupID: "premium") == nil)
        _ = store.purchase(productID: "weekly_9_99")
        var states: Set<SubscriptionState> = []
        for second in 0..<90 {
            if second == 40 { try store.setBillingIssue(false) }
            if second == 60 { try store.setBillingIssue(true) }
            let status = try #require(store.subscriptionStatus(groupID: "premium"))
            let grace = try #require(store.gracePeriod(groupID: "premium"))
            states.insert(status.state)
            #expect(grace.originalTransactionID == status.transaction.originalID)
            #expect(grace.endsAt == (status.state == .inGracePeriod ? status.gracePeriodExpiresDate : nil), "at \(second) s: \(status.state)")
            clock.advance(by: 1)
            try store.process(now: clock.now())
        }
        #expect(states.isSuperset(of: [.subscribed, .inGracePeriod, .inBillingRetryPeriod]))
    }

    @Test func billingRetryWithoutGraceRunsOutToExpired() throws {
        let (store, clock, _) = try Fixture.store(StoreSettings(timeRate: .oneSecondIsOneDay, renewalBillingIssuesEnabled: true))
        _ = store.purchase(productID: "weekly_9_99")
        clock.advance(by: 8)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .inBillingRetryPeriod)
        clock.advance(by: 61)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .expired)
    }

    @Test func refundRevokesAndNeverEntitles() throws {
        let (store, _, _) = try Fixture.store()
        let t = try #require(store.purchase(productID: "weekly_9_99").transaction)
        let life = try #require(store.purchase(productID: "lifetime").transaction)
        _ = store.takeUpdates()
        try store.refund(transactionID: t.id)
        try store.refund(transactionID: life.id)
        #expect(store.takeUpdates().map(\.reason) == [.revocation, .revocation])
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .revoked)
        #expect(store.payload(transactionID: t.id)?.revocationDate != nil)
        #expect(store.currentEntitlements().isEmpty)
    }

    @Test func expireAndForceRenewal() throws {
        let (store, _, _) = try Fixture.store()
        _ = store.purchase(productID: "weekly_9_99")
        try store.expireSubscription(groupID: "premium")
        #expect(store.takeUpdates().map(\.reason) == [.expiry])
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .expired)
        try store.forceRenewal(groupID: "premium")
        #expect(store.takeUpdates().map(\.reason) == [.renewal])
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .subscribed)
        #expect(throws: StoreControlError.self) { try store.forceRenewal(groupID: "nope") }
    }

    @Test func aForcedRenewalAndAnExpiryLeaveEveryExpiresDateAsSigned() throws {
        let (store, clock, _) = try Fixture.store()
        guard case let .success(first, _) = store.purchase(productID: "weekly_9_99") else { Issue.record("purchase failed"); return }
        let firstExpiry = try #require(store.payload(transactionID: first.id)?.expires)
        clock.advance(by: 3600)
        try store.forceRenewal(groupID: "premium")
        let renewal = try #require(store.allTransactions.last)
        #expect(renewal.id != first.id)
        // Apple: a transaction's expiresDate is static. The first keeps its own; the renewal is the entitlement.
        #expect(store.payload(transactionID: first.id)?.expires == firstExpiry)
        let renewalExpiry = try #require(store.payload(transactionID: renewal.id)?.expires)
        #expect(renewalExpiry > clock.now())
        #expect(store.currentEntitlements().map(\.id) == [renewal.id])
        try store.expireSubscription(groupID: "premium")
        #expect(store.payload(transactionID: renewal.id)?.expires == renewalExpiry, "expire edits no transaction")
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .expired)
        #expect(store.currentEntitlements().isEmpty)
        let end = try #require(store.earlyEnd(originalTransactionID: first.originalID))
        #expect(end.at == clock.now() && end.lastTransactionID == renewal.id, "the status says it ended now")
    }

    @Test func currentEntitlementsKinds() throws {
        let (store, clock, _) = try Fixture.store()
        _ = store.purchase(productID: "coins_100")
        _ = store.purchase(productID: "lifetime")
        _ = store.purchase(productID: "season_pass")
        #expect(Set(store.currentEntitlements().map(\.productID)) == ["lifetime", "season_pass"])
        // Apple: a non-renewing subscription has no expiration, so StoreKit keeps listing it; the app decides.
        clock.advance(by: 366 * day)
        #expect(Set(store.currentEntitlements().map(\.productID)) == ["lifetime", "season_pass"])
    }
}

@Suite("Catch-up after a long jump")
struct CatchUpTests {
    @Test func anHourAtTwoSecondRenewalsIsEighteenHundredRenewals() throws {
        let (store, clock, _) = try Fixture.store(StoreSettings(timeRate: .oneRenewalEveryTwoSeconds))
        _ = store.purchase(productID: "weekly_9_99")
        clock.advance(by: 3600)
        try store.process(now: clock.now())
        let updates = store.takeUpdates()
        #expect(updates.count == 1800)
        #expect(Set(updates.compactMap(\.transaction?.id)).count == 1800)
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .subscribed)
    }
}
