import Foundation

/// A purchase's result, normalised once (seed 002's `PurchaseOutcome`).
public enum PurchaseOutcome: Hashable, Sendable {
    /// A verified transaction; it still goes to the backend before anything unlocks.
    case success(SignedTransaction)
    /// The user closed the sheet: back to the paywall, no error.
    case cancelled
    /// Ask to Buy or another deferral; the result arrives later as a transaction update.
    case pending
    /// The store or backend failed; `reason` is the analytics reason (e.g. `verification_failed`).
    case failed(reason: String)
    /// The `purchasesEnabled` flag is off.
    case purchasesDisabled
    /// The backend verified the transaction but the entitlement is not premium (yet).
    case entitlementInactive

    /// Maps the store's answer. An unverified transaction is `failed(verification_failed)`:
    /// it never unlocks (seed 002 called it pending; we do not pretend it is).
    public static func from(_ result: StorePurchaseResult) -> PurchaseOutcome {
        switch result {
        case let .success(transaction, verified):
            return verified ? .success(transaction) : .failed(reason: "verification_failed")
        case .userCancelled: return .cancelled
        case .pending: return .pending
        case let .failed(error): return .failed(reason: error.rawValue)
        }
    }

    /// Maps the backend's answer: premium → success, not premium → entitlementInactive,
    /// rejected → `failed(backend_rejected)`, unreachable → `failed(backend_unavailable)`.
    public static func from(_ verification: TransactionVerification, transaction: SignedTransaction) -> PurchaseOutcome {
        switch verification {
        case let .verified(entitlement): return entitlement.isPremium ? .success(transaction) : .entitlementInactive
        case .rejected: return .failed(reason: "backend_rejected")
        case .unavailable: return .failed(reason: "backend_unavailable")
        }
    }
}
