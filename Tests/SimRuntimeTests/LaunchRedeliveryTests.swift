import Foundation
import PaywallCore
import StoreSim
import Testing
@testable import SimRuntime

/// An app launched on a state another process caught up for months: StoreKit redelivers every
/// unfinished transaction at launch, and the app posts each to its backend and finishes it.
@Suite struct LaunchRedeliveryTests {
    @Test func aThousandUnfinishedRenewalsArePostedVerifiedAndFinishedOnce() throws {
        let harness = try SessionHarness(start: .paywall)
        // Another process: a monthly subscription caught up 1,000 renewals at one every 30 s,
        // none finished (no app was running).
        let outside = try StateWorkspace(root: harness.directory)
            .openStore(catalog: harness.settings.catalog, clock: harness.clock, setup: nil, seed: harness.settings.seed)
        var settings = outside.settings
        settings.timeRate = .monthlyRenewalEveryThirtySeconds
        try outside.setSettings(settings)
        let bought = try outside.buyOutsideApp(productID: "monthly_14_99")
        harness.clock.advance(by: 1_000 * 30)
        try outside.process(now: harness.clock.now())
        outside.discardUpdates()
        #expect(outside.transactionCounts == (1_001, 1_001))

        let session = try harness.open()
        harness.wait(session, 5)
        #expect(session.model.posted.isEmpty, "every posted transaction was answered")
        #expect(session.store.transactionCounts.unfinished == 0, "the app finished every redelivered transaction")
        let ids = session.store.transactionPage(limit: nil).page.map(\.signed.id)
        #expect(ids.count == 1_001 && ids.last == bought.id)
        #expect(ids.allSatisfy { session.backend.record(transactionID: $0) != nil }, "the backend recorded each")
        #expect(session.model.entitlement.isPremium)
    }
}
