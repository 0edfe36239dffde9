import Foundation
import PaywallCore
import PaywallFoundation
import StoreSim
import TeamServer

/// Seed 004's backend endpoint, `POST /iap/transactions`, over HTTP: the simulator's own
/// verification backend, reachable by any client (curl, a real app, `run --backend`).
public struct BackendAPI: Sendable {
    let server: ServerStore

    public init(server: ServerStore) { self.server = server }

    /// Verifies the signed transaction (chain, signature, bundle, environment), checks the ids in
    /// the body against its payload, records it and answers the entitlement; a refusal is a 4xx
    /// `{"error": {"code", "message"}}`, a backend that is down a 503.
    public func postTransaction(_ body: Data) -> APIReply {
        let post: IAPTransactionsContract.Payload
        do { post = try LocatedJSONDecoder().decode(IAPTransactionsContract.Payload.self, from: body) } catch {
            return .backendError(400, code: "invalid_body", "the body is not seed 004's IAPTransactionPayload: \(error)")
        }
        guard let unverified = try? CompactJWS.decodeUnverified(post.signedTransaction),
              let payload = try? LocatedJSONDecoder().decode(TransactionPayload.self, from: unverified.payload) else {
            return .backendError(400, code: "invalid_signed_transaction", "signedTransaction is not a compact JWS of a transaction")
        }
        for (name, claimed, signed) in [("transactionID", post.transactionID, payload.transactionId),
                                        ("originalTransactionID", post.originalTransactionID, payload.originalTransactionId),
                                        ("productID", post.productID, payload.productId)] where claimed != signed {
            return .backendError(400, code: "mismatch", "\(name) \(claimed) is not the signed transaction's \(signed)")
        }
        let token: UUID?
        if let text = post.appAccountToken {
            guard let value = UUID(uuidString: text) else { return .backendError(400, code: "invalid_body", "appAccountToken \(text) is not a UUID") }
            token = value
        } else { token = nil }
        do {
            return try server.access { _, backend, _ in
                switch backend.post(jws: post.signedTransaction, appAccountToken: token, offerID: post.offerID) {
                case let .verified(entitlement):
                    return .json(IAPTransactionsContract.Answer(entitlement: .init(
                        isPremium: entitlement.isPremium, productID: entitlement.productID,
                        expiresAt: entitlement.expiresAt.map(ISO8601.string), source: entitlement.source.rawValue)))
                case let .rejected(reason):
                    return .backendError(422, code: "rejected", reason)
                case let .unavailable(reason):
                    return .backendError(503, code: "unavailable", reason)
                }
            }
        } catch {
            return .backendError(500, code: "storage", "\(error)")
        }
    }
}
