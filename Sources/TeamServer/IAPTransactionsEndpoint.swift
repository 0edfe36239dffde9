import Foundation
import PaywallFoundation
import StoreKitVocabulary
import StoreSim

/// Seed 004's `POST /iap/transactions` as the team's server answers it, whatever carries the
/// request: the body checked against the signed transaction it carries, posted to the
/// verification backend, and the answer with its HTTP status. `paywall-sim serve` puts it on a route.
public enum IAPTransactionsEndpoint {
    /// The status and body for a request `body`; `post` hands the checked request to the backend
    /// (under whatever lock and clock the server keeps) and may throw when its storage fails (500).
    public static func answer(to body: Data,
                              post: (_ signedTransaction: String, _ appAccountToken: UUID?, _ offerID: String) throws -> TransactionVerification)
        -> (status: Int, answer: IAPTransactionsContract.Answer) {
        let request: IAPTransactionsContract.Payload
        do { request = try LocatedJSONDecoder().decode(IAPTransactionsContract.Payload.self, from: body) } catch {
            return refusal(400, "invalid_body", "the body is not seed 004's IAPTransactionPayload: \(error)")
        }
        guard let unverified = try? CompactJWS.decodeUnverified(request.signedTransaction),
              let payload = try? LocatedJSONDecoder().decode(TransactionPayload.self, from: unverified.payload) else {
            return refusal(400, "invalid_signed_transaction", "signedTransaction is not a compact JWS of a transaction")
        }
        for (name, claimed, signed) in [("transactionID", request.transactionID, payload.transactionId),
                                        ("originalTransactionID", request.originalTransactionID, payload.originalTransactionId),
                                        ("productID", request.productID, payload.productId)] where claimed != signed {
            return refusal(400, "mismatch", "\(name) \(claimed) is not the signed transaction's \(signed)")
        }
        let token: UUID?
        if let text = request.appAccountToken {
            guard let value = UUID(uuidString: text) else { return refusal(400, "invalid_body", "appAccountToken \(text) is not a UUID") }
            token = value
        } else { token = nil }
        let verification: TransactionVerification
        do { verification = try post(request.signedTransaction, token, request.offerID) } catch {
            return refusal(500, "storage", "\(error)")
        }
        switch verification {
        case let .verified(entitlement):
            return (200, IAPTransactionsContract.Answer(entitlement: .init(
                isPremium: entitlement.isPremium, productID: entitlement.productID,
                expiresAt: entitlement.expiresAt.map(ISO8601.string), source: entitlement.source.rawValue)))
        case let .rejected(reason):
            return refusal(422, "rejected", reason)
        case let .unavailable(reason):
            return refusal(503, "unavailable", reason)
        }
    }

    /// A refusal: `{"error": {"code", "message"}}` with `status`.
    static func refusal(_ status: Int, _ code: String, _ message: String) -> (status: Int, answer: IAPTransactionsContract.Answer) {
        (status, IAPTransactionsContract.Answer(error: .init(code: code, message: message)))
    }
}
