import Foundation
import Testing
@testable import PaywallCore

@Suite struct FlowNavigationTests {
    typealias F = Fixtures

    @Test func nextWalksOnboardingPagesAndTracksEachStep() {
        let model = F.ready(.onboarding)
        let (page2, effects2) = F.reduce(model, .next)
        var expected = model
        expected.onboardingPage = 1
        #expect(page2 == expected)
        #expect(effects2 == [.track(.onboardingStep(step: 2, screen: "onboarding.2"))])

        let (page3, effects3) = F.reduce(page2, .next)
        expected.onboardingPage = 2
        #expect(page3 == expected)
        #expect(effects3 == [.track(.onboardingStep(step: 3, screen: "onboarding.3"))])

        let (preview, effectsPreview) = F.reduce(page3, .next)
        expected.state = .valuePreview
        #expect(preview == expected)
        #expect(effectsPreview.isEmpty)
    }

    @Test func valuePreviewToProofToPaywall() {
        let (proof, proofEffects) = F.reduce(F.ready(.valuePreview), .next)
        #expect(proof == F.ready(.proof))
        #expect(proofEffects.isEmpty)

        let (paywall, effects) = F.reduce(proof, .next)
        var expected = F.ready(.paywall(offer: F.offerA))
        expected.offer = F.offerA
        expected.selectedPlanID = "yearly_59_99"
        expected.paywallReason = .flow
        expected.offerReason = F.defaultOfferReason
        expected.paywallViews.record(at: F.now)
        #expect(paywall == expected)
        #expect(effects == [.track(.paywallView(offer: .A, reason: "flow")), .persist(.paywallViews(expected.paywallViews))])
    }

    @Test func thirdViewInSevenDaysGetsTheDiscountOffer() {
        var model = F.ready(.proof)
        model.paywallViews.record(at: F.now.addingTimeInterval(-6 * 86_400))
        model.paywallViews.record(at: F.now.addingTimeInterval(-3 * 86_400))
        model.paywallViews.record(at: F.now.addingTimeInterval(-60))
        let (paywall, _) = F.reduce(model, .next)
        #expect(paywall.offer?.id == .C)
        #expect(paywall.offer?.plans == [F.yearly, F.monthly])
        #expect(paywall.offer?.personalPromiseKey == "paywall.promise.discount")
        #expect(paywall.selectedPlanID == "yearly_59_99")
        #expect(paywall.paywallViews.views.count == 4)
    }

    @Test func premiumUserAtProofGoesToChatNotThePaywall() {
        var model = F.ready(.proof)
        model.entitlement = F.premium
        let (next, effects) = F.reduce(model, .next)
        var expected = model
        expected.state = .chat
        #expect(next == expected)
        #expect(effects.isEmpty)
    }

    @Test func backGoesOneScreenBack() {
        var page2 = F.ready(.onboarding)
        page2.onboardingPage = 1
        #expect(F.reduce(page2, .back) == (F.ready(.onboarding), []))
        #expect(F.reduce(F.ready(.onboarding), .back) == (F.ready(.onboarding), []))

        var lastPage = F.ready(.onboarding)
        lastPage.onboardingPage = 2
        #expect(F.reduce(F.ready(.valuePreview), .back) == (lastPage, []))
        #expect(F.reduce(F.ready(.proof), .back) == (F.ready(.valuePreview), []))

        var fromPaywall = F.onPaywall()
        fromPaywall.state = .proof
        #expect(F.reduce(F.onPaywall(), .back) == (fromPaywall, []))

        var fromChatPaywall = F.onPaywall(reason: .chatTab)
        fromChatPaywall.state = .chat
        #expect(F.reduce(F.onPaywall(reason: .chatTab), .back) == (fromChatPaywall, []))
    }

    @Test func backFromAnErrorReturnsToThePaywall() {
        var model = F.onPaywall()
        model.state = .error(message: "error.purchaseFailed")
        model.retryTarget = .purchase(plan: F.yearly)
        #expect(F.reduce(model, .back) == (F.onPaywall(), []))
    }

    @Test func skipOnboardingGoesToValuePreview() {
        var model = F.ready(.onboarding)
        model.onboardingPage = 1
        var expected = model
        expected.state = .valuePreview
        #expect(F.reduce(model, .skipOnboarding) == (expected, []))
        #expect(F.reduce(F.ready(.proof), .skipOnboarding) == (F.ready(.proof), []))
    }

    @Test func notNowSkipsThenNextGoesToChat() {
        let (skipped, effects) = F.reduce(F.onPaywall(), .notNow)
        var expected = F.onPaywall()
        expected.state = .skipped
        #expect(skipped == expected)
        #expect(effects == [.track(.paywallNotNow)])

        let (chat, chatEffects) = F.reduce(skipped, .next)
        expected.state = .chat
        #expect(chat == expected)
        #expect(chatEffects.isEmpty)
    }

    @Test func notNowOnAChatPaywallReturnsToChat() {
        let (chat, effects) = F.reduce(F.onPaywall(reason: .messageLimit), .notNow)
        var expected = F.onPaywall(reason: .messageLimit)
        expected.state = .chat
        #expect(chat == expected)
        #expect(effects == [.track(.paywallNotNow)])
    }

    @Test func movePlanSelectionClampsAndTracks() {
        let (up, upEffects) = F.reduce(F.onPaywall(), .movePlanSelection(by: -1))
        var expected = F.onPaywall()
        expected.selectedPlanID = "weekly_9_99"
        #expect(up == expected)
        #expect(upEffects == [.track(.paywallPlanSelected(offer: .A, plan: "weekly_9_99"))])
        #expect(F.reduce(up, .movePlanSelection(by: -5)) == (up, []))
        #expect(F.reduce(F.onPaywall(), .movePlanSelection(by: 1)) == (F.onPaywall(), []))
    }

