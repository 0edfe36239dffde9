import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// The JWS headers a store's signatures start with, encoded once: Apple's, which hold `alg` and
/// `x5c` only ("a decoded JWS header", `JWSDecodedHeader`), for either key; and the two with a `kid`
/// this simulator signed under before, which the records and notifications of older state
/// directories keep (their signatures cover those headers, so they are put back as signed).
struct JWSHeaders: Hashable, Sendable {
    /// `{"alg":"ES256","x5c":[…]}`: what the trusted key signs under.
    var trusted: String
    /// The untrusted key's header: the same text (the chain does not certify that key).
    var untrusted: String
    /// `{"alg":"ES256","kid":"paywallsim-store-1","x5c":[…]}`: the trusted key's header before.
    var trustedWithKid: String
    /// `{"alg":"ES256","kid":"paywallsim-untrusted-1","x5c":[…]}`: the untrusted key's header before.
    var untrustedWithKid: String

    /// No headers: a JWS kept whole never needs one.
    static let none = JWSHeaders(trusted: "", untrusted: "", trustedWithKid: "", untrustedWithKid: "")

    /// The header `signer` signed under.
    func text(for signer: JWSSigner) -> String {
        switch signer {
        case .trusted: return trusted
        case .untrusted: return untrusted
        case .trustedWithKid: return trustedWithKid
        case .untrustedWithKid: return untrustedWithKid
        }
    }
}

/// Which of the store's two keys signed a JWS, and under which header: the trusted one a device
/// accepts, or the untrusted one it refuses (`unverifiedTransactions`); under Apple's header, or
/// (a record an older state directory keeps) under the header with a `kid`.
enum JWSSigner: String, Codable, Hashable, Sendable {
    case trusted = "trusted-x5c", untrusted = "untrusted-x5c"
    /// The names older ledgers wrote: signed under the header with a `kid`.
    case trustedWithKid = "trusted", untrustedWithKid = "untrusted"
}

/// One transaction as the ledger keeps it: payload, its JWS, verification and the finished flag.
struct TransactionRecord: Codable, Hashable, Sendable {
    /// What was signed; set only with its JWS (`init`), so the two always agree.
    var payload: TransactionPayload { boxedPayload.value }
    /// The payload as held (one heap object, shared with a backend in this process: `SignedPayloadCache`).
    let boxedPayload: Boxed<TransactionPayload>
    /// The signed transaction, held as its parts (see `StoredJWS`).
    private var signed: StoredJWS
    var verified: Bool
    var finished: Bool

    /// The compact JWS, as signed (`headers`: the store's, for a JWS it signed itself).
    func jws(_ headers: JWSHeaders) -> String { signed.text(payload: payload, headers: headers) }

    /// Whether its JWS keeps the payload segment as signed, rather than making it from `payload`.
    var keepsPayloadSegment: Bool { signed.keepsPayloadSegment }

    /// Whether `other` holds the same JWS (its parts compared first, the text only when they differ).
    func sameJWS(as other: TransactionRecord, headers: JWSHeaders) -> Bool {
        (signed == other.signed && payload == other.payload) || jws(headers) == other.jws(headers)
    }

    /// A record for `jws`; `signer` says which of the store's keys signed it (its header is then
    /// the store's and is not kept), nil for a JWS from elsewhere (kept whole).
    init(payload: TransactionPayload, jws: String, verified: Bool, finished: Bool, signer: JWSSigner? = nil) {
        boxedPayload = Boxed(payload)
        signed = StoredJWS(jws, payload: payload, signer: signer)
        self.verified = verified
        self.finished = finished
    }

