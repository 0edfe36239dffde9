import Foundation
import PaywallCore
import PaywallFoundation
import Testing
@testable import StoreSim
@testable import TeamServer

@Suite("A backend in the store's process holds the store's payload for what the store signed")
struct SignedPayloadCacheTests {
    @Test("decoding the signed bytes gives back the payload, byte for byte (3,000 seeded random payloads)")
    func decodingGivesThePayloadBack() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        var differ: [String] = []
        for _ in 0..<3_000 {
            let payload = TransactionPayloadJSONTests.payload(&random)
            let bytes = payload.sortedKeyJSON()
            let decoded = try LocatedJSONDecoder().decode(TransactionPayload.self, from: bytes)
            if decoded != payload || decoded.sortedKeyJSON() != bytes { differ.append(String(decoding: bytes, as: UTF8.self)) }
        }
        #expect(differ.isEmpty, "seed \(seed): \(differ.prefix(2))")
    }

    @Test("the backend's record holds the very payload the store signed: a purchase and its renewal")
    func backendSharesTheStoresPayload() throws {
        // A start no other test uses: the payloads signed here are byte for byte this test's own,
        // so a store in a test running alongside (same seed, same products) never signs the same
        // bytes into the process-wide cache and replaces this test's payload object there.
        let (store, clock, dir) = try Fixture.store(clock: ManualClock(Fixture.start.addingTimeInterval(12_345_679)))
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        // Each is posted as soon as it is signed, and compared with the store's own record rather
        // than with the process-wide cache, which tests running alongside keep signing into. A
        // record sealed into the record archive is not held by the store at all (it is read from
        // its file when asked for): only one the store holds in memory has a payload to share.
        var shared = 0
        func postAndCompare(_ transaction: SignedTransaction) throws {
            guard case .verified = backend.post(jws: transaction.jws, appAccountToken: Fixture.user, offerID: "A") else {
                Issue.record("transaction \(transaction.id) was not verified")
                return
            }
            let signed = try CompactJWS.decodeUnverified(transaction.jws).payload
            let stores = try #require(store.record(transaction.id)?.boxedPayload)
            let record = try #require(backend.record(transactionID: transaction.id))
            let position = try #require(store.state.records.lastPosition(ofID: transaction.id))
            if position >= store.state.records.sealedCount {
                #expect(record.boxedPayload === stores, "transaction \(transaction.id)")
                shared += 1
            }
            #expect(record.payload == (try LocatedJSONDecoder().decode(TransactionPayload.self, from: signed)))
        }
        try postAndCompare(try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction))
        clock.advance(by: 8 * 86_400)
        try store.process(now: clock.now())
        try postAndCompare(try #require(store.takeUpdates().compactMap(\.transaction).last))
        #expect(shared >= 1, "the renewal, signed after the first save sealed the purchase, is held in memory")
    }

    @Test("bytes not signed here are not found; one byte changed at the end is other bytes")
    func onlyTheSameBytes() throws {
        var random = SeededGenerator(seed: 7)
        let payload = TransactionPayloadJSONTests.payload(&random)
        let bytes = payload.sortedKeyJSON()
        let cache = SignedPayloadCache()
        #expect(cache.payload(signedAs: Data("{\"not\":\"signed here\"}".utf8)) == nil)
        let box = Boxed(payload)
        cache.remember(box, signedAs: bytes)
        #expect(cache.payload(signedAs: bytes) === box)
        var changed = bytes
        changed[changed.index(before: changed.endIndex) - 1] ^= 0x01
        #expect(cache.payload(signedAs: changed) == nil)
        // Each store owns its cache: another one knows nothing of what this one remembers.
        #expect(SignedPayloadCache().payload(signedAs: bytes) == nil)
    }
}
