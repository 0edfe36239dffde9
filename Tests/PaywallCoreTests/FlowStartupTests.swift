import Foundation
import Testing
@testable import PaywallCore

@Suite struct FlowStartupTests {
    typealias F = Fixtures

    @Test func startPrefetchesConfigEntitlementAndRisk() {
        let (model, effects) = F.reduce(FlowModel(), .start)
        var expected = FlowModel()
        expected.state = .configReady
        expected.awaiting = [.config, .products, .entitlement, .risk]
        #expect(model == expected)
        #expect(effects == [.loadConfig, .refreshEntitlement(force: false), .refreshRisk])
    }

    @Test func startIsIgnoredOnceStarted() {
        let model = F.ready(.chat)
        let (next, effects) = F.reduce(model, .start)
        #expect(next == model)
        #expect(effects.isEmpty)
    }

    @Test func configLoadedStoresConfigAndLoadsItsProducts() {
        let started = F.reduce(FlowModel(), .start).0
        var config = RemoteConfig.default
        config.dailyMessageLimit = 3
        let (model, effects) = F.reduce(started, .configLoaded(config))
        var expected = started
        expected.config = config
        expected.awaiting = [.products, .entitlement, .risk]
        #expect(model == expected)
        #expect(effects == [.loadProducts(["weekly_9_99", "yearly_59_99", "monthly_14_99"])])
    }

    @Test func configFailedShowsAnErrorAndRetryReloadsIt() {
        let started = F.reduce(FlowModel(), .start).0
        let (failed, effects) = F.reduce(started, .configFailed(reason: "offline"))
        var expected = started
        expected.state = .error(message: "error.configFailed")
        expected.retryTarget = .loadConfig
        #expect(failed == expected)
        #expect(effects.isEmpty)

        let (retried, retryEffects) = F.reduce(failed, .retry)
        #expect(retried == started)
        #expect(retryEffects == [.loadConfig])
    }

    /// Runs startup with the given answers and returns the model and the effects of the last answer.
    func startUp(_ model: FlowModel, entitlement: FlowEvent = .entitlementRefreshed(.free),
                 risk: RiskSnapshot = RiskSnapshot(level: .low)) -> (FlowModel, [FlowEffect]) {
        var current = F.reduce(model, .start).0
        current = F.reduce(current, .configLoaded(.default)).0
        current = F.reduce(current, entitlement).0
        current = F.reduce(current, .riskRefreshed(risk)).0
        #expect(current.state == .configReady)
        return F.reduce(current, .productsLoaded(F.catalog))
    }

    @Test func allAnswersInGoesToOnboardingPageOne() {
        let (model, effects) = startUp(FlowModel())
        var expected = FlowModel()
        expected.state = .onboarding
        expected.plans = F.catalog
        expected.risk = RiskSnapshot(level: .low)
        #expect(model == expected)
        #expect(effects == [.track(.onboardingStep(step: 1, screen: "onboarding.1"))])
    }

    @Test func entitlementRefreshedPersistsOnlyWhenItChanged() {
        let started = F.reduce(FlowModel(), .start).0
        let same = F.reduce(started, .entitlementRefreshed(.free))
        #expect(same.1.isEmpty)
        #expect(same.0.awaiting == [.config, .products, .risk])
        let changed = F.reduce(started, .entitlementRefreshed(F.premium))
        var expected = started
        expected.entitlement = F.premium
        expected.awaiting = [.config, .products, .risk]
        #expect(changed.0 == expected)
        #expect(changed.1 == [.persist(.entitlement(F.premium))])
    }

    @Test func premiumUserGoesStraightToChat() {
        for screen in StartScreen.allCases {
            let (model, effects) = startUp(FlowModel(startScreen: screen), entitlement: .entitlementRefreshed(F.premium))
            var expected = FlowModel(entitlement: F.premium, startScreen: screen)
            expected.state = .chat
            expected.plans = F.catalog
            expected.risk = RiskSnapshot(level: .low)
            #expect(model == expected)
            #expect(effects.isEmpty)
        }
    }

