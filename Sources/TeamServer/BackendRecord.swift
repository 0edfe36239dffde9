import Foundation
import PaywallFoundation
import StoreKitVocabulary
import StoreSim

/// One verified transaction as the backend stores it.
public struct BackendRecord: Codable, Hashable, Sendable {
    public var transactionID: String
    /// The verified payload (held boxed: see `Boxed`).
    public var payload: TransactionPayload {
        get { boxedPayload.value }
        set { boxedPayload = Boxed(newValue) }
    }
    private(set) var boxedPayload: Boxed<TransactionPayload>
    /// The `offerID` the app posted with it (seed 004), e.g. `A` or `update`.
    public var offerID: String
    public var receivedAt: Date
    public var source: Entitlement.Source

    public init(transactionID: String, payload: TransactionPayload, offerID: String, receivedAt: Date, source: Entitlement.Source) {
        self.init(transactionID: transactionID, boxedPayload: Boxed(payload), offerID: offerID, receivedAt: receivedAt, source: source)
    }

    /// A record holding a payload already boxed (the store's, when it signed it in this process).
    init(transactionID: String, boxedPayload: Boxed<TransactionPayload>, offerID: String, receivedAt: Date, source: Entitlement.Source) {
        self.transactionID = transactionID
        self.boxedPayload = boxedPayload
        self.offerID = offerID
        self.receivedAt = receivedAt
        self.source = source
    }

    /// Holds `payload` (a newer signed state of the transaction) as it is boxed.
    mutating func replacePayload(_ payload: Boxed<TransactionPayload>) { boxedPayload = payload }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(transactionID: try container.decode(String.self, forKey: .transactionID),
                  payload: try container.decode(TransactionPayload.self, forKey: .payload),
                  offerID: try container.decode(String.self, forKey: .offerID),
                  receivedAt: try container.decode(Date.self, forKey: .receivedAt),
                  source: try container.decode(Entitlement.Source.self, forKey: .source))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(transactionID, forKey: .transactionID)
        try container.encode(payload, forKey: .payload)
        try container.encode(offerID, forKey: .offerID)
        try container.encode(receivedAt, forKey: .receivedAt)
        try container.encode(source, forKey: .source)
    }

    private enum CodingKeys: String, CodingKey {
        case transactionID, payload, offerID, receivedAt, source
    }

    /// Whether `writeSortedKeyJSON` writes what the encoder would: a date that is not a finite
    /// number, which the encoder refuses (it throws), is left to the encoder.
    var writesDirectly: Bool { receivedAt.timeIntervalSinceReferenceDate.isFinite }

    /// Appends the record as `JSONEncoder` with `.sortedKeys` (dates as seconds since 2001) writes
    /// it, byte for byte (`TransactionRecordJSONTests` compares the two); see `writesDirectly`.
    func writeSortedKeyJSON(into out: inout JSONBytes) {
        out.open()
        out.field("offerID", offerID)
        out.field("payload") { payload.write(into: &$0) }
        out.field("receivedAt", receivedAt.timeIntervalSinceReferenceDate)
        out.field("source", source.rawValue)
        out.field("transactionID", transactionID)
        out.close()
    }
}

/// A subscription the App Store ended before its transaction's expiry: when, and the last
/// transaction it ended (a resubscription after it, on the same original id, is not cut).
public struct EarlyEnd: Codable, Hashable, Sendable {
    public var at: Date
    public var lastTransactionID: String

    public init(at: Date, lastTransactionID: String) {
        self.at = at
        self.lastTransactionID = lastTransactionID
    }

    /// Whether transaction `id` was bought before the end (ids only grow).
    func covers(_ id: String) -> Bool {
        id.count != lastTransactionID.count ? id.count < lastTransactionID.count : id <= lastTransactionID
    }
}

/// Everything the backend persists: `backend-ledger.json` and the changes in `backend-ledger.journal`.
struct BackendState: Codable, Hashable, Sendable, JournaledState {
    var records: [String: BackendRecord] = [:]
    /// Transaction ids in the order they were granted; each appears once.
    var grants: [String] = []
    var lastVerified: Entitlement?
    /// Subscriptions the App Store reports in their billing grace period: original transaction id →
    /// when the grace ends (nil in ledgers written before it was kept).
    var gracePeriods: [String: Date]?
    /// Subscriptions the App Store ended before their transaction's expiry (`store expire`): original
    /// transaction id → when (nil in ledgers written before it was kept).
    var endedEarly: [String: EarlyEnd]?
    /// A verified `AppTransaction` from before the app went free (paid-to-freemium): lifetime Premium.
    var paidAppPurchase: AppPurchase?
    /// The last journal change folded in (see `JournaledLedger`).
    var journalSeq: Int?

    /// One save: records added or updated, grants added, and the last verified entitlement.
    struct Change: Codable, Sendable {
        var upserts: [BackendRecord]
        var newGrants: [String]
        var lastVerified: Entitlement?
        var gracePeriods: [String: Date]?
        var endedEarly: [String: EarlyEnd]?
        var paidAppPurchase: AppPurchase?
    }

    mutating func apply(_ changes: [Change]) {
        for change in changes {
            for record in change.upserts { records[record.transactionID] = record }
            grants += change.newGrants
            lastVerified = change.lastVerified
            if let periods = change.gracePeriods { gracePeriods = periods }
            if let ends = change.endedEarly { endedEarly = ends }
            if let purchase = change.paidAppPurchase { paidAppPurchase = purchase }
        }
    }
}

extension BackendState: SnapshotInParts {
    static let bulkKey = "records"

    var withoutBulk: BackendState {
        var outline = self
        outline.records = [:]
        return outline
    }

    /// The records by id, each as `encoder` (sorted keys, as `Ledger` makes it) writes it, in the
    /// order `String <` gives the ids, as this snapshot always had them (the encoder would order
    /// ids by their bytes, which differs only for ids not in composed form; ids are digits).
    func writeBulk(with encoder: JSONEncoder, to write: (Data) throws -> Void) throws {
        var out = JSONBytes()
        out.bytes.reserveCapacity(8 << 10)
        out.bytes.append(UInt8(ascii: "{"))
        var first = true
        for id in records.keys.sorted() {
            guard let record = records[id] else { continue }
            if !first { out.bytes.append(UInt8(ascii: ",")) }
            first = false
            out.string(id)
            out.bytes.append(UInt8(ascii: ":"))
            if record.writesDirectly { record.writeSortedKeyJSON(into: &out) } else { out.bytes.append(contentsOf: try encoder.encode(record)) }
            try JournalLineWriter.flush(&out, to: write)
        }
        out.bytes.append(UInt8(ascii: "}"))
        try JournalLineWriter.flush(&out, to: write, final: true)
    }

    /// `{"change":{…,"upserts":[…]},"seq":N}` as `JSONEncoder` with `.sortedKeys` writes it: the
    /// change without its records by the encoder (`upserts` is its last key), the records directly.
    static func journalLine(seq: Int, change: Change, encoder: JSONEncoder) throws -> Data? {
        guard change.upserts.allSatisfy(\.writesDirectly) else { return nil }
        var outline = change
        outline.upserts = []
        let head = try encoder.encode(outline)
        let empty = Array(#""upserts":[]}"#.utf8)
        guard head.count >= empty.count, head.suffix(empty.count).elementsEqual(empty) else { return nil }
        return JournalLineWriter.line(seq: seq, changeUpToRecords: head.dropLast(2), records: change.upserts) { $0.writeSortedKeyJSON(into: &$1) }
    }
}
