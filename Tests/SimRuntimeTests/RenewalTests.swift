import Foundation
import PaywallCore
import StoreSim
import Testing
@testable import SimRuntime

@Suite struct RenewalTests {
    /// Buys the weekly plan at "one renewal every 10 s" and lets the purchase unlock.
    private func subscribedSession() throws -> (SessionHarness, SimulatorSession) {
        var harness = try SessionHarness(start: .paywall)
        harness.settings.switches.timeRate = .oneRenewalEveryTenSeconds
        let session = try harness.open()
        session.send(.movePlanSelection(by: -1))
        #expect(session.model.selectedPlanID == "weekly_9_99")
        session.send(.buy)
        session.send(.sheetConfirmed)
        harness.wait(session, 3)
        #expect(session.model.entitlement.isPremium)
        return (harness, session)
    }

    @Test func aRenewalWithTheBackendKeepsAccessUntilItAnswers() throws {
        let (harness, session) = try subscribedSession()
        let firstExpiry = try #require(session.model.entitlement.expiresAt)
        // Jump past the first expiry: the renewal is delivered and posted at the same instant.
        session.advance(to: firstExpiry.addingTimeInterval(0.1))
        #expect(!session.model.posted.isEmpty, "the renewal is with the backend")
        #expect(session.model.entitlement.isPremium, "no drop to free while the renewal is being verified")
        harness.wait(session, 1)
        #expect(session.model.posted.isEmpty)
        #expect(session.model.entitlement.isPremium)
        let renewedExpiry = try #require(session.model.entitlement.expiresAt)
        #expect(renewedExpiry > firstExpiry)
    }

    @Test func anExpiredSubscriptionWithNothingPendingDropsToFree() throws {
        let (harness, session) = try subscribedSession()
        try session.control(.expire(nil))
        harness.wait(session, 30)
        #expect(session.model.posted.isEmpty)
        #expect(!session.model.entitlement.isPremium)
    }
}
