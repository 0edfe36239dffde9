import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// `process(now:)` without the lock when nothing falls due gives what the locked pass gives:
/// the same transactions, updates, messages, notifications and log, step by step.
@Suite("Processing without the lock")
struct ProcessFastPathTests {
    /// What a store shows after each step, minus what is random by design (notification UUIDs,
    /// signatures, the certificate chain).
    struct Observation: Equatable {
        var records: [String]
        var updates: [String]
        var messages: [String]
        var notifications: [String]
        var lastProcessed: Date?
        var statuses: [String]
    }

    static func observe(_ store: SimulatedStore) throws -> Observation {
        Observation(
            records: store.state.records.map { "\($0.payload.transactionId) \($0.payload.productId) \($0.payload.expires.map(\.timeIntervalSince1970) ?? 0) \($0.payload.revocationDate != nil)" },
            updates: store.takeUpdates().map { "\($0.reason) \($0.transaction?.id ?? "-")" },
            messages: store.waitingMessages.map { "\($0.reason) \($0.productID)" },
            notifications: try store.notifications().map { "\($0.notification.notificationType) \($0.notification.subtype ?? "-") \($0.notification.transactionID ?? "-") \($0.notification.signedDate)" },
            lastProcessed: store.state.lastProcessed,
            statuses: ["premium"].map { group in store.subscriptionStatus(groupID: group).map { "\($0.state) \($0.willAutoRenew) \($0.expiresDate.timeIntervalSince1970)" } ?? "none" })
    }

    /// Runs `script` (second → actions) for `seconds` on two stores, one always locked, and compares them after every second.
    static func compare(_ settings: StoreSettings, seconds: Int, script: [Int: (SimulatedStore) throws -> Void]) throws {
        let (fast, fastClock, _) = try Fixture.store(settings)
        let (locked, lockedClock, _) = try Fixture.store(settings)
        for second in 0..<seconds {
            if let action = script[second] {
                try action(fast)
                try action(locked)
            }
            for (store, clock) in [(fast, fastClock), (locked, lockedClock)] {
                // `fast` may skip the lock when nothing falls due; `locked` always takes it.
                func pass() throws { store === locked ? try store.processLocked(now: clock.now()) : try store.process(now: clock.now()) }
                clock.advance(by: 0.5)
                try pass()
                clock.advance(by: 0.5)
                try pass()
            }
            #expect(try observe(fast) == observe(locked), "after \(second + 1) s")
        }
    }

    @Test func renewalsThenCancellationAndExpiry() throws {
        try Self.compare(StoreSettings(timeRate: .oneSecondIsOneDay), seconds: 40, script: [
            0: { _ = $0.purchase(productID: "weekly_9_99") },
            17: { try $0.setAutoRenew(groupID: "premium", false) },
        ])
    }

    @Test func billingRetryGraceAndRecovery() throws {
        let settings = StoreSettings(timeRate: .oneSecondIsOneDay, renewalBillingIssuesEnabled: true, billingGracePeriodEnabled: true)
        try Self.compare(settings, seconds: 90, script: [
            0: { _ = $0.purchase(productID: "weekly_9_99") },
            30: { try $0.setBillingIssue(false) },
            50: { try $0.setBillingIssue(true) },
        ])
    }

    @Test func refundAndExpiryByHand() throws {
        try Self.compare(StoreSettings(timeRate: .oneSecondIsOneDay), seconds: 30, script: [
            0: { _ = $0.purchase(productID: "monthly_19_99") },
            5: { store in
                let id = try #require(store.state.lines["premium"]?.latestTransactionID)
                try store.refund(transactionID: id)
            },
            8: { _ = $0.purchase(productID: "weekly_9_99") },
            12: { try $0.expireSubscription(groupID: "premium") },
        ])
    }

    /// Another process's save is folded in by the locked pass, never skipped.
    @Test func anotherProcessesSaveIsFoldedIn() throws {
        let (store, clock, dir) = try Fixture.store(StoreSettings(timeRate: .oneSecondIsOneDay))
        let (other, _, _) = try Fixture.store(StoreSettings(timeRate: .oneSecondIsOneDay), dir: dir, clock: clock)
        try store.process(now: clock.now())
        _ = other.purchase(productID: "weekly_9_99")
        clock.advance(by: 0.5)
        try store.process(now: clock.now())
        #expect(store.state.records.count == 1)
        #expect(store.takeUpdates().map(\.reason) == [.outsideApp])
    }
}
