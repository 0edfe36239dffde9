import Foundation
import PaywallCore
import PaywallFoundation
import Testing
@testable import StoreSim

/// The ledger's fast reader (`RecordReader`, `JSONByteReader`) reads exactly what the decoder
/// reads, and leaves to the decoder whatever it does not expect.
@Suite("Reading a ledger's records without the decoder")
struct RecordReaderTests {
    static func array(_ records: [TransactionRecord]) -> Data {
        var out = JSONBytes()
        out.bytes.append(UInt8(ascii: "["))
        for (index, record) in records.enumerated() {
            if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
            record.writeSortedKeyJSON(into: &out)
        }
        out.bytes.append(UInt8(ascii: "]"))
        return Data(out.bytes)
    }

    static func fast(_ data: Data) -> [TransactionRecord]? { RecordReader.records(in: data, range: 0..<data.count) }

    @Test func randomRecordsReadAsTheDecoderReadsThem() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        let records = (0..<2_000).map { n in
            TransactionRecordJSONTests.record(&random, jws: n % 3 == 0 ? TransactionPayloadJSONTests.odd.randomElement(using: &random)! : "aGVhZA.cGF5bG9hZA.c2ln\(n)")
        }
        let data = Self.array(records)
        let decoded = try LocatedJSONDecoder().decode([TransactionRecord].self, from: data)
        let read = try #require(Self.fast(data), "seed \(seed)")
        #expect(read.count == decoded.count)
        let differ = zip(read, decoded).enumerated().filter { $1.0 != $1.1 }.map(\.offset)
        #expect(differ.isEmpty, "seed \(seed): records \(differ.prefix(5)) differ")
    }

    @Test func escapesReadAsTheDecoderReadsThem() throws {
        // Escapes JSONEncoder never writes but a hand-edited ledger may hold: \u with and without
        // a surrogate pair, upper-case hex, and whitespace between the tokens.
        let text = #"[ {"finished" : true, "payload": {"bundleId":"caf\u00E9 \ud83d\udc4d \/ \"q\"","currency":"USD","environment":"Xcode","inAppOwnershipType":"PURCHASED","originalPurchaseDate":-5,"originalTransactionId":"1","price":0,"productId":"p","purchaseDate":1,"quantity":1,"signedDate":2,"storefront":"USA","storefrontId":"143441","transactionId":"1","transactionReason":"PURCHASE","type":"Consumable"},"signature":"s","signer":"trusted","verified":false}"# + "\n  ]"
        let data = Data(text.utf8)
        let decoded = try LocatedJSONDecoder().decode([TransactionRecord].self, from: data)
        let read = try #require(Self.fast(data))
        #expect(read == decoded)
        #expect(read.first?.payload.bundleId == "café 👍 / \"q\"")
    }

    @Test(arguments: [
        #"[{"finished":true,"payload":{},"verified":true,"extra":1}]"#,  // a key it does not know
        #"[{"finished":null,"payload":{},"verified":true}]"#,              // a null
        #"[{"finished":true,"verified":true}]"#,                           // no payload
        #"[{"finished":1,"payload":{},"verified":true}]"#,                 // a number for a flag
        #"[{"finished":true,"payload":{"price":1.5},"verified":true}]"#,   // a fraction
        #"[{"finished":true,"payload":{"price":99999999999999999999},"verified":true}]"#, // overflow
        #"[{"finished":true,"payload":{"bundleId":"\ud83d"},"verified":true}]"#, // a lone surrogate
        #"[{"finished":true,"payload":{"bundleId":"a"#,                    // cut short
    ])
    func leavesWhatItDoesNotExpectToTheDecoder(_ text: String) {
        #expect(Self.fast(Data(text.utf8)) == nil)
    }

    @Test func leavesBytesThatAreNotUTF8ToTheDecoder() {
        let data = Data(#"[{"finished":true,"payload":{"bundleId":""#.utf8) + Data([0xFF]) + Data(#""},"verified":true}]"#.utf8)
        #expect(Self.fast(data) == nil)
    }

    @Test func aSnapshotAndAJournalLineReadAsTheDecoderReadsThem() throws {
        let (store, _, dir) = try SnapshotInPartsTests.filled()
        defer { try? FileManager.default.removeItem(at: dir) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every record in the snapshot itself (a ledger from before the record archive).
        var whole = store.state
        whole.records = RecordList(Array(store.state.records))
        whole.archive = nil
        let snapshot = try encoder.encode(whole)
        let state = try #require(StoreState.readSnapshot(snapshot))
        #expect(state == (try LocatedJSONDecoder().decode(StoreState.self, from: snapshot)))
        #expect(state.records.count == store.state.records.count)

        let change = store.state.change(dirty: Set(store.state.records.suffix(3).map(\.payload.transactionId)), finished: [store.state.records[0].payload.transactionId])
        let line = try #require(try StoreState.journalLine(seq: 7, change: change, encoder: encoder))
        let read = try #require(StoreState.readJournalLine(line))
        #expect(read.seq == 7)
        #expect(read.change.upserts == change.upserts)
        #expect(read.change.head == change.head)
        #expect(read.change.finished == change.finished)
    }

    @Test func findsAValueByItsPathOnlyWhenItIsThereOnce() {
        let data = Data(#"{"a":{"b":[1,{"c":"}"}],"x":"\"b\""},"records":[{"q":1}] ,"z":null}"#.utf8)
        let text = String(decoding: data, as: UTF8.self)
        func value(_ path: [StaticString]) -> String? {
            JSONByteReader.valueRange(at: path, in: data).map { String(text.utf8.dropFirst($0.lowerBound).prefix($0.count))! }
        }
        #expect(value(["records"]) == #"[{"q":1}]"#)
        #expect(value(["a", "b"]) == #"[1,{"c":"}"}]"#)
        #expect(value(["a", "x"]) == #""\"b\"""#)
        #expect(value(["z"]) == "null")
        #expect(value(["missing"]) == nil)
        #expect(JSONByteReader.valueRange(at: ["k"], in: Data(#"{"k":1,"k":2}"#.utf8)) == nil)
        #expect(JSONByteReader.valueRange(at: ["k"], in: Data(#"{"k":[1,2"#.utf8)) == nil)
        // A nested path goes on after the inner object: a key after it is still checked.
        #expect(JSONByteReader.valueRange(at: ["a", "b"], in: Data(#"{"a":{"b":1},"a":{"b":2}}"#.utf8)) == nil)
        #expect(JSONByteReader.valueRange(at: ["a", "b"], in: Data(#"{"a":{"b":1},"z":2"#.utf8)) == nil, "no closing brace")
    }

    @Test func readsTheRecordsWhereItFindsThemInOnePass() throws {
        var random = SeededGenerator(seed: 7)
        let records = (0..<20).map { n in TransactionRecordJSONTests.record(&random, jws: "aGVhZA.cGF5bG9hZA.c2ln\(n)") }
        let array = String(decoding: Self.array(records), as: UTF8.self)
        let snapshot = Data(("{\"lines\":{},\"records\":" + array + ",\"rng\":1}").utf8)
        let found = try #require(JSONByteReader.value(at: ["records"], in: snapshot, read: RecordReader.records))
        #expect(found.value == records)
        #expect(String(decoding: snapshot[found.range], as: UTF8.self) == array)
        // A reader that fails, or records that do not close, find nothing.
        #expect(JSONByteReader.value(at: ["records"], in: snapshot, read: { _ -> Int? in nil }) == nil)
        #expect(JSONByteReader.value(at: ["records"], in: Data(#"{"records":[{"#.utf8), read: RecordReader.records) == nil)
    }
}
