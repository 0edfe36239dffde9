import Foundation
import PaywallCore
import Testing
@testable import StoreSim

@Suite("Finish, redelivery, restore and session controls")
struct LifecycleTests {
    @Test func unfinishedTransactionsAreRedeliveredByANewStore() throws {
        let (store, clock, dir) = try Fixture.store()
        let a = try #require(store.purchase(productID: "lifetime").transaction)
        let b = try #require(store.purchase(productID: "coins_100").transaction)
        try store.finish(transactionID: a.id)
        #expect(store.unfinishedTransactions.map(\.id) == [b.id])
        let (reopened, _, _) = try Fixture.store(dir: dir, clock: clock)
        let updates = reopened.takeUpdates()
        #expect(updates.map(\.reason) == [.redelivery])
        #expect(updates.first?.transaction?.id == b.id)
        #expect(reopened.allTransactions.map(\.id) == [a.id, b.id])
        #expect(reopened.trustedPublicKeys.keys.sorted() == store.trustedPublicKeys.keys.sorted())
        #expect(reopened.trustedPublicKeys.first?.value.rawRepresentation == store.trustedPublicKeys.first?.value.rawRepresentation)
        try reopened.finish(transactionID: b.id)
        let (third, _, _) = try Fixture.store(dir: dir, clock: clock)
        #expect(third.takeUpdates().isEmpty)
        #expect(throws: StoreControlError.self) { try third.finish(transactionID: "999") }
    }

    @Test func syncTellsNothingToRestoreFromAnError() throws {
        let (store, _, _) = try Fixture.store()
        #expect(store.sync() == .nothingToRestore)
        let t = try #require(store.purchase(productID: "lifetime").transaction)
        _ = store.takeUpdates()
        #expect(store.sync() == .restored([t]))
        #expect(store.takeUpdates().map(\.reason) == [.restore])
        var settings = store.settings
        settings.forcedErrors = ["App Store Sync": "networkError"]
        try store.setSettings(settings)
        #expect(store.sync() == .failed(error: "networkError"))
    }

    @Test func buyOutsideTheAppArrivesAsAnUpdateWithoutToken() throws {
        let (store, _, _) = try Fixture.store()
        let t = try store.buyOutsideApp(productID: "weekly_9_99")
        let updates = store.takeUpdates()
        #expect(updates.map(\.reason) == [.outsideApp])
        #expect(updates.first?.transaction == t)
        #expect(store.payload(transactionID: t.id)?.appAccountToken == nil)
    }

    @Test func clearAndResetForgetTransactionsButNotIDs() throws {
        let (store, _, dir) = try Fixture.store(StoreSettings(askToBuyEnabled: true))
        var settings = store.settings
        settings.askToBuyEnabled = false
        try store.setSettings(settings)
        let first = try #require(store.purchase(productID: "lifetime").transaction)
        try store.clearTransactions()
        #expect(store.allTransactions.isEmpty)
        #expect(store.sync() == .nothingToRestore)
        let second = try #require(store.purchase(productID: "lifetime").transaction)
        #expect(second.id != first.id)
        try store.reset()
        #expect(store.settings.askToBuyEnabled) // back to the catalog's switches
        let (reopened, _, _) = try Fixture.store(StoreSettings(askToBuyEnabled: true), dir: dir)
        #expect(reopened.allTransactions.isEmpty)
    }

    @Test func settingsChangedAtRunTimePersist() throws {
        let (store, clock, dir) = try Fixture.store()
        var settings = store.settings
        settings.interruptedPurchases = true
        try store.setSettings(settings)
        let (reopened, _, _) = try Fixture.store(dir: dir, clock: clock)
        #expect(reopened.settings.interruptedPurchases)
        #expect(reopened.purchase(productID: "coins_100") == .pending)
    }

    @Test func pendingRequestsSurviveARestart() throws {
        let (store, clock, dir) = try Fixture.store(StoreSettings(askToBuyEnabled: true))
        #expect(store.purchase(productID: "lifetime") == .pending)
        let (reopened, _, _) = try Fixture.store(StoreSettings(askToBuyEnabled: true), dir: dir, clock: clock)
        #expect(reopened.pendingPurchases.map(\.requestID) == ["req-1"])
        try reopened.approveAskToBuy(requestID: "req-1")
        #expect(reopened.takeUpdates().first?.transaction?.productID == "lifetime")
    }

    @Test func anUnfinishedRevocationIsRedeliveredAtLaunch() throws {
        let (store, clock, dir) = try Fixture.store()
        let t = try #require(store.purchase(productID: "lifetime").transaction)
        try store.finish(transactionID: t.id)
        try store.refund(transactionID: t.id)
        #expect(throws: StoreControlError.self) { try store.refund(transactionID: "nope") }
        let (reopened, _, _) = try Fixture.store(dir: dir, clock: clock)
        let updates = reopened.takeUpdates()
        // Redelivered as what it is: a revocation the app ends access on, not a purchase to verify again.
        #expect(updates.map(\.reason) == [.revocation])
        let jws = try #require(updates.first?.transaction?.jws)
        let payload = try JSONDecoder().decode(TransactionPayload.self, from: CompactJWS.verify(jws, key: reopened.keys.trusted.publicKey))
        #expect(payload.revocationDate != nil)
        #expect(reopened.allTransactions.count == 1)
    }
}
