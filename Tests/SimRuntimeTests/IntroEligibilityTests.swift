import Foundation
import PaywallCore
import StoreSim
import Testing
@testable import SimRuntime

/// `isEligibleForIntroOffer` follows the customer's transactions while the app runs: the paywall
/// never promises a trial the store will not give, whichever process changed the transactions.
@Suite struct IntroEligibilityTests {
    private func yearly(_ session: SimulatorSession) -> (loaded: Plan?, shown: Plan?) {
        (session.model.plans.first { $0.id == "yearly_59_99" }, session.model.offer?.plans.first { $0.id == "yearly_59_99" })
    }

    @Test func aTrialUsedInAnotherProcessLeavesTheOpenPaywallAtFullPrice() throws {
        let harness = try SessionHarness(start: .paywall)
        let session = try harness.open()
        harness.wait(session, 1)
        guard case .paywall = session.model.state else { Issue.record("not on the paywall: \(session.model.state)"); return }
        #expect(yearly(session).shown?.trial != nil, "a new customer is offered the free week")

        let outside = try StateWorkspace(root: harness.directory)
            .openStore(catalog: harness.settings.catalog, clock: harness.clock, setup: nil, seed: harness.settings.seed)
        _ = try outside.buyOutsideApp(productID: "yearly_59_99")
        harness.wait(session, 1)

        #expect(yearly(session).loaded?.trial == nil, "the loaded plans still offer the used trial")
        #expect(yearly(session).shown?.trial == nil, "the open paywall still offers the used trial")
        if case let .paywall(offer) = session.model.state {
            #expect(offer.plans.first { $0.id == "yearly_59_99" }?.trial == nil)
        }
    }

    @Test func aDeletedTransactionOffersTheTrialAgainWithoutARelaunch() throws {
        let harness = try SessionHarness(start: .paywall)
        let session = try harness.open()
        harness.wait(session, 1)
        let outside = try StateWorkspace(root: harness.directory)
            .openStore(catalog: harness.settings.catalog, clock: harness.clock, setup: nil, seed: harness.settings.seed)
        let bought = try outside.buyOutsideApp(productID: "yearly_59_99")
        harness.wait(session, 1)
        #expect(yearly(session).loaded?.trial == nil)
        try outside.expireSubscription(groupID: StoreCatalog.embeddedGroupID)
        try outside.deleteTransaction(transactionID: bought.id)
        harness.wait(session, 1)
        #expect(yearly(session).loaded?.trial != nil, "deleting the group's transactions makes the customer eligible again")
    }
}
