import Foundation
import PaywallCore
import StoreSim

extension SimulatorSession {
    /// Drains the store's `Transaction.updates` queue into flow events, as seed 004's listener does.
    func deliverStoreUpdates() {
        var entitlementChanged = false
        for update in store.takeUpdates() {
            switch update.reason {
            case .restore:
                continue // a restore posts what it re-delivers itself
            case .askToBuyDeclined:
                send(.askToBuyDeclined(productID: update.productID))
            case .revocation, .expiry:
                if let transaction = update.transaction {
                    _ = backend.post(jws: transaction.jws, appAccountToken: appAccountToken, offerID: "update")
                    do { try store.finish(transactionID: transaction.id) } catch { note("finish \(transaction.id): \(error)") }
                }
                entitlementChanged = true
            case .renewal, .askToBuyApproved, .interruptedCompleted, .outsideApp, .redelivery, .upgrade:
                guard let transaction = update.transaction else { continue }
                send(.transactionUpdated(transaction, verified: update.verified))
            }
        }
        let now = clock.now()
        // A premium entitlement past its expiry is refreshed, unless a transaction (the renewal
        // that replaces it) is still with the backend: its answer updates the entitlement, so
        // access does not drop to free for the backend's latency at every renewal.
        if let expires = model.entitlement.expiresAt, model.entitlement.isPremium, expires <= now, model.posted.isEmpty {
            entitlementChanged = true
        }
        if entitlementChanged {
            send(.entitlementRefreshed(entitlements.entitlement(now: now)))
        }
    }
}
