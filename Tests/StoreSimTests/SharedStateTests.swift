import Foundation
import PaywallCore
import Testing
import TestSupport
@testable import StoreSim
@testable import TeamServer
#if canImport(Glibc)
import Glibc
#endif

/// Several processes on one state directory: each change is made under the directory's lock on
/// what the others saved, so no id is reused and no write is lost; outside changes arrive as updates.
@Suite("Shared state directory")
struct SharedStateTests {
    @Test func twoStoresOnOneDirectoryNeverReuseATransactionID() throws {
        let (app, clock, dir) = try Fixture.store()
        let (outside, _, _) = try Fixture.store(dir: dir, clock: clock)
        let bought = try outside.buyOutsideApp(productID: "coins_100")
        let result = app.purchase(productID: "coins_100", options: Fixture.options)
        let mine = try #require(result.transaction)
        #expect(mine.id != bought.id, "the app's purchase reused the id of the purchase made outside it")
        let reopened = try Fixture.store(dir: dir, clock: clock).0
        #expect(Set(reopened.allTransactions.map(\.id)) == [bought.id, mine.id], "neither write was lost")
    }

    @Test func aPurchaseMadeElsewhereArrivesAsAnUpdate() throws {
        let (app, clock, dir) = try Fixture.store()
        _ = app.takeUpdates()
        let (outside, _, _) = try Fixture.store(dir: dir, clock: clock)
        let bought = try outside.buyOutsideApp(productID: "weekly_9_99")
        #expect(try app.refreshFromDisk())
        let updates = app.takeUpdates()
        #expect(updates.map(\.reason) == [.outsideApp])
        #expect(updates.first?.transaction?.id == bought.id)
        #expect(app.currentEntitlements().map(\.id) == [bought.id], "restore sees what the other process bought")
        #expect(try app.refreshFromDisk() == false, "nothing new: nothing delivered twice")
    }

    @Test func anAskToBuyApprovedElsewhereArrivesAsApprovedNotPending() throws {
        var settings = StoreSettings()
        settings.askToBuyEnabled = true
        let (app, clock, dir) = try Fixture.store(settings)
        #expect(app.purchase(productID: "yearly_59_99", options: Fixture.options) == .pending)
        let (parent, _, _) = try Fixture.store(settings, dir: dir, clock: clock)
        let request = try #require(parent.pendingPurchases.first)
        try parent.approveAskToBuy(requestID: request.requestID)
        try app.refreshFromDisk()
        let updates = app.takeUpdates()
        #expect(updates.map(\.reason) == [.askToBuyApproved])
        #expect(app.pendingPurchases.isEmpty, "the approved request no longer waits")
    }

    @Test func aRenewalOrRefundElsewhereArrivesAsAnUpdate() throws {
        let (app, clock, dir) = try Fixture.store()
        let first = try #require(app.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        try app.finish(transactionID: first.id)
        _ = app.takeUpdates()
        let (other, _, _) = try Fixture.store(dir: dir, clock: clock)
        try other.forceRenewal(groupID: "premium")
        try app.refreshFromDisk()
        #expect(app.takeUpdates().map(\.reason) == [.renewal])
        let renewal = try #require(other.allTransactions.last)
        try other.refund(transactionID: renewal.id)
        try app.refreshFromDisk()
        #expect(app.takeUpdates().map(\.reason) == [.revocation])
    }

    @Test func twoBackendsGrantATransactionOnce() throws {
        let (store, clock, dir) = try Fixture.store()
        let a = try Fixture.backend(for: store, dir: dir, clock: clock)
        let b = try Fixture.backend(for: store, dir: dir, clock: clock)
        let one = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        let two = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction)
        _ = a.post(jws: one.jws, appAccountToken: Fixture.user, offerID: "A")
        _ = b.post(jws: two.jws, appAccountToken: Fixture.user, offerID: "A")
        _ = b.post(jws: one.jws, appAccountToken: Fixture.user, offerID: "A")
        let reopened = try Fixture.backend(for: store, dir: dir, clock: clock)
        #expect(reopened.grantedTransactionIDs == [one.id, two.id], "b kept a's grant and did not grant it again")
    }

    /// Three `store-worker` processes at once on one directory, killed at random instants.
    @Test(.enabled(if: BuiltBinary.exists("store-worker"), "store-worker not built; run `swift build --product store-worker` first"))
    func concurrentWorkersKilledAtRandomLoseNothing() throws {
        let worker = try #require(KillTests.workerURL())
        let dir = Fixture.tempDirectory()
        var rng = SeededGenerator(seed: 99)
        var purchased = Set<String>(), granted = Set<String>(), finished = Set<String>()
        for round in 0..<8 {
            let results = LockedLines()
            let group = DispatchGroup()
            for worker_ in 0..<3 {
                let kill: useconds_t? = worker_ == 0 ? nil : useconds_t(20_000 + rng.next() % 400_000)
                let seed = UInt64(round * 10 + worker_ + 1)
                group.enter()
                Thread.detachNewThread {
                    let lines = (try? KillTests.run(worker, dir: dir, count: 60, seed: seed, killAfter: kill)) ?? ["error: did not run"]
                    results.append(lines)
                    group.leave()
                }
            }
            group.wait()
            let lines = results.all
            #expect(!lines.contains { $0.hasPrefix("error") }, "round \(round): \(lines.filter { $0.hasPrefix("error") })")
            purchased.formUnion(KillTests.ids(lines, "purchased"))
            granted.formUnion(KillTests.ids(lines, "granted"))
            finished.formUnion(KillTests.ids(lines, "finished"))
            try KillTests.check(dir: dir, purchased: purchased, granted: granted, finished: finished)
            try Self.checkBackendMatchesStore(dir: dir)
        }
        #expect(purchased.count > 50)
    }
}

extension SharedStateTests {
    /// Every transaction the backend recorded is the one the store holds under that id (an id
    /// reused by another process would name another product or purchase date).
    static func checkBackendMatchesStore(dir: URL) throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_780_000_000))
        let catalog = StoreCatalog(products: [], groups: [], settings: StoreSettings(), origin: "shared-test")
        let store = try SimulatedStore(catalog: catalog, stateDirectory: dir, clock: clock, bundleID: KillTests.workerBundleID)
        let backend = try VerificationBackend(stateDirectory: dir, verifier: store.signedDataVerifier, bundleID: KillTests.workerBundleID,
                                              userAppAccountToken: KillTests.workerUser, clock: clock)
        for id in backend.grantedTransactionIDs {
            let stored = try #require(store.payload(transactionID: id))
            let posted = try #require(backend.record(transactionID: id)?.payload)
            #expect(stored.productId == posted.productId && stored.purchaseDate == posted.purchaseDate,
                    "transaction \(id): the backend granted \(posted.productId), the store holds \(stored.productId)")
        }
    }
}

/// Lines collected from several threads.
private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ more: [String]) { lock.withLock { lines += more } }
    var all: [String] { lock.withLock { lines } }
}
