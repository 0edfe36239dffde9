import Foundation
import PaywallFoundation
import Testing
@testable import StoreSim

/// `Transaction.finish()` is group-committed: written at once (a kill keeps it), fsynced with the
/// store's next durable save or `syncFinishes()`. Purchases stay fsynced before they return.
@Suite("Finishes are group-committed")
struct FinishGroupCommitTests {
    @Test func aFinishIsWrittenWithoutAnFsyncAndSyncedOnce() throws {
        let syncs = SyncCounter()
        let (store, clock, dir) = try Fixture.store(durability: .durable.counting(syncs))
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        _ = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction) // a journal after the first snapshot
        syncs.reset()

        try store.finish(transactionID: coins.id)
        #expect(syncs.count == 0, "a finish is not fsynced by itself")
        #expect(store.hasUnsyncedFinishes)
        // Written all the same: another store on the directory (another process) reads it.
        let (other, _, _) = try Fixture.store(dir: dir, clock: clock)
        #expect(!other.unfinishedTransactions.contains { $0.id == coins.id })

        try store.syncFinishes()
        #expect(syncs.count == 1)
        #expect(!store.hasUnsyncedFinishes)
        try store.syncFinishes()
        #expect(syncs.count == 1, "nothing left to sync")
    }

    @Test func theNextPurchaseFsyncsTheJournalAndWithItTheFinish() throws {
        let syncs = SyncCounter()
        let (store, _, _) = try Fixture.store(durability: .durable.counting(syncs))
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        _ = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        try store.finish(transactionID: coins.id)
        #expect(store.hasUnsyncedFinishes)
        syncs.reset()
        _ = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        // The purchase: its journal line, and its notification's line; the finish before it rides along.
        #expect(syncs.count == 2)
        #expect(!store.hasUnsyncedFinishes)
    }

    @Test func aStoreLetGoSyncsItsFinishes() throws {
        let dir = Fixture.tempDirectory()
        let syncs = SyncCounter()
        var id = ""
        try {
            let (store, _, _) = try Fixture.store(dir: dir, durability: .durable.counting(syncs))
            id = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction).id
            _ = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
            syncs.reset()
            try store.finish(transactionID: id)
            withExtendedLifetime(store) { #expect(syncs.count == 0) }
        }()
        #expect(syncs.count == 1, "the store's deinit fsynced the journal")
        let (reopened, _, _) = try Fixture.store(dir: dir)
        #expect(!reopened.unfinishedTransactions.contains { $0.id == id })
    }

    @Test func aJournalMadeByAFinishIsSyncedWithItsDirectory() throws {
        // The first line after a snapshot makes the journal file: made durable at once (file and
        // directory), so the fsynced lines after it are never in a file a power loss forgets.
        let syncs = SyncCounter()
        let (store, _, dir) = try Fixture.store(durability: .durable.counting(syncs))
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        let journal = dir.appendingPathComponent("store-ledger.journal")
        #expect(!FileManager.default.fileExists(atPath: journal.path), "the first purchase is the snapshot")
        syncs.reset()
        try store.finish(transactionID: coins.id)
        #expect(FileManager.default.fileExists(atPath: journal.path))
        #expect(syncs.count == 2, "the new journal and its directory")
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
        #expect(!finishLine.contains("\"payload\"") && purchaseLine.contains("\"payload\""), "the record is not written again")
        // The head (counters, lines, switches, the groups whose intro offer was used) is in both;
        // the finish line has no record, so it stays well under half the purchase's.
        #expect(finishLine.count * 2 < purchaseLine.count, "\(finishLine.count) bytes against the purchase's \(purchaseLine.count)")
        // Read back: the record is finished and otherwise as it was bought.
        let (reopened, _, _) = try Fixture.store(dir: dir, clock: clock)
        #expect(!reopened.unfinishedTransactions.contains { $0.id == coins.id })
        #expect(reopened.allTransactions.first { $0.id == coins.id }?.jws == coins.jws)
    }

    /// The journal after a snapshot, as lines (each without its newline).
    static func journalLines(_ dir: URL) throws -> [String] {
        try String(contentsOf: dir.appendingPathComponent("store-ledger.journal"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    /// Zeroes the first `count` bytes of journal line `index` (a block a power loss never wrote).
    static func damage(line index: Int, in dir: URL, count: Int = 100) throws {
        let url = dir.appendingPathComponent("store-ledger.journal")
        var bytes = [UInt8](try Data(contentsOf: url))
        let lines = try journalLines(dir)
        let start = lines.prefix(index).reduce(0) { $0 + $1.utf8.count + 1 }
        for i in start..<min(start + count, start + lines[index].utf8.count) { bytes[i] = 0 }
        try Data(bytes).write(to: url)
    }

    /// A power loss may keep a later unsynced finish and lose an earlier one: the damaged line and
    /// the unsynced ones after it are cut, and those transactions come back unfinished.
    @Test func aDamagedFinishFollowedOnlyByFinishesIsCutOnLoad() throws {
        let (store, clock, dir) = try Fixture.store()
        let lifetime = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction) // the snapshot
        let a = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        let b = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        try store.finish(transactionID: a.id)
        try store.finish(transactionID: b.id)
        #expect(try Self.journalLines(dir).count == 4) // two purchases, two finishes
        try Self.damage(line: 2, in: dir)

        let (reopened, _, _) = try Fixture.store(dir: dir, clock: clock)
        let unfinished = Set(reopened.unfinishedTransactions.map(\.id))
        #expect(unfinished == [lifetime.id, a.id, b.id], "both finishes are forgotten; the purchases stay")
        #expect(reopened.allTransactions.count == 3)
        #expect(try Self.journalLines(dir).count == 2, "the damaged line and the finish after it are cut off")
    }

    /// Damage followed by a line that was fsynced cannot come from a power loss (that fsync wrote
    /// everything before it): the journal is refused, naming the line, and left as it is.
    @Test func aDamagedLineFollowedByASyncedOneIsRefused() throws {
        let (store, clock, dir) = try Fixture.store()
        _ = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction)
        let a = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        try store.finish(transactionID: a.id)
        _ = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction) // fsynced
        for damaged in [0, 1] { // the first purchase (synced) or the finish, each followed by the purchase
            let copy = Fixture.tempDirectory()
            try FileManager.default.copyItem(at: dir, to: copy)
            try Self.damage(line: damaged, in: copy)
            let before = try Data(contentsOf: copy.appendingPathComponent("store-ledger.journal"))
            #expect { _ = try Fixture.store(dir: copy, clock: clock) } throws: { "\($0)".contains("store-ledger.journal:\(damaged + 1):1: not a journal line") }
            #expect(try Data(contentsOf: copy.appendingPathComponent("store-ledger.journal")) == before)
        }
    }

    /// Another process compacts the journal into a snapshot while a finish waits for its fsync:
    /// the snapshot holds the finish, and the late sync finds nothing to do.
    @Test func aJournalCompactedByAnotherProcessHoldsTheWaitingFinish() throws {
        let (store, clock, dir) = try Fixture.store()
        _ = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction)
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        try store.finish(transactionID: coins.id)
        #expect(store.hasUnsyncedFinishes)
        let (other, _, _) = try Fixture.store(dir: dir, clock: clock)
        let journal = dir.appendingPathComponent("store-ledger.journal")
        var purchases = 0
        while FileManager.default.fileExists(atPath: journal.path), purchases < 200 { // until a save compacts it
            _ = try #require(other.purchase(productID: "coins_100", options: Fixture.options).transaction)
            purchases += 1
        }
        #expect(!FileManager.default.fileExists(atPath: journal.path), "compacted after \(purchases) purchases")
        try store.syncFinishes()
        #expect(!store.hasUnsyncedFinishes)
        // The snapshot, with the records it sealed into the record archive (no journal is left).
        let snapshot = try #require(try JournaledLedger<StoreState>(url: dir.appendingPathComponent("store-ledger.json"), durability: .durable).read().state)
        #expect(snapshot.records.first { $0.payload.transactionId == coins.id }?.finished == true)
    }
}
