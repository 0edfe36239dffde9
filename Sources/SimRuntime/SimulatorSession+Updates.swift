import Foundation
import PaywallCore
import StoreSim
import TeamServer

extension SimulatorSession {
    /// Drains the store's `Transaction.updates` queue into flow events, as seed 004's listener does.
    func deliverStoreUpdates() {
        var entitlementChanged = false
        for update in store.takeUpdates() {
            switch update.reason {
            case .restore:
                continue // a restore posts what it re-delivers itself
            case .revocation, .expiry, .upgrade, .refundReversed:
                // An upgraded transaction (`isUpgraded`) no longer entitles: the backend learns of it.
                // An early expiry leaves the transaction as it was: the backend learns it from the
                // App Store's status (an EXPIRED notification), which the session passes on.
                if update.reason == .expiry, let transaction = update.transaction,
                   let end = store.earlyEnd(originalTransactionID: transaction.originalID) {
                    backend.recordEarlyEnd(originalTransactionID: transaction.originalID,
                                           EarlyEnd(at: end.at, lastTransactionID: end.lastTransactionID))
                }
                if let transaction = update.transaction {
                    if case let .verified(entitlement) = post(transaction, offerID: "update"), remoteBackend != nil {
                        do { try entitlements.remember(entitlement) } catch { note("\(error)") }
                    }
                    do { try store.finish(transactionID: transaction.id) } catch { note("finish \(transaction.id): \(error)") }
                }
                entitlementChanged = true
            case .renewal, .askToBuyApproved, .interruptedCompleted, .outsideApp, .redelivery, .offerCode, .familyShared, .winBack:
                guard let transaction = update.transaction else { continue }
                send(.transactionUpdated(transaction, verified: update.verified))
            }
        }
        if let reload = plansForChangedStore() { send(reload) }
        let now = clock.now()
        deliverStoreMessages()
        withdrawStaleMessages()
        if syncGracePeriods() { entitlementChanged = true }
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

    /// Tells the backend which subscriptions the App Store has in their billing grace period, as
    /// App Store Server Notifications do (`DID_FAIL_TO_RENEW` / `GRACE_PERIOD`, then `DID_RENEW` or
    /// `GRACE_PERIOD_EXPIRED`): Apple keeps full service through grace. Returns whether any changed.
    func syncGracePeriods() -> Bool {
        var changed = false
        for group in settings.catalog.groups {
            guard let grace = store.gracePeriod(groupID: group.id) else { continue }
            if backend.recordGracePeriod(originalTransactionID: grace.originalTransactionID, endsAt: grace.endsAt) { changed = true }
        }
        return changed
    }
}
