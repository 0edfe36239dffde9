import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// A `Sandbox` store renews as Apple's sandbox does, each rule from Apple's pages:
/// `SKTestSession.TimeRate` ("The sandbox environment also supports this subscription renewal
/// rate" on the monthly-renewal-every hour / 30 / 15 / 5 minutes pages; not the 30-second or the
/// fixed rates) and "Testing an auto-renewable subscription" ("auto-renewable subscriptions renew
/// up to 12 times after the initial purchase").
@Suite("A Sandbox store renews as Apple's sandbox")
struct SandboxRenewalTests {
    /// The period of `productID` bought at the fixture's start, in seconds.
    static func period(_ productID: String, rate: TimeRate, environment: String) throws -> Double {
        let (store, clock, _) = try Fixture.store(StoreSettings(timeRate: rate), environment: environment)
        guard case let .success(transaction, _) = store.purchase(productID: productID, options: Fixture.options) else {
            Issue.record("\(productID) was not bought"); return 0
        }
        var latest = transaction
        if productID == "yearly_59_99" {
            // Yearly starts with a week's free trial: its first renewal is the year's.
            clock.advance(by: try #require(transaction.expirationDate).timeIntervalSince(transaction.purchaseDate))
            try store.process(now: clock.now())
            latest = try #require(store.latestTransaction)
        }
        let expires = try #require(latest.expirationDate)
        return expires.timeIntervalSince(latest.purchaseDate)
    }

    /// A catalog's rate, a product and its period in a `Sandbox` store, in seconds.
    struct Row: Sendable, CustomTestStringConvertible {
        var rate: TimeRate
        var productID: String
        var seconds: Double
        var testDescription: String { "\(rate) \(productID)" }
    }

    static let rows: [Row] = [
        // monthlyRenewalEveryFiveMinutes' table: weekly 3 minutes, monthly 5, annually 1 hour.
        Row(rate: .realTime, productID: "weekly_9_99", seconds: 180),
        Row(rate: .realTime, productID: "monthly_19_99", seconds: 300),
        Row(rate: .realTime, productID: "yearly_59_99", seconds: 3_600),
        // A rate the sandbox does not have gets the same table.
        Row(rate: .monthlyRenewalEveryThirtySeconds, productID: "monthly_19_99", seconds: 300),
        Row(rate: .oneRenewalEveryTenSeconds, productID: "weekly_9_99", seconds: 180),
        Row(rate: .oneSecondIsOneDay, productID: "monthly_19_99", seconds: 300),
        // A rate the sandbox has is kept: monthlyRenewalEveryHour's weekly is 15 minutes.
        Row(rate: .monthlyRenewalEveryHour, productID: "weekly_9_99", seconds: 900),
        Row(rate: .monthlyRenewalEveryThirtyMinutes, productID: "monthly_19_99", seconds: 1_800),
        Row(rate: .monthlyRenewalEveryFifteenMinutes, productID: "monthly_19_99", seconds: 900),
    ]

    @Test(arguments: rows)
    func theSandboxRenewsAtItsOwnRates(_ row: Row) throws {
        #expect(try Self.period(row.productID, rate: row.rate, environment: "Sandbox") == row.seconds)
    }

    @Test func xcodeAndProductionRenewAtTheCatalogsRate() throws {
        #expect(try Self.period("monthly_19_99", rate: .monthlyRenewalEveryThirtySeconds, environment: "Xcode") == 30)
        #expect(try Self.period("monthly_19_99", rate: .realTime, environment: "Production") > 27 * 86_400)
    }

    /// Renews every 5 minutes for `minutes` and returns the transactions and notification kinds.
    static func renewals(environment: String, minutes: Double, rebuyAt: Double? = nil) throws -> (transactions: Int, kinds: [String]) {
        let (store, clock, _) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryFiveMinutes), environment: environment)
        _ = store.purchase(productID: "monthly_19_99", options: Fixture.options)
        if let rebuyAt {
            clock.advance(by: rebuyAt * 60)
            try store.process(now: clock.now())
            _ = store.purchase(productID: "monthly_19_99", options: Fixture.options)
            clock.advance(by: (minutes - rebuyAt) * 60)
        } else {
            clock.advance(by: minutes * 60)
        }
        try store.process(now: clock.now())
        let kinds = try store.notifications().map { "\($0.notification.notificationType)/\($0.notification.subtype ?? "-")" }
        return (store.transactionCounts.all, kinds)
    }

    @Test func twelveRenewalsAfterThePurchaseThenItExpires() throws {
        // Two hours at a renewal every 5 minutes would be 24 renewals; the sandbox stops at 12.
        let sandbox = try Self.renewals(environment: "Sandbox", minutes: 120)
        #expect(sandbox.transactions == 13)
        #expect(sandbox.kinds.filter { $0 == "DID_RENEW/-" }.count == 12)
        #expect(sandbox.kinds.last == "EXPIRED/VOLUNTARY", "\(sandbox.kinds)")
        // Xcode's StoreKit Testing has no such limit.
        let xcode = try Self.renewals(environment: "Xcode", minutes: 120)
        #expect(xcode.transactions == 25)
        #expect(!xcode.kinds.contains("EXPIRED/VOLUNTARY"))
    }

    @Test func aNewPurchaseStartsTheCountAgain() throws {
        // 13 transactions, expired at 65 minutes; bought again at 70 and 12 renewals more by 140.
        let run = try Self.renewals(environment: "Sandbox", minutes: 140, rebuyAt: 70)
        #expect(run.transactions == 26)
        #expect(run.kinds.filter { $0 == "EXPIRED/VOLUNTARY" }.count == 2, "\(run.kinds)")
        #expect(run.kinds.contains("SUBSCRIBED/RESUBSCRIBE"))
    }
}
