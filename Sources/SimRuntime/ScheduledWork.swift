import Foundation
import PaywallCore

/// Work the session scheduled on its clock: a store or backend answer that takes time.
enum ScheduledWork: Sendable {
    /// Deliver the store's answer to a purchase (already recorded in the store's ledger).
    case purchaseAnswer(StorePurchaseResult)
    /// Post a transaction to the backend and deliver its answer.
    case post(SignedTransaction, offerID: String)
    /// Run `AppStore.sync()` and deliver the restore's result.
    case restore
}
