import Foundation
import PaywallCore
import Testing
@testable import SimRuntime

@Suite struct SimulatorSessionTests {
    @Test func happyPathBuysTheDefaultYearlyPlanAndUnlocksOnlyAfterTheBackend() throws {
        let harness = try SessionHarness(start: .paywall)
        let session = try harness.open()
        guard case let .paywall(offer) = session.model.state else {
            Issue.record("expected the paywall, got \(session.model.state.name)"); return
        }
        #expect(offer.id == .A)
        #expect(offer.plans.map(\.id) == ["weekly_9_99", "yearly_59_99"])
        #expect(session.model.selectedPlanID == "yearly_59_99")
        session.send(.buy)
        #expect(session.model.purchasePhase == .awaitingConfirmation)
        session.send(.sheetConfirmed)
        #expect(session.model.state.name == "purchasing")
        harness.wait(session, 1.0)
        #expect(session.model.state.name == "purchasing", "the store takes 1.5 s to answer")
        harness.wait(session, 0.6)
        #expect(session.model.purchasePhase == .verifying, "posted to the backend, not yet unlocked")
        #expect(!session.model.entitlement.isPremium)
        harness.wait(session, 0.5)
        guard case let .purchased(entitlement) = session.model.state else {
            Issue.record("expected purchased, got \(session.model.state.name)"); return
        }
        #expect(entitlement.isPremium)
        #expect(entitlement.productID == "yearly_59_99")
        #expect(session.store.unfinishedTransactions.isEmpty, "finished after the backend verified it")
        #expect(session.analytics.events.map(\.name).contains("purchase_success"))
    }

    @Test func relaunchMidPurchaseDoesNotLoseThePurchase() throws {
        let harness = try SessionHarness(start: .paywall)
        let first = try harness.open()
        first.send(.buy)
        first.send(.sheetConfirmed)
        harness.wait(first, 0.5) // killed before the store's answer reaches the app
        let second = try harness.open()
        harness.wait(second, 2)
        #expect(second.model.entitlement.isPremium)
        #expect(second.backend.grantedTransactionIDs.count == 1)
        #expect(second.store.unfinishedTransactions.isEmpty)
    }

    @Test func askToBuyWaitsForApprovalThenUnlocks() throws {
        var harness = try SessionHarness(start: .paywall)
        harness.settings.switches.askToBuy = true
        let session = try harness.open()
        session.send(.buy)
        session.send(.sheetConfirmed)
        harness.wait(session, 2)
        #expect(session.model.state.name == "paywall")
        #expect(session.model.notice?.key == "notice.pendingApproval")
        #expect(!session.model.entitlement.isPremium)
        try session.control(.approve(nil))
        harness.wait(session, 1)
        #expect(session.model.entitlement.isPremium)
        #expect(session.model.state.name == "purchased")
    }

    @Test func refundRemovesAccess() throws {
        let harness = try SessionHarness(start: .paywall)
        let session = try harness.open()
        session.send(.buy)
        session.send(.sheetConfirmed)
        harness.wait(session, 3)
        #expect(session.model.entitlement.isPremium)
        try session.control(.refund(nil, reason: .other))
        #expect(!session.model.entitlement.isPremium)
    }

    @Test func restoreWithNothingSaysSoAndWithAPurchaseRestores() throws {
        let harness = try SessionHarness(start: .paywall)
        let session = try harness.open()
        session.send(.restore)
        harness.wait(session, 2)
        #expect(session.model.notice?.key == "notice.nothingToRestore")
        #expect(session.analytics.events.last?.name == "restore_fail")
    }

    @Test func freeUserGetsTenMessagesThenThePaywall() throws {
        let harness = try SessionHarness(start: .chat)
        let session = try harness.open()
        #expect(session.model.state == .chat)
        for n in 1...10 { session.send(.sendMessage("hello \(n)")) }
        #expect(session.model.messagesLeft(in: session.context) == 0)
        #expect(session.model.state == .chat)
        session.send(.sendMessage("one more"))
        #expect(session.model.state.name == "paywall")
        #expect(session.model.paywallReason == .messageLimit)
        #expect(session.analytics.events.last?.name == "paywall_view")
        #expect(session.analytics.events.contains { $0.name == "message_limit_reached" })
        // The count survives a relaunch on the same state directory.
        let again = try harness.open()
        #expect(again.model.messagesLeft(in: again.context) == 0)
    }
}
