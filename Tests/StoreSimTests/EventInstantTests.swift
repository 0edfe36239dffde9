import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// A jump over months of a fast time rate gives what a slow, step-by-step run gives: every
/// renewal, billing failure, grace period's end, billing retry's end and expiry, in order, each
/// signed and notified at the instant it fell due (Apple sends each at its event).
@Suite("Events at their own instants")
struct EventInstantTests {
    /// What a run leaves: each notification (type, subtype, transaction, signed date) and each
    /// transaction (id, product, purchase and expiry), in order.
    struct Outcome: Equatable {
        var notifications: [String]
        var transactions: [String]
    }

    /// Seconds after the start → what the customer or the App Store does then.
    static var script: [(at: Double, action: (SimulatedStore) throws -> Void)] { [
        (0, { store in _ = store.purchase(productID: "monthly_19_99", options: Fixture.options) }),
        (0, { store in _ = store.purchase(productID: "pro_monthly", options: Fixture.options) }),
        (50, { store in try store.setAutoRenew(groupID: "pro", false) }),
        (100, { store in
            var settings = store.settings
            settings.renewalBillingIssuesEnabled = true
            try store.setSettings(settings)
        }),
    ] }
    static let end: Double = 400

    static func run(jumping: Bool) throws -> Outcome {
        let settings = StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds, billingGracePeriodEnabled: true)
        let (store, clock, _) = try Fixture.store(settings)
        var elapsed = 0.0
        for (at, action) in script + [(end, { _ in })] {
            if jumping {
                clock.advance(by: at - elapsed)
                try store.process(now: clock.now())
            } else {
                while elapsed + 0.25 <= at {
                    clock.advance(by: 0.25)
                    elapsed += 0.25
                    try store.process(now: clock.now())
                }
            }
            elapsed = at
            try action(store)
        }
        let start = Fixture.start.timeIntervalSince1970 * 1000
        return Outcome(
            notifications: try store.notifications().map {
                let n = $0.notification
                return "\(n.notificationType)/\(n.subtype ?? "-") \(n.transactionID ?? "-") +\((Double(n.signedDate) - start) / 1000)s"
            },
            transactions: store.state.records.map {
                "\($0.payload.transactionId) \($0.payload.productId) \($0.payload.purchase.timeIntervalSince(Fixture.start))…\($0.payload.expires.map { $0.timeIntervalSince(Fixture.start) } ?? -1)"
            })
    }

    @Test func aJumpGivesWhatSlowStepsGive() throws {
        let slow = try Self.run(jumping: false)
        let jump = try Self.run(jumping: true)
        #expect(jump == slow)
        // Every kind of time-driven event is in it.
        let kinds = Set(jump.notifications.map { String($0.prefix { $0 != " " }) })
        for kind in ["DID_RENEW/-", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED/-", "EXPIRED/BILLING_RETRY",
                     "EXPIRED/VOLUNTARY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"] {
            #expect(kinds.contains(kind), "\(kind) in \(kinds.sorted())")
        }
    }

    @Test func eachNotificationIsSignedWhenItsEventFellDue() throws {
        let jump = try Self.run(jumping: true)
        let seconds = jump.notifications.map { Double($0.split(separator: "+").last!.dropLast())! }
        #expect(seconds == seconds.sorted(), "in order of their instants")
        // Monthly renews every 30 s at this rate: the renewals of the premium line are 30 s apart,
        // signed at 30, 60, 90 s (the third one fails: billing issues from 100 s).
        let renewals = jump.notifications.filter { $0.hasPrefix("DID_RENEW/") }.map { $0.split(separator: "+").last! }
        #expect(renewals.prefix(3) == ["30.0s", "30.0s", "60.0s"], "\(renewals)")
        // Grace (15 s at this rate) from the failed renewal at 120 s ends at 135 s; retry (1 min) at 180 s.
        #expect(jump.notifications.contains { $0.hasPrefix("GRACE_PERIOD_EXPIRED/- ") && $0.hasSuffix("+135.0s") })
        #expect(jump.notifications.contains { $0.hasPrefix("EXPIRED/BILLING_RETRY ") && $0.hasSuffix("+180.0s") })
    }
}
