import Foundation

/// An action on the store from outside the app (a tape's `Store …` line, `paywall-sim store …`).
public enum StoreControl: String, Sendable, CaseIterable {
    /// Approve the oldest Ask to Buy request (or the one for the product given).
    case approve = "Approve"
    /// Decline the oldest Ask to Buy request (or the one for the product given).
    case decline = "Decline"
    /// Expire the subscription now (auto-renew off).
    case expire = "Expire"
    /// Refund (revoke) the latest transaction of the product, or of the active subscription.
    case refund = "Refund"
    /// Force a renewal of the subscription now.
    case renew = "Renew"
    /// Turn billing issues on: the next renewal fails into billing retry (or grace).
    case billingIssue = "BillingIssue"
}
