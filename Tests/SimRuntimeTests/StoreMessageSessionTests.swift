import Foundation
import PaywallCore
import StoreSim
import Testing
@testable import SimRuntime

/// StoreKit messages and promotional offers through the session: what the store sends reaches
/// the flow, and the user's answer (or the paywall's offer) reaches the store.
@Suite struct StoreMessageSessionTests {
    private func subscribed(_ productID: String, offer: OfferID = .B, config: RemoteConfig? = nil) throws -> (SessionHarness, SimulatorSession) {
        var harness = try SessionHarness(start: .paywall, offer: offer)
        harness.settings.switches.timeRate = .oneSecondIsOneDay
        if let config { harness.settings.config = config }
        let session = try harness.open()
        session.send(.selectPlan(id: productID))
        session.send(.buy)
        session.send(.sheetConfirmed)
        harness.wait(session, 3)
        #expect(session.model.entitlement.isPremium)
        session.send(.next)
        return (harness, session)
    }

    @Test func aPriceIncreaseMessageIsShownAndAgreeingReachesTheStore() throws {
        let (harness, session) = try subscribed("monthly_14_99")
        try session.control(.priceIncrease("monthly_14_99", price: Decimal(string: "16.99")!, consent: true))
        let message = try #require(session.model.storeMessages.first)
        #expect(message.reason == .priceIncreaseConsent && message.displayPrice == "$16.99" && message.productName == "Monthly")
        session.send(.storeMessageAnswered(accepted: true))
        #expect(session.model.storeMessages.isEmpty)
        #expect(session.store.subscriptionStatus(groupID: "premium")?.renewalInfo.priceIncreaseStatus == 1)
        #expect(session.analytics.events.filter { $0.name == "store_message" }.map { $0.properties["answer"] } == ["shown", "accepted"])
        harness.wait(session, 1)
    }

    @Test func aMessageAnotherProcessQueuesReachesTheFlowAtTheNextStep() throws {
        let (harness, session) = try subscribed("monthly_14_99")
        // A `store price-increase` command: its own store on the same state directory.
        let other = try SimulatedStore(catalog: harness.settings.catalog, stateDirectory: harness.directory.appendingPathComponent("store"),
                                       clock: harness.clock, seed: harness.settings.seed, bundleID: session.store.bundleID)
        _ = try other.schedulePriceIncrease(productID: "monthly_14_99", newPrice: Decimal(string: "16.99")!, needsConsent: true)
        #expect(session.model.storeMessages.isEmpty)
        harness.wait(session, 0.1) // the step's processing folds the other store's save in; the message comes with it
        let message = try #require(session.model.storeMessages.first)
        #expect(message.reason == .priceIncreaseConsent && message.displayPrice == "$16.99")
        #expect(try SimulatedStore(catalog: harness.settings.catalog, stateDirectory: harness.directory.appendingPathComponent("store"),
                                   clock: harness.clock, seed: harness.settings.seed, bundleID: session.store.bundleID).waitingMessages.isEmpty)
    }

    @Test func acceptingTheBillingIssueMessageUpdatesThePaymentAndRenews() throws {
        let (harness, session) = try subscribed("weekly_9_99")
        try session.control(.billingIssue(true, nil))
        harness.wait(session, 8)
        #expect(session.model.storeMessages.first?.reason == .billingIssue)
        session.send(.storeMessageAnswered(accepted: true))
        harness.wait(session, 2)
        #expect(session.store.subscriptionStatus(groupID: "premium")?.state == .subscribed)
        #expect(session.model.entitlement.isPremium)
    }

    @Test func theWinBackMessageTakenResubscribesAtTheOfferPrice() throws {
        let (harness, session) = try subscribed("monthly_14_99")
        try session.control(.expire(nil))
        harness.wait(session, 1)
        let message = try #require(session.model.storeMessages.first)
        #expect(message.reason == .winBackOffer && message.offer?.displayPrice == "$7.49" && message.offer?.numberOfPeriods == 3)
        session.send(.storeMessageAnswered(accepted: true))
        harness.wait(session, 2)
        #expect(session.model.entitlement.isPremium)
        let latest = try #require(session.store.allTransactions.last)
        #expect(session.store.payload(transactionID: latest.id)?.offerType == 4)
    }

    @Test func aPromotionalOfferOnAVariantIsSignedByTheAppsServerAndBought() throws {
        var config = RemoteConfig.default
        let index = try #require(config.offers.firstIndex { $0.id == .C })
        config.offers[index].promotionalOffer = PromotionalOfferConfig(productID: "yearly_59_99", offerID: "yearly_comeback_50")
        let (_, session) = try subscribed("yearly_59_99", offer: .C, config: config)
        let transaction = try #require(session.store.allTransactions.first)
        let payload = try #require(session.store.payload(transactionID: transaction.id))
        #expect(payload.offerType == 2 && payload.offerIdentifier == "yearly_comeback_50" && payload.price == 29_990)
    }
}
