import Foundation
import Testing
@testable import StoreSim

/// Apple: an upgrade starts at once and the customer gets "a refund of the prorated amount of
/// their original subscription"; the listing shows it on the upgraded transaction.
@Suite("Upgrade refunds")
struct UpgradeRefundTests {
    @Test func theUnusedPartOfThePeriodIsRefundedToTheHundredth() {
        let start = Date(timeIntervalSince1970: 0)
        let week = start.addingTimeInterval(7 * 86_400)
        #expect(UpgradeRefund.amount(price: 9990, purchase: start, expires: week, upgradedAt: start.addingTimeInterval(86_400)) == 8560)
        #expect(UpgradeRefund.amount(price: 9990, purchase: start, expires: week, upgradedAt: start) == 9990, "unused: all of it")
        #expect(UpgradeRefund.amount(price: 9990, purchase: start, expires: week, upgradedAt: week) == 0)
        #expect(UpgradeRefund.amount(price: 0, purchase: start, expires: week, upgradedAt: start) == 0, "a free trial refunds nothing")
        #expect(UpgradeRefund.text(milliunits: 8560) == "8.56" && UpgradeRefund.text(milliunits: 9990) == "9.99"
                && UpgradeRefund.text(milliunits: 12_000_000) == "12000.00" && UpgradeRefund.text(milliunits: 50) == "0.05")
    }

    @Test func anUpgradedTransactionOnTheListingCarriesItsRefund() throws {
        let (store, clock, _) = try Fixture.store()
        let weekly = try #require(store.purchase(productID: "weekly_9_99").transaction)
        let paid = try #require(store.payload(transactionID: weekly.id))
        let expires = try #require(paid.expires)
        // A seventh of the week used (whatever the period's length at this time rate).
        clock.set(paid.purchase.addingTimeInterval(expires.timeIntervalSince(paid.purchase) / 7))
        let yearly = try #require(store.purchase(productID: "yearly_59_99").transaction)
        let page = store.transactionPage(limit: 10).page.map(\.payload)
        let refunds = UpgradeRefund.amounts(page)
        #expect(refunds == [weekly.id: UpgradeRefund.amount(price: paid.price, purchase: paid.purchase, expires: expires, upgradedAt: clock.now())])
        #expect(refunds[weekly.id] == (paid.price * 6 / 7 + 5) / 10 * 10, "six sevenths of \(paid.price)")
        #expect(refunds[yearly.id] == nil, "the new subscription refunds nothing")
    }
}
