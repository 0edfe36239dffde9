import Foundation
import PaywallCore
import Testing
@testable import StoreSim
@testable import TeamServer

/// Records, journal lines and snapshots written directly are what `JSONEncoder` with sorted keys
/// writes, byte for byte.
@Suite("A transaction record's JSON, written directly")
struct TransactionRecordJSONTests {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// The journal's line as `JournaledLedger` encoded it before (its private `Entry`).
    struct Line<Change: Encodable>: Encodable {
        var seq: Int
        var change: Change
    }

    static func direct(_ record: TransactionRecord) -> Data {
        var out = JSONBytes()
        record.writeSortedKeyJSON(into: &out)
        return Data(out.bytes)
    }

    static func direct(_ record: BackendRecord) -> Data {
        var out = JSONBytes()
        record.writeSortedKeyJSON(into: &out)
        return Data(out.bytes)
    }

    /// Seconds since 2001 of every kind a `Date` can hold: whole, fractional, tiny, huge, negative.
    static func instant(_ random: inout some RandomNumberGenerator) -> Date {
        let kinds: [Double] = [0, 1, -1, 0.5, 1e-7, 817_948_159.179_082_9, 1e16, 1.5e300, -2e9, 5e-324]
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return Date(timeIntervalSinceReferenceDate: kinds.randomElement(using: &random)!)
        case 1: return Date(timeIntervalSinceReferenceDate: Double(Int64.random(in: -4_000_000_000...4_000_000_000, using: &random)))
        default: return Date(timeIntervalSinceReferenceDate: Double.random(in: -1e10...1e10, using: &random))
        }
    }

    static func record(_ random: inout some RandomNumberGenerator, jws: String) -> TransactionRecord {
        // Signed by the store (kept as its signature) or come from elsewhere (kept whole).
        TransactionRecord(payload: TransactionPayloadJSONTests.payload(&random), jws: jws,
                          verified: Bool.random(using: &random), finished: Bool.random(using: &random),
                          signer: [JWSSigner.trusted, .untrusted, nil].randomElement(using: &random)!)
    }

    @Test func randomRecordsMatchJSONEncoderByteForByte() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        let (store, _, _) = try SnapshotInPartsTests.filled()
        let signed = store.state.records.map { $0.jws(store.encodedHeaders) }
        var differ: [String] = []
        for n in 0..<2_000 {
            // Real JWSs (shared header, payload segment made from the payload or kept), and odd text.
            let jws = n % 3 == 0 ? TransactionPayloadJSONTests.odd.randomElement(using: &random)! : signed.randomElement(using: &random)!
            let record = Self.record(&random, jws: jws)
            let byEncoder = try Self.encoder.encode(record)
            if Self.direct(record) != byEncoder { differ.append(String(decoding: byEncoder, as: UTF8.self)) }
        }
        #expect(differ.isEmpty, "seed \(seed): \(differ.prefix(2))")
    }

    @Test func journalLinesAndSnapshotsMatchJSONEncoder() throws {
        let (store, _, _) = try SnapshotInPartsTests.filled()
        let state = store.state
        let ids = state.records.map(\.payload.transactionId)
        // Upserts, finished ids (a finish journals the id alone), both, and ids that are not digits.
        let shapes: [(dirty: Set<String>, finished: Set<String>)] = [
            ([], []), (Set(ids.suffix(1)), []), (Set(ids), []), ([], Set(ids.prefix(1))), ([], Set(ids)),
            (Set(ids.suffix(2)), Set(ids.prefix(3))), ([], ["a \"quoted\" / id", "ü\u{1F600}\n"]),
        ]
        for (dirty, finished) in shapes {
            let change = state.change(dirty: dirty, finished: finished)
            #expect(change.finished == (finished.subtracting(dirty).isEmpty ? nil : finished.subtracting(dirty).sorted()))
            for seq in [1, 42, 1_000_000] {
                let direct = try #require(try StoreState.journalLine(seq: seq, change: change, encoder: Self.encoder))
                #expect(direct == (try Self.encoder.encode(Line(seq: seq, change: change))),
                        "\(dirty.count) records, \(finished.count) finished, seq \(seq)")
            }
        }
        var random = SeededGenerator(seed: 7)
        var odd = state
        odd.records = RecordList((0..<40).map { _ in Self.record(&random, jws: TransactionPayloadJSONTests.odd.randomElement(using: &random)!) })
        var empty = state
        empty.records = RecordList()
        for candidate in [state, odd, empty] {
            var written = Data()
            try candidate.writeBulk(with: Self.encoder) { written.append($0) }
            // A snapshot holds the records not sealed into the record archive (all of them when there is none).
            let held = candidate.records.archive == nil ? Array(candidate.records) : candidate.records.appended
            #expect(written == (try Self.encoder.encode(held)))
        }
    }

    @Test func backendRecordsJournalLinesAndSnapshotsMatchJSONEncoder() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        let sources: [Entitlement.Source] = [.none, .purchase, .restore, .cache]
        var differ: [String] = []
        var records: [String: BackendRecord] = [:]
        for n in 0..<2_000 {
            let id = String(2_000_000_000_000_000 + n)
            let record = BackendRecord(transactionID: n % 5 == 0 ? TransactionPayloadJSONTests.odd.randomElement(using: &random)! : id,
                                       payload: TransactionPayloadJSONTests.payload(&random),
                                       offerID: TransactionPayloadJSONTests.odd.randomElement(using: &random)!,
                                       receivedAt: Self.instant(&random), source: sources.randomElement(using: &random)!)
            let byEncoder = try Self.encoder.encode(record)
            if Self.direct(record) != byEncoder { differ.append(String(decoding: byEncoder, as: UTF8.self)) }
            if n < 300 { records[id] = record }
        }
        #expect(differ.isEmpty, "seed \(seed): \(differ.prefix(2))")

        let (store, backend, dir) = try SnapshotInPartsTests.filled()
        var journaled = JournaledLedger<BackendState>(url: dir.appendingPathComponent("backend-ledger.json"), durability: .durable)
        let state = try #require(try journaled.load())
        #expect(state.records.count >= 4 && state.lastVerified != nil)
        let entitlement = state.lastVerified
        let upserts = Array(records.values.prefix(3))
        let changes: [BackendState.Change] = [
            .init(upserts: [], newGrants: [], lastVerified: nil, gracePeriods: nil, paidAppPurchase: nil),
            .init(upserts: upserts, newGrants: ["1", "2"], lastVerified: entitlement, gracePeriods: ["1": Self.instant(&random)], paidAppPurchase: nil),
            .init(upserts: Array(state.records.values), newGrants: state.grants, lastVerified: entitlement, gracePeriods: [:], paidAppPurchase: nil),
        ]
        for (n, change) in changes.enumerated() {
            let direct = try #require(try BackendState.journalLine(seq: n + 1, change: change, encoder: Self.encoder))
            #expect(direct == (try Self.encoder.encode(Line(seq: n + 1, change: change))), "change \(n)")
        }
        for candidate in [records, state.records, [:]] {
            var snapshot = state
            snapshot.records = candidate
            var written = Data()
            try snapshot.writeBulk(with: Self.encoder) { written.append($0) }
            #expect(written == (try Self.encoder.encode(candidate)))
        }
        _ = (store, backend)
    }

    @Test func aDateTheEncoderRefusesIsStillRefused() throws {
        var random = SeededGenerator(seed: 3)
        for seconds in [Double.nan, .infinity, -.infinity] {
            let record = BackendRecord(transactionID: "1", payload: TransactionPayloadJSONTests.payload(&random), offerID: "A",
                                       receivedAt: Date(timeIntervalSinceReferenceDate: seconds), source: .purchase)
            #expect(!record.writesDirectly)
            let change = BackendState.Change(upserts: [record], newGrants: [], lastVerified: nil, gracePeriods: nil, paidAppPurchase: nil)
            #expect(try BackendState.journalLine(seq: 1, change: change, encoder: Self.encoder) == nil) // the encoder's line: it throws
            #expect(throws: EncodingError.self) { _ = try Self.encoder.encode(Line(seq: 1, change: change)) }
            var state = BackendState()
            state.records = ["1": record]
            #expect(throws: EncodingError.self) { try state.writeBulk(with: Self.encoder) { _ in } }
        }
    }
}