    /// A record the store signed, read back from its signature and signer (`RecordReader`).
    init(payload: TransactionPayload, signature: String, signer: JWSSigner, verified: Bool, finished: Bool) {
        boxedPayload = Boxed(payload)
        signed = StoredJWS(signature: signature, signer: signer)
        self.verified = verified
        self.finished = finished
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let payload = try container.decode(TransactionPayload.self, forKey: .payload)
        boxedPayload = Boxed(payload)
        if let jws = try container.decodeIfPresent(String.self, forKey: .signed) {
            signed = StoredJWS(jws, payload: payload, signer: nil)
        } else {
            signed = StoredJWS(signature: try container.decode(String.self, forKey: .signature),
                               signer: try container.decode(JWSSigner.self, forKey: .signer))
        }
        verified = try container.decode(Bool.self, forKey: .verified)
        finished = try container.decode(Bool.self, forKey: .finished)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(finished, forKey: .finished)
        if let signer = signed.signer {
            try container.encode(signed.signature, forKey: .signature)
            try container.encode(signer, forKey: .signer)
        } else {
            try container.encode(signed.text(payload: payload, headers: .none), forKey: .signed)
        }
        try container.encode(payload, forKey: .payload)
        try container.encode(verified, forKey: .verified)
    }

    private enum CodingKeys: String, CodingKey {
        case payload, signed = "jws", signature, signer, verified, finished
    }

    /// Appends the record as `JSONEncoder` with `.sortedKeys` writes it, byte for byte: every
    /// journal line and snapshot holds records (`TransactionRecordJSONTests` compares the two). A
    /// JWS the store signed is written as its signature and signer (the header is the store's,
    /// the payload segment is the payload's own encoding): about 1 KB a record instead of 5.
    func writeSortedKeyJSON(into out: inout JSONBytes) {
        let payloadJSON = payload.sortedKeyJSON()
        out.open()
        out.field("finished", finished)
        if signed.signer == nil { out.field("jws", signed.text(payloadJSON: payloadJSON, headers: .none)) }
        out.field("payload", json: payloadJSON)
        if let signer = signed.signer {
            out.field("signature", signed.signature)
            out.field("signer", signer.rawValue)
        }
        out.field("verified", verified)
        out.close()
    }
}

/// A compact JWS held as its parts: the header (for a JWS the store signed, not kept: the store's
/// own, by signer); the payload segment only when it is not what the record's payload encodes to;
/// and the signature.
///
/// Every transaction a store signs carries the same header, its certificate chain in `x5c`
/// (about 2.8 KB of the 4 KB), and a payload segment that is the record's payload as this
/// simulator encodes it (sorted keys, base64url), about 1.2 KB more. The store's own JWS is kept
/// as its signature and signer, on disk and in memory, and made whole again when read; a JWS from
/// elsewhere (a ledger another encoder wrote) keeps its header (one instance of each text) and,
/// when re-encoding would not give it back, its payload segment.
struct StoredJWS: Hashable, Sendable {
    private let header: String
    /// Which of the store's keys signed it (its header is then the store's); nil: kept whole.
    let signer: JWSSigner?
    /// nil: the payload's own encoding; otherwise the segment as signed.
    private let payloadSegment: String?
    /// The signature segment; for text that is not a three-part JWS, all of it.
    let signature: String
    private let isJWS: Bool

    init(_ jws: String, payload: TransactionPayload, signer: JWSSigner?) {
        let bytes = jws.utf8
        guard let first = bytes.firstIndex(of: UInt8(ascii: ".")),
              let second = bytes[bytes.index(after: first)...].firstIndex(of: UInt8(ascii: ".")),
              !bytes[bytes.index(after: second)...].contains(UInt8(ascii: ".")) else {
            header = ""
            self.signer = nil
            payloadSegment = nil
            signature = jws
            isJWS = false
            return
        }
        let segment = String(jws[bytes.index(after: first)..<second])
        payloadSegment = segment == Self.encoded(payload) ? nil : segment
        // Only the store's own JWS with its own payload encoding leaves its header to the store.
        self.signer = payloadSegment == nil ? signer : nil
        header = self.signer == nil ? Self.canonical(String(jws[..<first])) : ""
        signature = String(jws[bytes.index(after: second)...])
        isJWS = true
    }

