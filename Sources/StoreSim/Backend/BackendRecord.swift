import Foundation
import PaywallCore

/// One verified transaction as the backend stores it.
public struct BackendRecord: Codable, Hashable, Sendable {
    public var transactionID: String
    public var payload: TransactionPayload
    /// The `offerID` the app posted with it (seed 004), e.g. `A` or `update`.
    public var offerID: String
    public var receivedAt: Date
    public var source: Entitlement.Source
}

/// Everything the backend persists in `backend-ledger.json`.
struct BackendState: Codable, Hashable, Sendable {
    var records: [String: BackendRecord] = [:]
    /// Transaction ids in the order they were granted; each appears once.
    var grants: [String] = []
    var lastVerified: Entitlement?
}
