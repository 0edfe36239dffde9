import Foundation
import PaywallFoundation
import PaywallCore

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
        var paidAppPurchase: AppPurchase?
    }

    mutating func apply(_ changes: [Change]) {
        for change in changes {
            for record in change.upserts { records[record.transactionID] = record }
            grants += change.newGrants
            lastVerified = change.lastVerified
            if let periods = change.gracePeriods { gracePeriods = periods }
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

    func writeBulk(with encoder: JSONEncoder, to write: (Data) throws -> Void) throws {
        try write(Data(utf8: "{"))
        for (index, id) in records.keys.sorted().enumerated() {
            if index > 0 { try write(Data(utf8: ",")) }
            try write(try encoder.encode(id) + Data(utf8: ":") + encoder.encode(records[id]))
        }
        try write(Data(utf8: "}"))
    }
}
