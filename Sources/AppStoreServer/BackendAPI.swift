import Foundation
import PaywallCore
import PaywallFoundation
import StoreSim
import TeamServer

/// Seed 004's backend endpoint, `POST /iap/transactions`, over HTTP: the simulator's own
/// verification backend, reachable by any client (curl, a real app, `run --backend`). What it
/// answers is `TeamServer`'s (`IAPTransactionsEndpoint`); this carries it on `serve`'s store.
public struct BackendAPI: Sendable {
    let server: ServerStore

    public init(server: ServerStore) { self.server = server }

    /// Verifies the signed transaction (chain, signature, bundle, environment), checks the ids in
    /// the body against its payload, records it and answers the entitlement
    /// (`IAPTransactionsEndpoint`); a refusal is a 4xx `{"error": {"code", "message"}}`, a backend
    /// that is down a 503.
    public func postTransaction(_ body: Data) -> APIReply {
        let (status, answer) = IAPTransactionsEndpoint.answer(to: body) { jws, token, offerID in
            try server.access { _, backend, _ in backend.post(jws: jws, appAccountToken: token, offerID: offerID) }
        }
        return .json(answer, status: status)
    }
}
