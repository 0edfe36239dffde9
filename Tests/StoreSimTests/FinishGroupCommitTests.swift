import Foundation
import PaywallFoundation
import Testing
@testable import StoreSim

/// `Transaction.finish()` is group-committed: written at once (a kill keeps it), fsynced with the
/// store's next durable save or `syncFinishes()`. Purchases stay fsynced before they return.
@Suite("Finishes are group-committed")
struct FinishGroupCommitTests {
    @Test func aFinishIsWrittenWithoutAnFsyncAndSyncedOnce() throws {
        let (store, clock, dir) = try Fixture.store()
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        _ = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction) // a journal after the first snapshot
        DurableFile.beginCountingSyncs(under: dir)
        defer { DurableFile.endCountingSyncs(under: dir) }

        try store.finish(transactionID: coins.id)
        #expect(DurableFile.syncsCounted(under: dir) == 0, "a finish is not fsynced by itself")
        #expect(store.hasUnsyncedFinishes)
        // Written all the same: another store on the directory (another process) reads it.
        let (other, _, _) = try Fixture.store(dir: dir, clock: clock)
        #expect(!other.unfinishedTransactions.contains { $0.id == coins.id })

        try store.syncFinishes()
        #expect(DurableFile.syncsCounted(under: dir) == 1)
        #expect(!store.hasUnsyncedFinishes)
        try store.syncFinishes()
        #expect(DurableFile.syncsCounted(under: dir) == 1, "nothing left to sync")
    }

    @Test func theNextPurchaseFsyncsTheJournalAndWithItTheFinish() throws {
        let (store, _, dir) = try Fixture.store()
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        _ = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        try store.finish(transactionID: coins.id)
        #expect(store.hasUnsyncedFinishes)
        DurableFile.beginCountingSyncs(under: dir)
        defer { DurableFile.endCountingSyncs(under: dir) }
        _ = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        // The purchase: its journal line, and its notification's line; the finish before it rides along.
        #expect(DurableFile.syncsCounted(under: dir) == 2)
        #expect(!store.hasUnsyncedFinishes)
    }

    @Test func aStoreLetGoSyncsItsFinishes() throws {
        let dir = Fixture.tempDirectory()
        var id = ""
        try {
            let (store, _, _) = try Fixture.store(dir: dir)
            id = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction).id
            _ = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
            DurableFile.beginCountingSyncs(under: dir)
            try store.finish(transactionID: id)
            #expect(DurableFile.syncsCounted(under: dir) == 0)
        }()
        defer { DurableFile.endCountingSyncs(under: dir) }
        #expect(DurableFile.syncsCounted(under: dir) == 1, "the store's deinit fsynced the journal")
        let (reopened, _, _) = try Fixture.store(dir: dir)
        #expect(!reopened.unfinishedTransactions.contains { $0.id == id })
    }

    @Test func aJournalMadeByAFinishIsSyncedWithItsDirectory() throws {
        // The first line after a snapshot makes the journal file: made durable at once (file and
        // directory), so the fsynced lines after it are never in a file a power loss forgets.
        let (store, _, dir) = try Fixture.store()
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        let journal = dir.appendingPathComponent("store-ledger.journal")
        #expect(!FileManager.default.fileExists(atPath: journal.path), "the first purchase is the snapshot")
        DurableFile.beginCountingSyncs(under: dir)
        defer { DurableFile.endCountingSyncs(under: dir) }
        try store.finish(transactionID: coins.id)
        #expect(FileManager.default.fileExists(atPath: journal.path))
        #expect(DurableFile.syncsCounted(under: dir) == 2, "the new journal and its directory")
        #expect(!store.hasUnsyncedFinishes)
    }

    @Test func aFinishJournalsItsIDNotTheRecordAgain() throws {
        let (store, clock, dir) = try Fixture.store()
        _ = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction) // the snapshot
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        try store.finish(transactionID: coins.id)
        let journal = try String(contentsOf: dir.appendingPathComponent("store-ledger.journal"), encoding: .utf8)
        let lines = journal.split(separator: "\n")
        let purchaseLine = try #require(lines.first), finishLine = try #require(lines.last)
        #expect(lines.count == 2)
        #expect(finishLine.contains("\"finished\":[\"\(coins.id)\"]") && finishLine.contains("\"upserts\":[]"))
        #expect(finishLine.count * 4 < purchaseLine.count, "\(finishLine.count) bytes against the purchase's \(purchaseLine.count)")
        // Read back: the record is finished and otherwise as it was bought.
        let (reopened, _, _) = try Fixture.store(dir: dir, clock: clock)
        #expect(!reopened.unfinishedTransactions.contains { $0.id == coins.id })
        #expect(reopened.allTransactions.first { $0.id == coins.id }?.jws == coins.jws)
    }
}