    @Test func startScreenPaywallOpensThePaywallAndCountsTheView() {
        let (model, effects) = startUp(FlowModel(startScreen: .paywall))
        var expected = FlowModel(startScreen: .paywall)
        expected.state = .paywall(offer: F.offerA)
        expected.plans = F.catalog
        expected.risk = RiskSnapshot(level: .low)
        expected.offer = F.offerA
        expected.selectedPlanID = "yearly_59_99"
        expected.paywallReason = .flow
        expected.offerReason = F.defaultOfferReason
        expected.paywallViews.record(at: F.now)
        #expect(model == expected)
        #expect(effects == [.track(.paywallView(offer: .A, reason: "flow")), .persist(.paywallViews(expected.paywallViews))])
    }

    @Test(arguments: [(StartScreen.valuePreview, FlowState.valuePreview), (.proof, .proof), (.chat, .chat)])
    func otherStartScreens(screen: StartScreen, state: FlowState) {
        let (model, effects) = startUp(FlowModel(startScreen: screen))
        var expected = FlowModel(startScreen: screen)
        expected.state = state
        expected.plans = F.catalog
        expected.risk = RiskSnapshot(level: .low)
        #expect(model == expected)
        #expect(effects.isEmpty)
    }

    @Test func forcedOfferAndHighRiskReachThePaywall() {
        let forced = startUp(FlowModel(startScreen: .paywall, forcedOffer: .C)).0
        #expect(forced.offer?.id == .C)
        let risky = startUp(FlowModel(startScreen: .paywall), risk: RiskSnapshot(level: .high)).0
        #expect(risky.offer?.id == .B)
        #expect(risky.offer?.plans == BestValue.mark([F.weekly, F.monthly]))
        #expect(risky.offer?.plans.map(\.isBestValue) == [false, true], "the badge is worked out among the plans shown")
    }

    @Test func emptyOnboardingGoesToValuePreview() {
        var config = RemoteConfig.default
        config.onboardingPages = []
        var current = F.reduce(FlowModel(), .start).0
        current = F.reduce(current, .configLoaded(config)).0
        current = F.reduce(current, .entitlementRefreshed(.free)).0
        current = F.reduce(current, .riskRefreshed(.unknown)).0
        let (model, effects) = F.reduce(current, .productsLoaded(F.catalog))
        #expect(model.state == .valuePreview)
        #expect(effects.isEmpty)
    }

    @Test func productsFailedShowsAnErrorAndRetryReloads() {
        var current = F.reduce(FlowModel(), .start).0
        current = F.reduce(current, .configLoaded(.default)).0
        let (failed, failEffects) = F.reduce(current, .productsFailed(reason: "network"))
        var expected = current
        expected.state = .error(message: "error.productsFailed")
        expected.retryTarget = .loadProducts(RemoteConfig.default.allProductIDs)
        #expect(failed == expected)
        #expect(failEffects.isEmpty)

        let (retried, retryEffects) = F.reduce(failed, .retry)
        var expectedRetry = current
        expectedRetry.state = .configReady
        #expect(retried == expectedRetry)
        #expect(retryEffects == [.loadProducts(RemoteConfig.default.allProductIDs)])
    }

    @Test func entitlementRefreshFailedKeepsAFreshCacheOnly() {
        let started = F.reduce(FlowModel(entitlement: F.premium), .start).0
        let (fresh, freshEffects) = F.reduce(started, .entitlementRefreshFailed(reason: "offline"))
        var expected = started
        expected.entitlement.source = .cache
        expected.notice = .cachedEntitlement
        expected.awaiting = [.config, .products, .risk]
        #expect(fresh == expected)
        #expect(freshEffects.isEmpty)

        let later = FlowContext(now: F.now.addingTimeInterval(86_401), timeZone: F.utc)
        let (stale, staleEffects) = F.reduce(started, .entitlementRefreshFailed(reason: "offline"), context: later)
        var expectedStale = started
        expectedStale.entitlement = .free
        expectedStale.awaiting = [.config, .products, .risk]
        #expect(stale == expectedStale)
        #expect(staleEffects.isEmpty)
    }

    @Test func entitlementRefreshedLaterUpdatesTheModelWithoutMovingScreens() {
        let model = F.onPaywall()
        var expired = F.premium
        expired.isPremium = false
        let (next, effects) = F.reduce(model, .entitlementRefreshed(expired))
        var expected = model
        expected.entitlement = expired
        #expect(next == expected)
        #expect(effects == [.persist(.entitlement(expired))])
    }
}
