/// One transaction as `paywall-sim store transactions --json --signed` lists it.
public struct StoreTransaction: Decodable, Sendable, Hashable {
    /// The transaction id (`2000000000000001`, …).
    public var id: String
    /// The first transaction of its purchase (a renewal's original).
    public var originalID: String
    public var productID: String
    /// `purchase`, `renewal`, … (the StoreKit reason).
    public var reason: String
    /// ISO-8601 dates.
    public var purchaseDate: String
    public var expiresDate: String?
    public var revocationDate: String?
    /// Refunded or revoked.
    public var revoked: Bool
    /// The JWS Apple would sign (an x5c chain to `SimulatedAppStore.rootCertificate()`).
    public var signedTransaction: String?

    /// The command's document.
    struct List: Decodable {
        var transactions: [StoreTransaction]
    }
}
