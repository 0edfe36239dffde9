import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// `SKTestSession`-style controls and `AppStore.sync()`.
extension SimulatedStore {
    /// `AppStore.sync()` (restore): re-delivers current entitlements through the updates queue.
    public func sync() -> StoreSyncResult {
        do { try lock.withLock { try refreshLocked() } } catch {
            note("sync failed: \(error)")
            return .failed(error: .systemError)
        }
        let answer = rules.reading(at: clock.now()) { $0.syncAnswer() }
        guard case .restored(let current) = answer else {
            if case .failed(let forced) = answer { note("sync failed: forced \(forced)") } else { note("sync: nothing to restore") }
            return answer
        }
        for transaction in current {
            let verified = record(transaction.id)?.verified ?? false
            updates.append(.made(TransactionUpdate(reason: .restore, productID: transaction.productID, transaction: transaction, verified: verified)))
        }
        note("sync: restored \(current.count) transaction(s)")
        return answer
    }

    /// Approves an Ask to Buy request: the purchase arrives through the updates queue.
    public func approveAskToBuy(requestID: String) throws { try completePending(requestID, kind: .askToBuy, reason: .askToBuyApproved) }

    /// Completes an interrupted purchase (the action outside the app is done): arrives as an update.
    public func completeInterruptedPurchase(requestID: String) throws {
        try completePending(requestID, kind: .interrupted, reason: .interruptedCompleted)
    }

    /// Declines an Ask to Buy request. As in StoreKit 2 the app learns nothing (no transaction, no
    /// update: its purchase stays pending); the store records the decline for `store transactions`.
    public func declineAskToBuy(requestID: String) throws {
        try change { try $0.declineAskToBuy(requestID: requestID) }
    }

    private func completePending(_ requestID: String, kind: PendingPurchase.Kind, reason: TransactionUpdate.Reason) throws {
        try exclusive {
            let request = try rules.takePending(requestID, kind: kind)
            let key = try offerKey(for: request.options)
            _ = try rules.deliver(productID: request.productID, options: request.options, reason: reason, offerKey: key)
            rules.note("\(kind.rawValue) \(requestID) completed")
            try save()
        }
    }

    /// A purchase made outside the app (another device, a code): arrives as an update, no app account token.
    @discardableResult
    public func buyOutsideApp(productID: String) throws -> SignedTransaction {
        signed(try change { try $0.deliver(productID: productID, options: StorePurchaseOptions(), reason: .outsideApp).0 })
    }

    /// Expires the group's subscription now; auto-renew off. The amended transaction arrives as an update.
    public func expireSubscription(groupID: String) throws {
        try change { try $0.expireSubscription(groupID: groupID) }
    }

    /// The App Store Server API's Set App Account Token: `token` on every transaction of
    /// `originalTransactionID` (re-signed) and on its renewals to come. Throws when no such original
    /// purchase exists, when the id is a later transaction's, or for a family-shared purchase.
    public func setAppAccountToken(originalTransactionID: String, token: UUID) throws {
        try change { try $0.setAppAccountToken(originalTransactionID: originalTransactionID, token: token) }
    }

    /// Why Set App Account Token was refused, each one of Apple's errors.
    public enum AppAccountTokenRefusal: Error, Equatable {
        case notFound, notOriginal, familyShared
    }

    /// Refunds (revokes) a transaction: revocation date now; a subscription ends. Arrives as an update.
    public func refund(transactionID: String, reason: Int = 0) throws {
        try change { try $0.refund(transactionID: transactionID, reason: reason) }
    }

    /// Renews the group's subscription now, whatever its expiry (`forceRenewalOfSubscription`).
    ///
    /// The renewal's period starts now. A transaction's `expiresDate` is static (Apple's): the one
    /// still running keeps it, and the subscription's status, not the transactions, says when
    /// access ends (a later `expire` ends it at that instant: `earlyEnd`).
    public func forceRenewal(groupID: String) throws {
        try change { try $0.forceRenewal(groupID: groupID) }
    }

    /// Turns renewal billing issues on or off; off recovers subscriptions in billing retry now. A
    /// recovery inside the grace period keeps the renewal date (the period starts when the failed
    /// renewal was due: no paid day is lost); one after it starts a new period at the recovery.
    public func setBillingIssue(_ on: Bool) throws {
        try change { try $0.setBillingIssue(on) }
    }

    /// `SKTestSession.resolveIssueForTransaction` for a subscription in billing retry or its grace
    /// period: the customer fixed their payment, the subscription renews (see `setBillingIssue`).
    /// The billing-issue switch stays as it is.
    public func resolveBillingIssue(groupID: String) throws {
        try change { try $0.resolveBillingIssue(groupID: groupID) }
    }

    /// Turns auto-renew on or off for the group (Manage Subscriptions).
    public func setAutoRenew(groupID: String, _ on: Bool) throws {
        try change { try $0.setAutoRenew(groupID: groupID, on) }
    }

    /// Deletes one transaction (`SKTestSession.deleteTransaction(identifier:)`). A subscription line
    /// whose transactions are all gone goes too, so the group's introductory offer is open again.
    public func deleteTransaction(transactionID: String) throws {
        try change { try $0.deleteTransaction(transactionID: transactionID) }
    }

    /// Deletes every transaction and pending request (`clearTransactions`); ids keep counting up.
    public func clearTransactions() throws {
        try change { $0.clearTransactions() }
        sheet = nil
    }

    /// Back to the default state (`resetToDefaultState`): no transactions, the catalog's switches.
    public func reset() throws {
        try change { $0.reset() }
        sheet = nil
    }

    /// Runs `command` on the rules as one change, then saves it.
    func change<T>(_ command: (inout StoreRules) throws -> T) throws -> T {
        try exclusive {
            let result = try command(&rules)
            try save()
            return result
        }
    }
}

extension SimulatedStore {
    /// The App Store Server API's "Extend a subscription renewal date": the active subscription
    /// whose original transaction is `originalTransactionID` renews `days` later (1 to 90, as
    /// Apple allows); its latest transaction's expiry moves with it (re-signed). Notified as
    /// RENEWAL_EXTENDED. Returns the new renewal date and the transaction's web order line item.
    public func extendRenewalDate(originalTransactionID: String, days: Int) throws -> (effectiveDate: Date, webOrderLineItemID: String?) {
        try change { try $0.extendRenewalDate(originalTransactionID: originalTransactionID, days: days) }
    }

    /// Every revoked transaction of the customer, oldest first (the refund lookup).
    public var refundedTransactions: [SignedTransaction] {
        state.records.positions { $0.contains(.revoked) }.map { signed(state.records[$0]) }
    }
}
