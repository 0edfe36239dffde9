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
    /// Billing issues `on` (the next renewal fails into grace or billing retry) or `off` (fixed: renew now).
    case billingIssue = "BillingIssue"
    /// Auto-renew `on|off` for a group (Manage Subscriptions), e.g. `AutoRenew off premium`.
    case autoRenew = "AutoRenew"
    /// Complete an interrupted purchase (the buyer acted outside the app): it arrives as an update.
    case resolve = "Resolve"
    /// Delete a transaction (`SKTestSession.deleteTransaction`): a group with none left is eligible for its intro offer again.
    case delete = "Delete"

    /// A control's target as words: `Refund yearly_59_99 appIssue` → ["yearly_59_99", "appIssue"].
    static func words(_ target: String?) -> [String] {
        (target ?? "").split(separator: " ").map(String.init)
    }
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
            // `[TRANSACTION|PRODUCT] [other|appIssue]`: Apple's revocation reasons 0 and 1.
            var words = StoreControl.words(target)
            var reason = 0
            if let last = words.last, let code = ["other": 0, "appissue": 1][last.lowercased()] { reason = code; words.removeLast() }
            let transaction = try resolve.refundable(words.first)
            try refund(transactionID: transaction.id, reason: reason)
            return "Refunded transaction \(transaction.id) (\(transaction.productID)), reason \(reason == 1 ? "appIssue" : "other")."
        case .autoRenew:
            var words = StoreControl.words(target)
            guard let flag = words.first?.lowercased(), ["on", "off"].contains(flag) else {
                throw StoreControlError("AutoRenew \(target ?? ""): expected on or off, then optionally a subscription product or group")
            }
            words.removeFirst()
            let group = try resolve.group(words.first)
            try setAutoRenew(groupID: group, flag == "on")
            return "Auto-renew \(flag) for the subscription in group \(group)."
        case .resolve:
            let request = try resolve.interruptedPurchase(target)
            try completeInterruptedPurchase(requestID: request.requestID)
            return "Completed interrupted purchase \(request.requestID) for \(request.productID)."
        case .delete:
            let transaction = try resolve.deletable(target)
            try deleteTransaction(transactionID: transaction.id)
            return "Deleted transaction \(transaction.id) (\(transaction.productID))."
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
