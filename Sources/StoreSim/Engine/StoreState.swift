import Foundation
import PaywallFoundation
import PaywallCore

/// One transaction as the ledger keeps it: payload, its JWS, verification and the finished flag.
struct TransactionRecord: Codable, Hashable, Sendable {
    var payload: TransactionPayload
    /// The signed transaction, held with its header shared (see `SharedHeaderJWS`).
    private var signed: SharedHeaderJWS
    var verified: Bool
    var finished: Bool

    /// The compact JWS, as signed.
    var jws: String {
        get { signed.text }
        set { signed = SharedHeaderJWS(newValue) }
    }

    init(payload: TransactionPayload, jws: String, verified: Bool, finished: Bool) {
        self.payload = payload
        signed = SharedHeaderJWS(jws)
        self.verified = verified
        self.finished = finished
    }

    private enum CodingKeys: String, CodingKey {
        case payload, signed = "jws", verified, finished
    }
}

/// A compact JWS held as its header, shared by every JWS with the same one, and the rest.
///
/// Every transaction a store signs carries the same header, its certificate chain in `x5c`
/// (about 2.8 KB of the 4 KB). Held whole, 10,000 transactions kept 28 MB of copies of it; here
/// each header text is kept once (`headerTexts`) and the JWS is put together when read. Encoded
/// as the JWS string itself, so ledgers read and write as before.
struct SharedHeaderJWS: Codable, Hashable, Sendable {
    private let header: String
    private let rest: String

    init(_ jws: String) {
        if let dot = jws.utf8.firstIndex(of: UInt8(ascii: ".")) {
            header = Self.canonical(String(jws[..<dot]))
            rest = String(jws[dot...])
        } else {
            header = ""
            rest = jws
        }
    }

    var text: String { header + rest }

    init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// One instance of each header text (copies of a `String` share its storage): a store
    /// signs under one or two.
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
}

/// An offer a renewal will apply (an offer code redeemed by a current subscriber).
struct RenewalOffer: Codable, Hashable, Sendable {
    var type: Int
    var offerID: String
}

/// A refund request made from the app's refund request sheet (`beginRefundRequest`).
public struct RefundRequest: Codable, Hashable, Sendable {
    public var transactionID: String
    public var productID: String
    public var requestedAt: Date
}

/// Everything the store persists: `store-ledger.json` and the changes in `store-ledger.journal`.
struct StoreState: Codable, Hashable, Sendable, JournaledState {
    var nextTransactionNumber: Int64 = 1
    var nextRequestNumber: Int = 1
    var records: [TransactionRecord] = []
    var pending: [PendingPurchase] = []
    /// Ask to Buy requests the parent declined (nil in ledgers written before it was kept).
    var declined: [DeclinedRequest]?
    var lines: [String: SubscriptionLine] = [:]
    /// StoreKit messages waiting for the app (nil in older ledgers).
    var messages: [StoreMessage]?
    /// Refund requests made from the app's sheet (nil in older ledgers).
    var refundRequests: [RefundRequest]?
    /// The app's own purchase as `AppTransaction` reports it (nil: first launch, version 1.0).
    var appPurchase: AppPurchase?
    /// Switches changed at run time; nil means the catalog's settings.
    var settings: StoreSettings?
    var lastProcessed: Date?
    var rng: SeededGenerator
    /// The last journal change folded in (see `JournaledLedger`).
    var journalSeq: Int?

    /// One save: the transaction records added or changed (by id), and every other field as it now is.
    struct Change: Codable, Sendable {
        var upserts: [TransactionRecord]
        /// This state with no records: counters, pending requests, subscription lines, switches, generator.
        var head: StoreState
    }

    /// The change for the records in `dirty`, in ledger order.
    func change(dirty: Set<String>) -> Change {
        var head = self
        head.records = []
        var upserts: [TransactionRecord] = []
        var index = records.endIndex
        // Changed records are almost always the newest: walk back only until all are found.
        while upserts.count < dirty.count, index > records.startIndex {
            index -= 1
            if dirty.contains(records[index].payload.transactionId) { upserts.append(records[index]) }
        }
        return Change(upserts: upserts.reversed(), head: head)
    }

    mutating func apply(_ changes: [Change]) {
        guard let last = changes.last else { return }
        var records = self.records
        var index = Dictionary(records.enumerated().map { ($1.payload.transactionId, $0) }, uniquingKeysWith: { _, newer in newer })
        for change in changes {
            for upsert in change.upserts {
                let id = upsert.payload.transactionId
                if let at = index[id] {
                    records[at] = upsert
                } else {
                    index[id] = records.count
                    records.append(upsert)
                }
            }
        }
        self = last.head
        self.records = records
    }
}

extension StoreState: SnapshotInParts {
    static let bulkKey = "records"

    var withoutBulk: StoreState {
        var outline = self
        outline.records = []
        return outline
    }

    func writeBulk(with encoder: JSONEncoder, to write: (Data) throws -> Void) throws {
        try write(Data("[".utf8))
        for (index, record) in records.enumerated() {
            if index > 0 { try write(Data(",".utf8)) }
            try write(try encoder.encode(record))
        }
        try write(Data("]".utf8))
    }
}
