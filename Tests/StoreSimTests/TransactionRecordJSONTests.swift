import Foundation
import PaywallCore
import Testing
@testable import StoreSim

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
    struct Line: Encodable {
        var seq: Int
        var change: StoreState.Change
    }

    static func direct(_ record: TransactionRecord) -> Data {
        var out = JSONBytes()
        record.writeSortedKeyJSON(into: &out)
        return Data(out.bytes)
    }

    static func record(_ random: inout some RandomNumberGenerator, jws: String) -> TransactionRecord {
        TransactionRecord(payload: TransactionPayloadJSONTests.payload(&random), jws: jws,
                          verified: Bool.random(using: &random), finished: Bool.random(using: &random))
    }

    @Test func randomRecordsMatchJSONEncoderByteForByte() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        let (store, _, _) = try SnapshotInPartsTests.filled()
        let signed = store.state.records.map(\.jws)
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
        for dirty in [Set<String>(), Set(ids.suffix(1)), Set(ids)] {
            let change = state.change(dirty: dirty)
            for seq in [1, 42, 1_000_000] {
                let direct = try #require(try StoreState.journalLine(seq: seq, change: change, encoder: Self.encoder))
                #expect(direct == (try Self.encoder.encode(Line(seq: seq, change: change))), "\(dirty.count) records, seq \(seq)")
            }
        }
        var random = SeededGenerator(seed: 7)
        var odd = state
        odd.records = (0..<40).map { _ in Self.record(&random, jws: TransactionPayloadJSONTests.odd.randomElement(using: &random)!) }
        var empty = state
        empty.records = []
        for candidate in [state, odd, empty] {
            var written = Data()
            try candidate.writeBulk(with: Self.encoder) { written.append($0) }
            #expect(written == (try Self.encoder.encode(candidate.records)))
        }
    }
}
