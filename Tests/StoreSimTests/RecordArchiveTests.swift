import Foundation
import PaywallCore
import PaywallFoundation
import Testing
@testable import StoreSim

/// The record archive: a snapshot that names its sealed records instead of holding them, read a
/// record at a time; what another process sealed reaches this one; damage is named, not trusted.
@Suite("The record archive: a long ledger opened without reading it")
struct RecordArchiveTests {
    /// A monthly subscription renewing every 30 s, caught up `renewals` times by one store.
    static func renewed(_ renewals: Int, dir: URL? = nil) throws -> (SimulatedStore, ManualClock, URL) {
        let (store, clock, dir) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), dir: dir)
        _ = try #require(store.purchase(productID: "monthly_19_99", options: Fixture.options).transaction)
        clock.advance(by: Double(renewals) * 30)
        try store.process(now: clock.now())
        store.discardUpdates()
        return (store, clock, dir)
    }

    static func ledgerURL(_ dir: URL) -> URL { dir.appendingPathComponent("store-ledger.json") }

    @Test func aLongLedgerIsSealedAndReadBackTheSame() throws {
        let (store, clock, dir) = try Self.renewed(600)
        let ids = store.allTransactions.map(\.id)
        #expect(ids.count == 601)
        let reading = try JournaledLedger<StoreState>(url: Self.ledgerURL(dir), durability: .durable).read()
        let state = try #require(reading.state)
        // The snapshot names the archive and holds no record of its own beyond what came after it.
        let archive = try #require(state.records.archive)
        #expect(state.archive == archive.mark)
        #expect(archive.count > 500 && archive.mark.sortedIDs)
        let snapshot = try Data(contentsOf: Self.ledgerURL(dir))
        #expect(snapshot.count < 16 << 10, "a snapshot of \(snapshot.count) bytes")
        let (reopened, _, _) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), dir: dir, clock: clock)
        #expect(reopened.allTransactions.map(\.id) == ids)
        #expect(reopened.allTransactions.map(\.jws) == store.allTransactions.map(\.jws))
        #expect(reopened.transactionCounts == (601, 601))
        // Every one is redelivered at launch, in order (unfinished), each read from the archive.
        #expect(reopened.takeUpdates().map { $0.transaction?.id } == ids)
        #expect(reopened.signedTransaction(id: ids[3])?.jws == store.signedTransaction(id: ids[3])?.jws)
        // A page by date, its dates read from the index: what a filter over every transaction gives.
        let since = store.allTransactions[450].purchaseDate
        let expected = store.allTransactions.filter { $0.purchaseDate >= since }
        let page = reopened.transactionPage(limit: 20, since: since)
        #expect(page.total == expected.count && expected.count == 151)
        #expect(page.page.map(\.signed.id) == Array(expected.reversed().prefix(20).map(\.id)))
    }

    @Test func aChangeToASealedRecordIsAppendedAndAFinishIsAnEntry() throws {
        let (store, clock, dir) = try Self.renewed(400)
        let first = try #require(store.allTransactions.first?.id)
        let files = RecordArchive.files(of: Self.ledgerURL(dir), generation: 1)
        // Sealing everything now: the journal outgrows 64 KiB after enough renewals; force it with more.
        clock.advance(by: 200 * 30)
        try store.process(now: clock.now())
        store.discardUpdates()
        try store.finish(transactionID: first)
        try store.refund(transactionID: store.allTransactions[1].id)
        // Enough further renewals that the journal holding the finish and the refund is compacted.
        clock.advance(by: 300 * 30)
        try store.process(now: clock.now())
        let journal = FileManager.default.contents(atPath: dir.appendingPathComponent("store-ledger.journal").path)
        #expect((journal?.count ?? 0) < 64 << 10, "the journal holding the finish and the refund was compacted")
        let (reopened, _, _) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), dir: dir, clock: clock)
        #expect(!reopened.unfinishedTransactions.contains { $0.id == first })
        #expect(reopened.refundedTransactions.map(\.id) == [store.allTransactions[1].id])
        #expect(reopened.allTransactions.map(\.id) == store.allTransactions.map(\.id))
        #expect(FileManager.default.fileExists(atPath: files.records.path))
    }

    @Test func theHistoryPageOrderedFromTheIndexIsTheOrderOfEveryPayload() throws {
        let (store, clock, dir) = try Self.renewed(400)
        // An old transaction refunded 10 s after the last renewal: re-signed then, it moves to the
        // end of the history's order.
        clock.advance(by: 10)
        try store.refund(transactionID: store.allTransactions[3].id)
        let (reopened, _, _) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), dir: dir, clock: clock)
        let payloads = reopened.transactionPayloads.sorted { ($0.signedDate, $0.transactionId) < ($1.signedDate, $1.transactionId) }
        for (from, to) in [(nil, nil), (payloads[100].signedDate, payloads[300].signedDate), (payloads[390].signedDate, nil)] as [(Int64?, Int64?)] {
            let kept = payloads.filter { payload in
                (from.map { payload.signedDate >= $0 } ?? true) && (to.map { payload.signedDate < $0 } ?? true)
            }
            for descending in [false, true] {
                let ordered = descending ? Array(kept.reversed()) : kept
                for offset in [0, 20, kept.count - 5] {
                    let (page, total) = reopened.transactionHistoryPage(signedFrom: from, before: to, descending: descending, offset: offset, limit: 20)
                    #expect(total == kept.count)
                    #expect(page.map(\.id) == ordered.dropFirst(offset).prefix(20).map(\.transactionId), "from \(String(describing: from)), offset \(offset)")
                }
            }
        }
        #expect(reopened.transactionHistoryPage(signedFrom: nil, before: nil, descending: true, offset: 0, limit: 1).page.first?.id
                    == store.allTransactions[3].id, "the refunded transaction, signed last")
    }

    @Test func aDeletionStartsANewGenerationAndRemovesTheOld() throws {
        let (store, clock, dir) = try Self.renewed(300)
        let old = RecordArchive.files(of: Self.ledgerURL(dir), generation: 1)
        #expect(FileManager.default.fileExists(atPath: old.index.path))
        let gone = store.allTransactions[5].id
        try store.deleteTransaction(transactionID: gone)
        let new = RecordArchive.files(of: Self.ledgerURL(dir), generation: 2)
        #expect(FileManager.default.fileExists(atPath: new.records.path))
        #expect(!FileManager.default.fileExists(atPath: old.records.path) && !FileManager.default.fileExists(atPath: old.index.path))
        let (reopened, _, _) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), dir: dir, clock: clock)
        #expect(reopened.allTransactions.count == 300 && !reopened.allTransactions.contains { $0.id == gone })
        #expect(reopened.allTransactions.map(\.id) == store.allTransactions.map(\.id))
    }

    @Test func aStateEncodedWholeReadsBackWithItsRecordsOnce() throws {
        // `Ledger` writes a snapshot whole when its records key is not where it expects (a
        // subscription group named "records"): the sealed records must not come back twice.
        let (store, _, dir) = try Self.renewed(300)
        let whole = try JSONEncoder().encode(store.state)
        var state = try LocatedJSONDecoder().decode(StoreState.self, from: whole)
        try state.attachFiles(ledger: Self.ledgerURL(dir))
        #expect(state.records.map(\.payload.transactionId) == store.allTransactions.map(\.id))
    }

    @Test func transactionsClearedThenBoughtAgainTakeANewGenerationAndLeaveTheOldReadable() throws {
        let (store, clock, dir) = try Self.renewed(300)
        let before = store.state.records
        let sixth = store.allTransactions[5]
        try store.clearTransactions()
        // Bought again and renewed until the journal is compacted: the records are sealed anew.
        _ = try #require(store.purchase(productID: "monthly_19_99", options: Fixture.options).transaction)
        clock.advance(by: 200 * 30)
        try store.process(now: clock.now())
        let second = RecordArchive.files(of: Self.ledgerURL(dir), generation: 2)
        #expect(FileManager.default.fileExists(atPath: second.records.path), "not generation 1 again, truncated in place")
        #expect(!FileManager.default.fileExists(atPath: RecordArchive.files(of: Self.ledgerURL(dir), generation: 1).records.path))
        // A list another reader still holds reads the old records as they were.
        #expect(before[5].payload.transactionId == sixth.id && before[5].jws(store.encodedHeaders) == sixth.jws)
        #expect(store.allTransactions.count == 201)
    }

    @Test func bytesASealCutShortLeftAreIgnoredAndWrittenOver() throws {
        let (store, clock, dir) = try Self.renewed(300)
        let files = RecordArchive.files(of: Self.ledgerURL(dir), generation: 1)
        // A kill mid-seal: bytes past the mark in both files, no snapshot naming them.
        try DurableFile.append(Data(#"{"finished":tr"#.utf8), to: files.records, durability: .durable)
        try DurableFile.append(Data(repeating: 0xAB, count: 30), to: files.index, durability: .durable)
        let (reopened, _, _) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), dir: dir, clock: clock)
        #expect(reopened.allTransactions.map(\.id) == store.allTransactions.map(\.id))
        clock.advance(by: 300 * 30)
        try reopened.process(now: clock.now())
        let (third, _, _) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), dir: dir, clock: clock)
        #expect(third.allTransactions.count == 601)
        #expect(third.allTransactions.map(\.jws) == reopened.allTransactions.map(\.jws))
    }

    @Test func renewalsAnotherProcessSealedArriveAsUpdates() throws {
        let (store, clock, dir) = try Self.renewed(10)
        let (other, _, _) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), dir: dir, clock: clock)
        other.discardUpdates()
        clock.advance(by: 500 * 30)
        try other.process(now: clock.now())
        other.discardUpdates()
        #expect(try store.refreshFromDisk())
        let updates = store.takeUpdates()
        #expect(updates.count == 500)
        #expect(updates.allSatisfy { $0.reason == .renewal })
        #expect(updates.map { $0.transaction?.id } == other.allTransactions.suffix(500).map(\.id))
    }

    @Test func aDamagedRecordIsNamedByTheCheckAndNotReadToOpen() throws {
        let (store, clock, dir) = try Self.renewed(300)
        let files = RecordArchive.files(of: Self.ledgerURL(dir), generation: 1)
        // Damage record 3 in place: its first bytes overwritten.
        let state = try #require(try JournaledLedger<StoreState>(url: Self.ledgerURL(dir), durability: .durable).read().state)
        let archive = try #require(state.records.archive)
        try DurableFile.write(Data("XXXX".utf8), to: files.records, at: archive.slots[2].offset, durability: .durable)
        // Opening and the newest page do not read it.
        let (reopened, _, _) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), dir: dir, clock: clock)
        #expect(reopened.transactionPage(limit: 5).page.map(\.signed.id) == Array(store.allTransactions.suffix(5).reversed().map(\.id)))
        // The whole-ledger check names the file and the byte.
        #expect {
            _ = try SavedStoreLedger.read(in: dir)
        } throws: { error in
            "\(error)".contains(files.records.path) && "\(error)".contains("byte \(archive.slots[2].offset)") && "\(error)".contains("record 3")
        }
    }

    @Test func anIndexShorterThanTheSnapshotSaysIsAnErrorNamingIt() throws {
        let (_, clock, dir) = try Self.renewed(300)
        let files = RecordArchive.files(of: Self.ledgerURL(dir), generation: 1)
        let index = try Data(contentsOf: files.index)
        try index.prefix(index.count - 40).write(to: files.index)
        #expect {
            _ = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), dir: dir, clock: clock)
        } throws: { error in
            "\(error)".contains(files.index.path) && "\(error)".contains("expected")
        }
    }
}
