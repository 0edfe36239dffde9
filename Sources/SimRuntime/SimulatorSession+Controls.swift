import Foundation
import PaywallCore
import StoreSim

extension SimulatorSession {
    /// Acts on the store from outside the app; `productID` picks the product, else the obvious one.
    /// Throws a message naming what was missing (no pending request, no subscription…).
    public func control(_ action: StoreControl, productID: String? = nil) throws {
        switch action {
        case .approve, .decline:
            let requests = store.pendingPurchases.filter { $0.kind == .askToBuy && (productID == nil || $0.productID == productID) }
            guard let request = requests.first else {
                throw StoreControlError("no Ask to Buy request is waiting\(productID.map { " for \($0)" } ?? "")")
            }
            if action == .approve { try store.approveAskToBuy(requestID: request.requestID) }
            else { try store.declineAskToBuy(requestID: request.requestID) }
        case .expire:
            try store.expireSubscription(groupID: try groupID(for: productID))
        case .renew:
            try store.forceRenewal(groupID: try groupID(for: productID))
        case .billingIssue:
            try store.setBillingIssue(true)
        case .refund:
            let candidates = store.allTransactions.filter { transaction in
                productID.map { transaction.productID == $0 } ?? true
            }
            let live = candidates.filter { store.payload(transactionID: $0.id)?.revocationDate == nil }
            guard let latest = live.last else {
                throw StoreControlError("nothing to refund\(productID.map { " for \($0)" } ?? "")")
            }
            try store.refund(transactionID: latest.id)
        }
        pump()
    }

    /// The subscription group of `productID`, or the group of the user's latest subscription.
    private func groupID(for productID: String?) throws -> String {
        if let productID {
            guard let group = settings.catalog.product(productID)?.subscription?.groupID else {
                throw StoreControlError("\(productID) is not an auto-renewable subscription in \(settings.catalog.origin)")
            }
            return group
        }
        for transaction in store.allTransactions.reversed() {
            if let group = settings.catalog.product(transaction.productID)?.subscription?.groupID { return group }
        }
        throw StoreControlError("no subscription has been bought yet")
    }
}