    /// A JWS the store signed, read back from its signature and signer.
    init(signature: String, signer: JWSSigner) {
        header = ""
        self.signer = signer
        payloadSegment = nil
        self.signature = signature
        isJWS = true
    }

    /// The JWS: header (the store's, by signer, or as kept), payload segment (made from
    /// `payload` unless kept) and signature.
    func text(payload: TransactionPayload, headers: JWSHeaders) -> String {
        guard isJWS else { return signature }
        return headerText(headers) + "." + (payloadSegment ?? Self.encoded(payload)) + "." + signature
    }

    /// `text(payload:headers:)` for a payload already encoded (`sortedKeyJSON`).
    func text(payloadJSON: Data, headers: JWSHeaders) -> String {
        guard isJWS else { return signature }
        return headerText(headers) + "." + (payloadSegment ?? CompactJWS.base64url(payloadJSON)) + "." + signature
    }

    private func headerText(_ headers: JWSHeaders) -> String {
        signer.map(headers.text(for:)) ?? header
    }

    /// Whether the payload segment is kept as signed (re-encoding the payload would not give it back).
    var keepsPayloadSegment: Bool { payloadSegment != nil }

    /// The payload's segment as this simulator signs it.
    private static func encoded(_ payload: TransactionPayload) -> String {
        CompactJWS.base64url(payload.sortedKeyJSON())
    }

    /// One instance of each header text (copies of a `String` share its storage).
    private static let headerTexts = BoundedCache<String, String>(limit: 64)

    private static func canonical(_ text: String) -> String {
        headerTexts.value(for: text) { text }
    }
}

/// The renewal state of one subscription group.
struct SubscriptionLine: Codable, Hashable, Sendable {
    var groupID: String
    var originalTransactionID: String
    var productID: String
    var autoRenewProductID: String
    var latestTransactionID: String
    var expires: Date
    var autoRenew: Bool
    var appAccountToken: UUID?
    /// When the App Store Server API extended its renewal date (the last 365 days' matter: two at most).
    var extensionDates: [Date]?
    /// Pay-as-you-go introductory periods still to bill at the offer price.
    var introPeriodsLeft: Int
    var retryStartedAt: Date?
    var graceEnds: Date?
    var retryEnds: Date?
    /// The offer `introPeriodsLeft` counts (nil or 1: the introductory offer; 3 an offer code, 4 win-back).
    var offerType: Int?
    var offerID: String?
    /// An offer code an existing subscriber redeemed: the next renewal applies it.
    var nextRenewalOffer: RenewalOffer?
    /// `FAMILY_SHARED` when a family member's purchase gives this subscription; nil: `PURCHASED`.
    var ownership: String?
    /// A price increase App Store Connect scheduled, until the renewal that applies it.
    var priceIncrease: PriceIncrease?
    /// The price renewals bill after an increase (nil: the catalog's).
    var renewalPrice: Decimal?
    /// Why the subscription ended (`expirationIntent`), once known.
    var expirationIntent: Int?
    /// Set once a lapsed subscriber was sent the win-back message.
    var winBackOffered: Bool?
    /// Start of the latest run of continuous service.
    var recentStart: Date?
    /// Renewals since the purchase, counted in a `Sandbox` store only (its renewal limit).
    var sandboxRenewals: Int?
}

/// An offer a renewal will apply (an offer code redeemed by a current subscriber).
struct RenewalOffer: Codable, Hashable, Sendable {
    var type: Int
    var offerID: String
}

