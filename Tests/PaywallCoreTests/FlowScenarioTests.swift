import Foundation
import Testing
@testable import PaywallCore

/// Whole journeys through the machine, and invariants under random event sequences.
@Suite struct FlowScenarioTests {
    typealias F = Fixtures

    /// Feeds `events` in order and returns the final model and every effect emitted.
    func run(_ model: FlowModel, _ events: [FlowEvent]) -> (FlowModel, [FlowEffect]) {
        var current = model
        var all: [FlowEffect] = []
        for event in events {
            let (next, effects) = F.reduce(current, event)
            current = next
            all += effects
        }
        return (current, all)
    }

    @Test func freshInstallBuysTheYearlyPlan() {
        let tx = F.transaction()
        let (model, effects) = run(FlowModel(), [
            .start, .configLoaded(.default), .entitlementRefreshed(.free), .riskRefreshed(.unknown),
            .productsLoaded(F.catalog), .next, .next, .next, .next, .next, .movePlanSelection(by: -1),
            .movePlanSelection(by: 1), .buy, .sheetConfirmed, .purchaseCompleted(.success(tx, verified: true)),
            .transactionVerified(.verified(F.premium)), .next, .sendMessage("hello"),
        ])
        #expect(model.state == .chat)
        #expect(model.entitlement == F.premium)
        #expect(model.transcript.count == 2)
        #expect(model.quota == MessageQuota())
        #expect(effects == [
            .loadConfig, .refreshEntitlement(force: false), .refreshRisk, .loadProducts(RemoteConfig.default.allProductIDs),
            .track(.onboardingStep(step: 1, screen: "onboarding.1")), .track(.onboardingStep(step: 2, screen: "onboarding.2")),
            .track(.onboardingStep(step: 3, screen: "onboarding.3")),
            .track(.paywallView(offer: .A, reason: "flow")), .persist(.paywallViews(model.paywallViews)),
            .track(.paywallPlanSelected(offer: .A, plan: "weekly_9_99")),
            .track(.paywallPlanSelected(offer: .A, plan: "yearly_59_99")),
            .track(.paywallCTAClick(offer: .A, plan: "yearly_59_99")),
            .purchase(productID: "yearly_59_99", offerID: "A"), .postTransaction(tx, offerID: "A"),
            .finishTransaction(id: "1000"), .track(.purchaseSuccess(offer: .A, plan: "yearly_59_99")),
            .persist(.entitlement(F.premium)), .track(.messageSent(countToday: 0)),
        ])
    }

    @Test func redeliveredTransactionAtLaunchUnlocksBeforeTheFirstScreen() {
        let tx = F.transaction("9")
        let (model, effects) = run(FlowModel(), [
            .start, .configLoaded(.default), .transactionUpdated(tx, verified: true), .entitlementRefreshed(.free),
            .riskRefreshed(.unknown), .transactionVerified(.verified(F.premium)), .productsLoaded(F.catalog),
        ])
        #expect(model.state == .chat)
        #expect(model.entitlement == F.premium)
        #expect(effects.contains(.finishTransaction(id: "9")))
        #expect(!effects.contains { if case .track(.paywallView) = $0 { return true } else { return false } })
    }

    @Test func updateAndPurchaseResultForTheSameTransactionPostOnce() {
        let tx = F.transaction()
        let (model, effects) = run(F.processing(), [
            .transactionUpdated(tx, verified: true), .purchaseCompleted(.success(tx, verified: true)),
            .transactionVerified(.verified(F.premium)),
        ])
        #expect(model.state == .purchased(entitlement: F.premium))
        #expect(model.posted.isEmpty)
        #expect(effects == [.postTransaction(tx, offerID: "update"), .finishTransaction(id: "1000"),
                            .track(.purchaseSuccess(offer: .A, plan: "yearly_59_99")), .persist(.entitlement(F.premium))])
    }

    @Test func restoreFromChatThenBackToChat() {
        let (model, effects) = run(F.ready(.chat), [.restore, .restoreCompleted(.completed(F.premium)), .next])
        #expect(model.state == .chat)
        #expect(model.entitlement == F.premium)
        #expect(model.notice == nil)
        #expect(effects == [.restore, .track(.restoreSuccess), .persist(.entitlement(F.premium))])
    }

    @Test func notNowAndBackAreIgnoredWhileRestoring() {
        let restoring = F.reduce(F.onPaywall(), .restore).0
        #expect(F.reduce(restoring, .notNow) == (restoring, []))
        #expect(F.reduce(restoring, .back) == (restoring, []))
    }


    static let vocabulary: [FlowEvent] = [
        .start, .configLoaded(.default), .configFailed(reason: "x"), .productsLoaded(Fixtures.catalog),
        .productsFailed(reason: "x"), .nothingToSell(contents: "2 consumables"), .entitlementRefreshed(.free), .entitlementRefreshed(Fixtures.premium),
        .entitlementRefreshFailed(reason: "x"), .riskRefreshed(RiskSnapshot(level: .high)), .next, .next, .back,
        .skipOnboarding, .notNow, .movePlanSelection(by: 1), .movePlanSelection(by: -1), .selectPlan(id: "weekly_9_99"),
        .openPaywall(reason: .chatTab), .buy, .buy, .sheetConfirmed, .sheetCancelled,
        .purchaseCompleted(.success(Fixtures.transaction(), verified: true)),
        .purchaseCompleted(.success(Fixtures.transaction("2"), verified: false)), .purchaseCompleted(.userCancelled),
        .purchaseCompleted(.pending), .purchaseCompleted(.failed(error: "networkError")),
        .transactionVerified(.verified(Fixtures.premium)), .transactionVerified(.verified(.free)),
        .transactionVerified(.rejected(reason: "r")), .transactionVerified(.unavailable(reason: "u")),
        .transactionUpdated(Fixtures.transaction("3"), verified: true),
        .transactionUpdated(Fixtures.transaction("4"), verified: false),
        .restore, .restoreCompleted(.completed(Fixtures.premium)), .restoreCompleted(.completed(.free)),
        .restoreCompleted(.cancelled), .restoreCompleted(.failed(reason: "f")), .retry, .dismissNotice,
        .sendMessage("hi"), .sendMessage("hi"), .sendMessage("hi"),
    ]

    @Test(arguments: 0..<40)
    func randomEventSequencesKeepTheInvariants(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        var model = FlowModel()
        for step in 0..<300 {
            let event = Self.vocabulary.randomElement(using: &generator) ?? .next
            let (next, effects) = F.reduce(model, event)
            let where_ = "seed \(seed) step \(step) \(event) from \(model.state.name)"
            if case .purchasing = next.state {
                #expect(next.purchasePhase != nil && next.inFlight == .purchase, "\(where_)")
            } else {
                #expect(next.purchasePhase == nil, "\(where_)")
                #expect(next.inFlight != .purchase, "\(where_)")
            }
            if case let .purchased(entitlement) = next.state { #expect(entitlement.isPremium, "\(where_)") }
            // A premium user reaches the paywall only to change plan (returning to it from its own purchase is fine).
            if case .paywall = next.state, !["paywall", "purchasing", "error"].contains(model.state.name), next.entitlement.isPremium {
                #expect(next.notice?.key == "notice.changePlan" && next.currentSubscriptionPlan != nil, "\(where_)")
            }
            if case .error = next.state {} else { #expect(next.errorArguments.isEmpty, "\(where_)") }
            #expect(next.quota.used <= next.config.dailyMessageLimit, "\(where_)")
            for effect in effects {
                if case let .finishTransaction(id) = effect {
                    #expect(id != "2" && id != "4", "unverified transaction finished: \(where_)")
                }
            }
            model = next
        }
    }
}
