import Foundation
import StoreSim

/// Seed 004's contract for `POST /iap/transactions`, as the app sends it and a server answers it:
/// one definition for both sides (`paywall-sim serve` decodes it, `run --backend` encodes it).
public enum IAPTransactionsContract {
    /// The request body: seed 004's `IAPTransactionPayload`, and optionally the user's app account token.
    public struct Payload: Codable, Sendable {
        public var transactionID: String
        public var originalTransactionID: String
        public var productID: String
        public var offerID: String
        public var signedTransaction: String
        /// Not in seed 004; a client may name the user's app account token.
        public var appAccountToken: String?

        public init(transactionID: String, originalTransactionID: String, productID: String, offerID: String,
                    signedTransaction: String, appAccountToken: String?) {
            self.transactionID = transactionID
            self.originalTransactionID = originalTransactionID
            self.productID = productID
            self.offerID = offerID
            self.signedTransaction = signedTransaction
            self.appAccountToken = appAccountToken
        }
    }

    /// The answer: `{"entitlement": {…}}` when verified, `{"error": {"code", "message"}}` when not.
    public struct Answer: Codable, Sendable {
        public var entitlement: Granted?
        public var error: Refusal?

        public init(entitlement: Granted? = nil, error: Refusal? = nil) {
            self.entitlement = entitlement
            self.error = error
        }
    }

    /// The entitlement the server computed; `productID` and `expiresAt` are `null` when absent.
    public struct Granted: Codable, Sendable {
        public var isPremium: Bool
        public var productID: String?
        public var expiresAt: String?
        public var source: String?

        public init(isPremium: Bool, productID: String?, expiresAt: String?, source: String?) {
            self.isPremium = isPremium
            self.productID = productID
            self.expiresAt = expiresAt
            self.source = source
        }

        enum CodingKeys: String, CodingKey { case isPremium, productID, expiresAt, source }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(isPremium, forKey: .isPremium)
            try container.encode(productID, forKey: .productID)
            try container.encode(expiresAt, forKey: .expiresAt)
            try container.encodeIfPresent(source, forKey: .source)
        }
    }

    /// Why the server refused: a code a program can act on and a sentence.
    public struct Refusal: Codable, Sendable {
        public var code: String?
        public var message: String?

        public init(code: String?, message: String?) {
            self.code = code
            self.message = message
        }
    }
}