/// Everything the store persists: `store-ledger.json` and the changes in `store-ledger.journal`.
struct StoreState: Codable, Hashable, Sendable, JournaledState {
    var nextTransactionNumber: Int64 = 1
    var nextRequestNumber: Int = 1
    /// The transactions, oldest first: sealed in the record archive, and changed or added since.
    var records = RecordList()
    /// The record archive the snapshot's records are sealed in (nil: the snapshot holds them all).
    var archive: RecordArchive.Mark?
    var pending: [PendingPurchase] = []
    /// Ask to Buy requests the parent declined (nil in ledgers written before it was kept).
    var declined: [DeclinedRequest]?
    var lines: [String: SubscriptionLine] = [:]
    /// StoreKit messages waiting for the app (nil in older ledgers).
    var messages: [StoreMessage]?
    /// Refund requests made from the app's sheet (nil in older ledgers).
    var refundRequests: [RefundRequest]?
    /// The subscription groups whose introductory offer the customer used, sorted (nil in ledgers
    /// written before it was kept: there, any earlier purchase in a group counts as used).
    var introOfferGroups: [String]? = []
    /// The app's own purchase as `AppTransaction` reports it (nil: first launch, version 1.0).
    var appPurchase: AppPurchase?
    /// Switches changed at run time; nil means the catalog's settings.
    var settings: StoreSettings?
    var lastProcessed: Date?
    var rng: SeededGenerator
    /// The last journal change folded in (see `JournaledLedger`).
    var journalSeq: Int?

    /// One save: the transaction records added or changed (by id), the ids of those whose only
    /// change is being finished, and every other field as it now is.
    struct Change: Codable, Sendable {
        var upserts: [TransactionRecord]
        /// This state with no records: counters, pending requests, subscription lines, switches, generator.
        var head: StoreState
        /// Records finished and otherwise unchanged, by id (nil: none; absent from older journals):
        /// a finish journals its id, not the 5 KB record again.
        var finished: [String]? = nil
    }

    /// The change for the records in `dirty`, in ledger order, and the ids in `finished` (records
    /// whose only change is their finished flag; those also in `dirty` go with their record).
    func change(dirty: Set<String>, finished: Set<String>) -> Change {
        var change = change(dirty: dirty)
        let finishedOnly = finished.subtracting(dirty)
        if !finishedOnly.isEmpty { change.finished = finishedOnly.sorted() }
        return change
    }

    /// The change for the records in `dirty`, in ledger order.
    func change(dirty: Set<String>) -> Change {
        var head = self
        head.records = RecordList()
        let found = dirty.compactMap { records.lastPosition(ofID: $0) }.sorted()
        return Change(upserts: found.map { records[$0] }, head: head)
    }

    mutating func apply(_ changes: [Change]) {
        guard let last = changes.last else { return }
        var records = self.records
        // Many changes (a journal read whole): the records added since the seal are found by id
        // from a table made once; a few (another process's latest saves), from the newest back.
        let touched = changes.reduce(0) { $0 + $1.upserts.count + ($1.finished?.count ?? 0) }
        var added: [String: Int]?
        if touched > 8 {
            added = Dictionary(records.appended.enumerated().map { ($1.payload.transactionId, records.sealedCount + $0) },
                               uniquingKeysWith: { _, newer in newer })
        }
        func position(of id: String) -> Int? {
            guard let added else { return records.lastPosition(ofID: id) }
            return added[id] ?? records.archive?.position(ofID: id)
        }
        for change in changes {
            for upsert in change.upserts {
                let id = upsert.payload.transactionId
                if let at = position(of: id) {
                    records[at] = upsert
                } else {
                    added?[id] = records.count
                    records.append(upsert)
                }
            }
            for id in change.finished ?? [] {
                if let at = position(of: id) { records[at].finished = true }
            }
        }
        self = last.head
        self.records = records
    }

    /// Seals the records into the archive beside `ledger` (the snapshot then names it and holds
    /// none); once the snapshot is durable, the files of an archive it replaced are removed.
    mutating func prepareSnapshot(ledger: URL, durability: Durability) throws -> (() -> Void)? {
        let before = archive?.generation
        records = try records.sealed(ledger: ledger, after: before, durability: durability)
        archive = records.archive?.mark
        guard let generation = archive?.generation, generation != before else { return nil }
        return { RecordArchive.removeOtherGenerations(than: generation, ledger: ledger) }
    }