    @Test func selectPlanAcceptsOnlyPlansOfTheOffer() {
        let (model, effects) = F.reduce(F.onPaywall(), .selectPlan(id: "weekly_9_99"))
        var expected = F.onPaywall()
        expected.selectedPlanID = "weekly_9_99"
        #expect(model == expected)
        #expect(effects == [.track(.paywallPlanSelected(offer: .A, plan: "weekly_9_99"))])
        #expect(F.reduce(F.onPaywall(), .selectPlan(id: "monthly_14_99")) == (F.onPaywall(), []))
        #expect(F.reduce(F.onPaywall(), .selectPlan(id: "yearly_59_99")) == (F.onPaywall(), []))
    }

    @Test func openPaywallFromChatTab() {
        let (model, effects) = F.reduce(F.ready(.chat), .openPaywall(reason: .chatTab))
        var expected = F.onPaywall(reason: .chatTab)
        var offer = F.offerA
        offer.personalPromiseKey = "paywall.promise.chat"
        expected.state = .paywall(offer: offer)
        expected.offer = offer
        #expect(model == expected)
        #expect(effects == [.track(.paywallView(offer: .A, reason: "chatTab")), .persist(.paywallViews(expected.paywallViews))])
    }

    @Test func openPaywallWhenPremiumWithoutASubscriptionShowsANoticeInstead() {
        var model = F.ready(.chat)
        model.entitlement = F.premium
        model.entitlement.productID = nil // e.g. a lifetime unlock: nothing to change
        var expected = model
        expected.notice = .alreadyPremium
        #expect(F.reduce(model, .openPaywall(reason: .chatTab)) == (expected, []))
    }

    @Test func aSubscriberOpeningThePaywallChangesPlanWithTheCurrentOneSelectedAndNoTrial() {
        var model = F.ready(.chat)
        model.entitlement = F.premium // yearly_59_99
        let (next, _) = F.reduce(model, .openPaywall(reason: .chatTab))
        #expect(next.state.name == "paywall")
        #expect(next.selectedPlanID == "yearly_59_99")
        #expect(next.notice == .changePlan(planName: "Yearly"))
        #expect(next.offer?.plans.allSatisfy { $0.trial == nil } == true)
        // Buying the plan already held changes nothing; another plan goes to the sheet.
        let (same, sameEffects) = F.reduce(next, .buy)
        #expect(same.notice == .alreadyPremium && sameEffects.isEmpty)
        var other = next
        other.selectedPlanID = "weekly_9_99"
        let (buying, _) = F.reduce(other, .buy)
        #expect(buying.state.name == "purchasing")
        model = buying
    }

    @Test func eventsThatDoNotApplyChangeNothing() {
        let cases: [(FlowModel, FlowEvent)] = [
            (F.ready(.chat), .next), (F.ready(.chat), .back), (F.ready(.onboarding), .notNow),
            (F.ready(.onboarding), .buy), (F.ready(.chat), .movePlanSelection(by: 1)),
            (F.ready(.valuePreview), .openPaywall(reason: .chatTab)), (F.onPaywall(), .sheetConfirmed),
            (F.onPaywall(), .sheetCancelled), (F.onPaywall(), .purchaseCompleted(.userCancelled)),
            (F.onPaywall(), .transactionVerified(.verified(F.premium))), (F.onPaywall(), .retry),
            (F.onPaywall(), .restoreCompleted(.cancelled)), (F.onPaywall(), .sendMessage("hi")),
            (FlowModel(), .next),
        ]
        for (model, event) in cases {
            let (next, effects) = F.reduce(model, event)
            #expect(next == model, "\(event) on \(model.state.name)")
            #expect(effects.isEmpty, "\(event) on \(model.state.name)")
        }
    }

    @Test func dismissNoticeClearsIt() {
        var model = F.onPaywall()
        model.notice = .purchasesDisabled
        #expect(F.reduce(model, .dismissNotice) == (F.onPaywall(), []))
    }
}

/// The offer is decided once per session: a view that crosses a rule's threshold does not change it.
@Suite("Offer kept for the session")
struct OfferStabilityTests {
    typealias F = Fixtures

    @Test func theThirdViewInOneSessionKeepsTheFirstOffer() {
        var model = F.ready(.chat)
        var offers: [OfferID] = []
        for _ in 0..<4 {
            model = F.reduce(model, .openPaywall(reason: .chatTab)).0
            offers.append(model.offer?.id ?? .B)
            model = F.reduce(model, .notNow).0
        }
        #expect(model.paywallViews.count(now: F.now) == 4, "the views are counted")
        #expect(offers == [.A, .A, .A, .A], "\"Up, Enter\" buys what the user saw the first time")
        #expect(model.offerReason == F.defaultOfferReason)
    }

    @Test func aNewSessionAfterThreeViewsInAWeekGetsTheRuleOffer() {
        var history = PaywallViewHistory()
        for hours in [1.0, 2.0, 3.0] { history.record(at: F.now.addingTimeInterval(-hours * 3600)) }
        var model = F.ready(.chat)
        model.paywallViews = history
        model = F.reduce(model, .openPaywall(reason: .chatTab)).0
        #expect(model.offer?.id == .C)
        #expect(model.offerReason == "offer C: rule 5: 3+ paywall views in 7 days (3); kept for this session")
    }
}
