import Foundation
import PaywallCore

/// One transaction as the ledger keeps it: payload, its JWS, verification and the finished flag.
struct TransactionRecord: Codable, Hashable, Sendable {
    var payload: TransactionPayload
    var jws: String
    var verified: Bool
    var finished: Bool
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