    /// Opens the archive the snapshot names; the records the snapshot holds come after its own.
    mutating func attachFiles(ledger: URL) throws {
        guard let archive else { return }
        records = RecordList(archive: try RecordArchive.open(archive, ledger: ledger), appended: Array(records))
    }
}

extension StoreState: SnapshotInParts, SnapshotFastReading {
    static let bulkKey = "records"

    var withoutBulk: StoreState {
        var outline = self
        outline.records = RecordList()
        return outline
    }

    /// The records as `encoder` (sorted keys, as `Ledger` makes it) would write the array.
    func writeBulk(with encoder: JSONEncoder, to write: (Data) throws -> Void) throws {
        var out = JSONBytes()
        out.bytes.reserveCapacity(8 << 10)
        out.bytes.append(UInt8(ascii: "["))
        // A sealed list writes only what came after the seal (`prepareSnapshot` leaves nothing).
        precondition(records.archive == nil || records.replaced.isEmpty, "a snapshot of records changed since their seal")
        for (index, record) in (records.archive == nil ? Array(records) : records.appended).enumerated() {
            if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
            record.writeSortedKeyJSON(into: &out)
            try JournalLineWriter.flush(&out, to: write)
        }
        out.bytes.append(UInt8(ascii: "]"))
        try JournalLineWriter.flush(&out, to: write, final: true)
    }

    /// The snapshot with its records read by `RecordReader` and the rest by the decoder; nil when
    /// the reader meets anything it does not expect (the decoder then reads the whole file).
    static func readSnapshot(_ data: Data) -> StoreState? {
        guard let (range, records) = JSONByteReader.value(at: ["records"], in: data, read: RecordReader.records),
              var state = try? LocatedJSONDecoder().decode(StoreState.self, from: data.replacingBytes(in: range, with: "[]")) else { return nil }
        state.records = RecordList(records)
        return state
    }

    /// A journal line with its upserts read by `RecordReader` and the rest by the decoder; nil as
    /// for `readSnapshot`.
    static func readJournalLine(_ line: Data) -> (seq: Int, change: Change)? {
        struct Line: Decodable { var seq: Int; var change: Change }
        guard let (range, upserts) = JSONByteReader.value(at: ["change", "upserts"], in: line, read: RecordReader.records),
              var entry = try? LocatedJSONDecoder().decode(Line.self, from: line.replacingBytes(in: range, with: "[]")) else { return nil }
        entry.change.upserts = upserts
        return (entry.seq, entry.change)
    }

    /// A finish and nothing else: the store saves it without an fsync (`SimulatedStore.finish`).
    static func isSavedWithoutSync(_ change: Change) -> Bool { change.upserts.isEmpty && change.finished != nil }

    /// `{"change":{"finished":[…],"head":…,"upserts":[…]},"seq":N}` as `JSONEncoder` with
    /// `.sortedKeys` writes it: the finished ids and the head by the encoder, the records by
    /// `writeSortedKeyJSON`.
    static func journalLine(seq: Int, change: Change, encoder: JSONEncoder) throws -> Data? {
        var upToRecords = Array("{".utf8)
        if let finished = change.finished {
            upToRecords.append(contentsOf: #""finished":"#.utf8)
            upToRecords.append(contentsOf: try encoder.encode(finished))
            upToRecords.append(UInt8(ascii: ","))
        }
        upToRecords.append(contentsOf: #""head":"#.utf8)
        upToRecords.append(contentsOf: try encoder.encode(change.head))
        upToRecords.append(contentsOf: #","upserts":["#.utf8)
        return JournalLineWriter.line(seq: seq, changeUpToRecords: upToRecords, records: change.upserts) { $0.writeSortedKeyJSON(into: &$1) }
    }
}
