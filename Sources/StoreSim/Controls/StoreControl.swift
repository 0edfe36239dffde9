import Foundation

/// An action on the store from outside the app, one enum for every surface: a tape's `Store …`
/// line, `paywall-sim store …` and the app's session.
public enum StoreControl: String, Sendable, CaseIterable {
    /// Approve the oldest Ask to Buy request (or the one named by request or product).
    case approve = "Approve"
    /// Decline the oldest Ask to Buy request (or the one named by request or product).
    case decline = "Decline"
    /// Expire the subscription now (auto-renew off).
    case expire = "Expire"
    /// Refund (revoke) a transaction: the one named, the latest of a product, or the latest.
    case refund = "Refund"
    /// Force a renewal of the subscription now.
    case renew = "Renew"
    /// Turn billing issues on: the next renewal fails into billing retry (or grace).
    case billingIssue = "BillingIssue"
}

extension SimulatedStore {
    /// Performs `control` on what `target` names (see `StoreTargetResolver`) and says in one
    /// sentence what was done. Throws `StoreControlError` naming what was missing.
    @discardableResult
    public func perform(_ control: StoreControl, target: String? = nil) throws -> String {
        let resolve = StoreTargetResolver(store: self)
        switch control {
        case .approve:
            let request = try resolve.askToBuyRequest(target)
            try approveAskToBuy(requestID: request.requestID)
            return "Approved Ask to Buy request \(request.requestID) for \(request.productID)."
        case .decline:
            let request = try resolve.askToBuyRequest(target)
            try declineAskToBuy(requestID: request.requestID)
            return "Declined Ask to Buy request \(request.requestID) for \(request.productID)."
        case .expire:
            let group = try resolve.group(target)
            try expireSubscription(groupID: group)
            return "Expired the subscription in group \(group)."
        case .renew:
            let group = try resolve.group(target)
            try forceRenewal(groupID: group)
            return "Renewed the subscription in group \(group)."
        case .refund:
            let transaction = try resolve.refundable(target)
            try refund(transactionID: transaction.id)
            return "Refunded transaction \(transaction.id) (\(transaction.productID))."
        case .billingIssue:
            switch target?.lowercased() {
            case nil, "on":
                try setBillingIssue(true)
                return settings.billingGracePeriodEnabled
                    ? "Billing issues on: the next renewal fails into the \(settings.effectiveGracePeriodDays)-day grace period, then billing retry."
                    : "Billing issues on: the next renewal fails into billing retry."
            case "off":
                try setBillingIssue(false)
                return "Billing issues off: subscriptions in grace or billing retry renew now."
            default:
                throw StoreControlError("BillingIssue \(target ?? ""): expected on or off")
            }
        }
    }
}
