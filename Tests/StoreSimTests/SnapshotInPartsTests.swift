import Foundation
import PaywallFoundation
import Testing
@testable import StoreSim
@testable import TeamServer

/// Ledger snapshots written a record at a time read back as the state that was saved, and a JWS
/// held with a shared header is the JWS that was signed.
@Suite("Snapshots in parts and shared JWS headers")
struct SnapshotInPartsTests {
    /// A store and backend with purchases, a subscription and a renewal.
    static func filled() throws -> (SimulatedStore, VerificationBackend, URL) {
        let (store, clock, dir) = try Fixture.store()
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        for product in ["coins_100", "coins_100", "lifetime", "weekly_9_99"] {
            guard case let .success(t, _) = store.purchase(productID: product, options: Fixture.options) else {
                Issue.record("\(product) was not bought"); continue
            }
            _ = backend.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "A")
        }
        clock.advance(by: 8 * 86_400)
        try store.process(now: clock.now())
        for update in store.takeUpdates() { if let t = update.transaction { _ = backend.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "A") } }
        return (store, backend, dir)
    }

    @Test func storeAndBackendStatesReadBackAsSaved() throws {
        let (store, backend, dir) = try Self.filled()
        #expect(store.state.records.count >= 5)
        // The state with every record held in the snapshot itself (as before the record archive,
        // and as a ledger written before it still is).
        var inMemory = store.state
        inMemory.records = RecordList(Array(store.state.records))
        inMemory.archive = nil
        let storeLedger = Ledger<StoreState>(url: dir.appendingPathComponent("copy-store.json"), durability: .durable)
        try storeLedger.save(inMemory)
        #expect(try storeLedger.load() == inMemory)

        var journaled = JournaledLedger<BackendState>(url: dir.appendingPathComponent("backend-ledger.json"), durability: .durable)
        let backendState = try #require(try journaled.load())
        #expect(backendState.records.count >= 4)
        let backendLedger = Ledger<BackendState>(url: dir.appendingPathComponent("copy-backend.json"), durability: .durable)
        try backendLedger.save(backendState)
        #expect(try backendLedger.load() == backendState)
        _ = backend

        // The file is the same JSON a whole encoding makes (one object; records in order).
        let whole = try JSONSerialization.jsonObject(with: JSONEncoder().encode(inMemory)) as? NSDictionary
        let inParts = try JSONSerialization.jsonObject(with: Data(contentsOf: storeLedger.url)) as? NSDictionary
        #expect(whole == inParts)
    }

    @Test func aWriterThatFailsLeavesTheOldFile() throws {
        let url = Fixture.tempDirectory().appendingPathComponent("ledger.json")
        try DurableFile.replace(Data("old".utf8), at: url, durability: .durable)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try DurableFile.replace(at: url, durability: .durable) { write in
                try write(Data("half of the ne".utf8))
                throw Stop()
            }
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
        let strays = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).filter { $0.contains(".tmp-") }
        #expect(strays.isEmpty)
    }

    @Test func theStoresOwnJWSIsKeptAsItsSignatureAndIsTheSignedJWS() throws {
        let (store, _, _) = try Self.filled()
        let headers = store.encodedHeaders
        let records = store.state.records
        for record in records {
            // Put back together from the store's header and the payload, it still verifies as Apple would.
            let jws = record.jws(headers)
            let payload = try store.signedDataVerifier.verify(jws, now: Fixture.start)
            let decoded = try JSONDecoder().decode(TransactionPayload.self, from: payload)
            #expect(decoded == record.payload)
            #expect(CompactJWS.segments(jws).count == 3)
            let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)) as? [String: Any])
            #expect(encoded["jws"] == nil, "on disk: the signature and signer, not the 4 KB JWS")
            #expect(encoded["signature"] as? String == String(CompactJWS.segments(jws)[2]))
            #expect(encoded["signer"] as? String == "trusted-x5c")
            let reloaded = try JSONDecoder().decode(TransactionRecord.self, from: JSONEncoder().encode(record))
            #expect(reloaded == record && reloaded.jws(headers) == jws)
        }
        #expect(Set(records.map { String(CompactJWS.segments($0.jws(headers))[0]) }) == [headers.trusted])
        let payload = try #require(records.first?.payload)
        #expect(StoredJWS("not a jws", payload: payload, signer: .trusted).text(payload: payload, headers: headers) == "not a jws")
        #expect(StoredJWS("a.b.c.d", payload: payload, signer: nil).text(payload: payload, headers: headers) == "a.b.c.d")
    }

    @Test func aJWSFromElsewhereIsKeptWholeAsBefore() throws {
        let (store, _, _) = try Self.filled()
        let headers = store.encodedHeaders
        let record = try #require(store.state.records.first)
        let parts = CompactJWS.segments(record.jws(headers)).map(String.init)
        // The same payload with other spacing and key order: it decodes to the same fields, but
        // re-encoding would not give these bytes, so they are kept.
        let spaced = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: record.payload.encoded()),
                                                options: [.prettyPrinted])
        let foreign = parts[0] + "." + CompactJWS.base64url(spaced) + "." + parts[2]
        let kept = TransactionRecord(payload: record.payload, jws: foreign, verified: false, finished: false, signer: .trusted)
        #expect(kept.jws(headers) == foreign && kept.keepsPayloadSegment)
        #expect(store.state.records.allSatisfy { !$0.keepsPayloadSegment }, "the store's own payload segments are made again, not kept")
        let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(kept)) as? [String: Any])
        #expect(encoded["jws"] as? String == foreign, "kept whole, as ledgers always held it")
        let reloaded = try JSONDecoder().decode(TransactionRecord.self, from: JSONEncoder().encode(kept))
        #expect(reloaded.jws(headers) == foreign && reloaded.payload == record.payload)
        #expect(!kept.sameJWS(as: record, headers: headers) && record.sameJWS(as: record, headers: headers))
        // A ledger written before (the whole JWS on disk) reads back as the same JWS.
        let old = TransactionRecord(payload: record.payload, jws: record.jws(headers), verified: true, finished: true)
        #expect(old.jws(headers) == record.jws(headers) && old.sameJWS(as: record, headers: headers))
    }
}
