import Foundation

/// A store transaction as the app receives it: the ids and the compact JWS the backend verifies.
public struct SignedTransaction: Hashable, Codable, Sendable {
    public var id: String
    public var originalID: String
    public var productID: String
    public var purchaseDate: Date
    public var expirationDate: Date?
    /// The compact JWS (ES256) of the decoded transaction payload.
    public var jws: String

    public init(id: String, originalID: String, productID: String, purchaseDate: Date,
                expirationDate: Date? = nil, jws: String) {
        self.id = id
        self.originalID = originalID
        self.productID = productID
        self.purchaseDate = purchaseDate
        self.expirationDate = expirationDate
        self.jws = jws
    }
}

/// What the store answered to a purchase, in StoreKit 2 terms (`Product.PurchaseResult` or a thrown error).
public enum StorePurchaseResult: Hashable, Sendable {
    /// The purchase went through; `verified` is false when the signature did not check out.
    case success(SignedTransaction, verified: Bool)
    case userCancelled
    /// Ask to Buy or another deferral: the result arrives later through transaction updates.
    case pending
    /// A StoreKit error, by name (e.g. `networkError`, `notAvailableInStorefront`).
    case failed(error: StoreKitErrorName)
}

/// What the verification backend (`POST /iap/transactions`) answered.
public enum TransactionVerification: Hashable, Sendable {
    /// The backend accepted the transaction and computed this entitlement.
    case verified(Entitlement)
    /// The backend refused the transaction (bad signature, wrong bundle, revoked, …).
    case rejected(reason: String)
    /// The backend could not be reached.
    case unavailable(reason: String)
}

/// What a restore (`AppStore.sync()` then entitlement refresh) came back with.
public enum RestoreResult: Hashable, Sendable {
    /// The sync finished; this is the entitlement the backend computed from it.
    case completed(Entitlement)
    case cancelled
    case failed(reason: String)
}
