import Foundation
import Testing
@testable import PaywallCore

/// Transitions off the main path, each asserted on the whole model and effect list.
@Suite struct FlowEdgeTests {
    typealias F = Fixtures

    @Test func expiredCacheIsNotHonoredEvenWhenFresh() {
        var cached = F.premium
        cached.expiresAt = F.now.addingTimeInterval(-1)
        let started = F.reduce(FlowModel(entitlement: cached), .start).0
        let (model, effects) = F.reduce(started, .entitlementRefreshFailed(reason: "offline"))
        var expected = started
        expected.entitlement = .free
        expected.awaiting = [.config, .products, .risk]
        #expect(model == expected)
        #expect(effects.isEmpty)
    }

    @Test func freeUserRefreshFailureChangesNothingButTheWait() {
        let started = F.reduce(FlowModel(), .start).0
        let (model, effects) = F.reduce(started, .entitlementRefreshFailed(reason: "offline"))
        var expected = started
        expected.awaiting = [.config, .products, .risk]
        #expect(model == expected)
        #expect(effects.isEmpty)
    }

    @Test func cachedNoticeSurvivesIntoTheFirstScreen() {
        var model = F.reduce(FlowModel(entitlement: F.premium), .start).0
        model = F.reduce(model, .entitlementRefreshFailed(reason: "offline")).0
        model = F.reduce(model, .configLoaded(.default)).0
        model = F.reduce(model, .riskRefreshed(.unknown)).0
        let (ready, effects) = F.reduce(model, .productsLoaded(F.catalog))
        var expected = model
        expected.state = .chat
        expected.plans = F.catalog
        expected.awaiting = []
        #expect(ready == expected)
        #expect(ready.notice == .cachedEntitlement)
        #expect(effects.isEmpty)
    }

    @Test func openPaywallForTheLimitUsesTheLimitPromise() {
        let (model, effects) = F.reduce(F.ready(.chat), .openPaywall(reason: .messageLimit))
        var offer = F.offerA
        offer.personalPromiseKey = "paywall.promise.limit"
        var expected = F.onPaywall(reason: .messageLimit)
        expected.state = .paywall(offer: offer)
        expected.offer = offer
        #expect(model == expected)
        #expect(effects == [.track(.paywallView(offer: .A, reason: "messageLimit")), .persist(.paywallViews(expected.paywallViews))])
    }

    @Test func retryWithoutATargetIsIgnored() {
        var model = F.onPaywall()
        model.state = .error(message: "error.entitlementInactive")
        #expect(F.reduce(model, .retry) == (model, []))
    }

    @Test func restoreFromAnErrorUnlocksAndDropsTheRetry() {
        var model = F.onPaywall()
        model.state = .error(message: "error.purchaseFailed")
        model.errorArguments = ["networkError"]
        model.retryTarget = .purchase(plan: F.yearly)
        let (restoring, startEffects) = F.reduce(model, .restore)
        var expectedRestoring = model
        expectedRestoring.inFlight = .restore
        expectedRestoring.notice = .restoring
        #expect(restoring == expectedRestoring)
        #expect(startEffects == [.restore])

        let (done, effects) = F.reduce(restoring, .restoreCompleted(.completed(F.premium)))
        var expected = F.onPaywall()
        expected.entitlement = F.premium
        expected.state = .purchased(entitlement: F.premium)
        expected.notice = .restored
        #expect(done == expected)
        #expect(effects == [.track(.restoreSuccess), .persist(.entitlement(F.premium))])
    }

    @Test func emptyPlanListOpensAPaywallWithNothingSelectedAndBuyIsIgnored() {
        var model = F.ready(.proof)
        model.plans = []
        let (paywall, _) = F.reduce(model, .next)
        #expect(paywall.selectedPlanID == nil)
        #expect(paywall.offer?.plans == [])
        #expect(F.reduce(paywall, .buy) == (paywall, []))
        #expect(F.reduce(paywall, .movePlanSelection(by: 1)) == (paywall, []))
    }

    @Test func zeroDailyLimitRefusesTheFirstMessage() {
        var model = F.ready(.chat)
        model.config.dailyMessageLimit = 0
        let (limited, effects) = F.reduce(model, .sendMessage("hi"))
        #expect(limited.state.name == "paywall")
        #expect(limited.quota == MessageQuota(day: MessageQuota.dayKey(for: F.now, in: F.utc), used: 0))
        #expect(limited.transcript.isEmpty)
        #expect(effects.first == .persist(.quota(limited.quota)))
        #expect(effects.dropFirst().first == .track(.messageLimitReached(limit: 0)))
    }

    @Test func aPlanChangeNoticeEndsWithThePlanItWasSaidOn() {
        var model = FlowModel(entitlement: F.premium)
        model.notice = .planChangesAtRenewal(planName: "Weekly")
        // The same plan refreshed (a renewal of it): the notice stays.
        #expect(F.reduce(model, .entitlementRefreshed(F.premium)).0.notice == .planChangesAtRenewal(planName: "Weekly"))
        // Refunded or lapsed: nothing starts at a renewal any more.
        #expect(F.reduce(model, .entitlementRefreshed(.free)).0.notice == nil)
        // Another plan is now the premium one (bought, or the change happened): said and done.
        var other = F.premium
        other.productID = "other_plan"
        #expect(F.reduce(model, .entitlementRefreshed(other)).0.notice == nil)
    }

    @Test func theWelcomeScreenSaysWhatTheCustomerHasNow() {
        var model = FlowModel(entitlement: F.premium)
        model.state = .purchased(entitlement: F.premium)
        // Refreshed as it was (a new verification time): the same screen.
        var again = F.premium
        again.verifiedAt = F.now.addingTimeInterval(60)
        #expect(F.reduce(model, .entitlementRefreshed(again)).0.state == .purchased(entitlement: F.premium))
        // Another plan approved meanwhile: its dates.
        var other = F.premium
        other.productID = "weekly_9_99"
        other.expiresAt = F.now.addingTimeInterval(7 * 86_400)
        #expect(F.reduce(model, .entitlementRefreshed(other)).0.state == .purchased(entitlement: other))
        // Refunded: no "Welcome to Premium" any more, the free chat it led to.
        #expect(F.reduce(model, .entitlementRefreshed(.free)).0.state == .chat)
        // A cached answer (the backend down) changes nothing.
        var cached = other
        cached.source = .cache
        #expect(F.reduce(model, .entitlementRefreshed(cached)).0.state == .purchased(entitlement: F.premium))
    }

    @Test func aWithdrawnStoreMessageIsTakenDownAndTheOthersStay() {
        var model = FlowModel()
        let winBack = StoreKitMessage(reason: .winBackOffer, groupID: "premium", productID: "monthly", productName: "Monthly")
        let billing = StoreKitMessage(reason: .billingIssue, groupID: "premium", productID: "monthly", productName: "Monthly")
        model.storeMessages = [winBack, billing]
        let (after, effects) = F.reduce(model, .storeMessageWithdrawn(winBack))
        #expect(after.storeMessages == [billing])
        #expect(effects.isEmpty, "nothing is answered for a message taken down")
    }
}
