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

/// Everything the store persists in `store-ledger.json`.
struct StoreState: Codable, Hashable, Sendable {
    var nextTransactionNumber: Int64 = 1
    var nextRequestNumber: Int = 1
    var records: [TransactionRecord] = []
    var pending: [PendingPurchase] = []
    var lines: [String: SubscriptionLine] = [:]
    /// Switches changed at run time; nil means the catalog's settings.
    var settings: StoreSettings?
    var lastProcessed: Date?
    var rng: SeededGenerator
}
