import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// The StoreKit calls an app makes besides purchase and sync, each failing with its simulated
/// error when one is set: subscription status, `AppTransaction`, the Manage Subscriptions and
/// refund request sheets.
extension SimulatedStore {
    /// `Product.SubscriptionInfo.status(for:)` as the app calls it: throws the `subscriptionStatus` simulated error.
    public func statusForApp(groupID: String) throws(StoreKitFailure) -> SubscriptionGroupStatus? {
        if let forced = settings.forcedError(.subscriptionStatus) { note("subscription status refused: forced \(forced)"); throw StoreKitFailure(forced) }
        return subscriptionStatus(groupID: groupID)
    }

    /// The app's own purchase: what was set, else version 1.0 bought when the store was first opened.
    public var appPurchase: AppPurchase {
        rules.reading(at: clock.now()) { $0.appPurchase }
    }

    /// Sets what `AppTransaction` reports (paid-to-freemium tests: "bought version 1.0 in 2024").
    public func setAppPurchase(_ purchase: AppPurchase) throws {
        try change { $0.setAppPurchase(purchase) }
    }

    /// The app's `AppTransaction` id: made from the bundle id, so every process and every
    /// transaction, renewal info and app transaction of the app carry the same one.
    public var appTransactionID: String { rules.appTransactionID }

    /// `AppTransaction.shared`: the payload and its compact JWS, signed like transactions. Throws the
    /// `appTransaction` simulated error; a verification error signs it with the untrusted key.
    public func appTransaction() throws -> (payload: AppTransactionPayload, jws: String, verified: Bool) {
        let result = try appTransactionResult()
        return (result.payload, result.jws, result.verificationError == nil)
    }

    /// `AppTransaction.shared` with the verification error the device would report (nil: verified).
    public func appTransactionResult() throws -> (payload: AppTransactionPayload, jws: String, verificationError: StoreKitErrorName?) {
        let forced = settings.forcedError(.appTransaction)
        if let forced, !StoreKitTestAPI.verificationErrors.contains(forced.rawValue) {
            note("app transaction refused: forced \(forced)")
            throw StoreKitFailure(forced)
        }
        let payload = rules.reading(at: clock.now()) { $0.appTransactionPayload() }
        let verificationError = forced ?? settings.forcedError(.verification) ?? (settings.unverifiedTransactions ? .invalidSignature : nil)
        return (payload, try signJWS(try payload.encoded(), untrusted: verificationError != nil), verificationError)
    }

    /// `AppStore.showManageSubscriptions(in:)` where the user turns auto-renew on or off. Throws the
    /// `manageSubscriptions` simulated error (the sheet never opens).
    public func manageSubscriptions(groupID: String, autoRenew: Bool) throws {
        if let forced = settings.forcedError(.manageSubscriptions) {
            note("manage subscriptions sheet refused: forced \(forced)")
            throw StoreKitFailure(forced)
        }
        try setAutoRenew(groupID: groupID, autoRenew)
    }

    /// `Transaction.beginRefundRequest(in:)`: the customer asks Apple for a refund of a transaction,
    /// for `reason` (one of `RefundRequest.reasons`; nil: `OTHER`). In Xcode it is approved and
    /// refunded at once; in the sandbox approved or declined at once as `sandboxDeclinesRefunds`
    /// says; in Production it waits (`decideRefund`). Returns where it stands. Throws the
    /// `refundRequest` simulated error; a second request for the same transaction is `duplicateRequest`.
    @discardableResult
    public func beginRefundRequest(transactionID: String, reason: String? = nil) throws -> RefundRequest.Decision {
        if let forced = settings.forcedError(.refundRequest) {
            note("refund request sheet refused: forced \(forced)")
            throw StoreKitFailure(forced)
        }
        try change { try $0.requestRefund(transactionID: transactionID, reason: reason) }
        // The sandbox answers by itself, after the request (its CONSUMPTION_REQUEST comes first).
        if isSandbox { try decideRefund(transactionID: transactionID, approve: !(settings.sandboxDeclinesRefunds ?? false)) }
        return refundRequests.last { $0.transactionID == transactionID }?.state ?? .pending
    }

    /// Apple's decision on a pending refund request: approve refunds the transaction (REFUND),
    /// decline sends REFUND_DECLINED. Throws when the transaction has no pending request.
    public func decideRefund(transactionID: String, approve: Bool) throws {
        try change { try $0.decideRefund(transactionID: transactionID, approve: approve) }
    }

    /// Reverses the refund of a transaction (REFUND_REVERSED): its entitlement is back.
    public func reverseRefund(transactionID: String) throws {
        try change { try $0.reverseRefund(transactionID: transactionID) }
    }

    /// Keeps a team's Send Consumption Information answer on the transaction's refund request;
    /// false when it has none (Apple answers 202 all the same).
    @discardableResult
    public func recordConsumption(transactionID: String, answer: ConsumptionAnswer) throws -> Bool {
        try exclusive {
            guard rules.recordConsumption(transactionID: transactionID, answer: answer) else { return false }
            try save()
            return true
        }
    }

    /// How Apple's sandbox answers refund requests from now on (kept with the store's settings).
    /// Returns whether it changed.
    @discardableResult
    public func setSandboxDeclinesRefunds(_ declines: Bool) throws -> Bool {
        try exclusive {
            // Read and changed under the lock: another process's switch set meanwhile is kept.
            var changed = rules.settings
            changed.sandboxDeclinesRefunds = declines ? true : nil
            guard rules.setSettings(changed) else { return false }
            try save()
            return true
        }
    }

    /// Takes `productID` off sale (App Store Connect's "Remove from Sale") or puts it back on sale:
    /// off sale, it is not sold (`productUnavailable`) and its subscribers expire at the end of
    /// their period (EXPIRED / PRODUCT_NOT_FOR_SALE, `expirationIntent` 4). Returns whether it changed.
    @discardableResult
    public func setOffSale(_ productID: String, _ offSale: Bool) throws -> Bool {
        try exclusive {
            var changed = rules.settings
            var ids = Set(changed.offSale ?? [])
            if offSale { ids.insert(productID) } else { ids.remove(productID) }
            changed.offSale = ids.isEmpty ? nil : ids.sorted()
            guard rules.setSettings(changed) else { return false }
            try save()
            note("\(productID) \(offSale ? "removed from sale" : "back on sale")")
            return true
        }
    }

    /// Refund requests made from the app's sheet, oldest first.
    public var refundRequests: [RefundRequest] { state.refundRequests ?? [] }
}

/// One transaction as the ledger keeps it, for listings: the decoded payload, the signed
/// transaction, whether the app finished it and whether the device's check passes.
public struct LedgerTransaction: Sendable {
    public var payload: TransactionPayload
    public var signed: SignedTransaction
    public var finished: Bool
    public var verified: Bool
}

extension SimulatedStore {
    /// A page of the customer's transaction history as the App Store Server API orders it (by the
    /// time each was last signed, then id; `descending` newest first), signed between `from` and
    /// `to` (milliseconds; either may be nil), and how many match in all. The order is made from
    /// the record index's dates, and only the page's transactions are read and signed.
    public func transactionHistoryPage(signedFrom from: Int64?, before to: Int64?, descending: Bool,
                                       offset: Int, limit: Int) -> (page: [SignedTransaction], total: Int) {
        let records = state.records
        var keyed: [(signedDate: Int64, id: String, position: Int)] = []
        keyed.reserveCapacity(records.count)
        for position in records.indices {
            let (signedDate, id) = records.signing(at: position)
            if let from, signedDate < from { continue }
            if let to, signedDate >= to { continue }
            keyed.append((signedDate, id, position))
        }
        keyed.sort { ($0.signedDate, $0.id) < ($1.signedDate, $1.id) }
        if descending { keyed.reverse() }
        let page = keyed.dropFirst(max(0, offset)).prefix(max(0, limit)).map { signed(records[$0.position]) }
        return (page, keyed.count)
    }
}

extension SimulatedStore {
    /// A page of the ledger, newest first: at most `limit` transactions (nil: all) purchased at or
    /// after `since`, and how many match in all. Only the page's transactions are built.
    public func transactionPage(limit: Int?, since: Date? = nil) -> (page: [LedgerTransaction], total: Int) {
        // Every transaction counts: the page is the newest `limit`, and no other record is looked at.
        if since == nil, let limit {
            let page = state.records.suffix(max(0, limit)).reversed().map {
                LedgerTransaction(payload: $0.payload, signed: signed($0), finished: $0.finished, verified: $0.verified)
            }
            return (page, state.records.count)
        }
        // Dates are compared from the archive's index: only the page's records are read.
        var page: [LedgerTransaction] = []
        var total = 0
        for position in state.records.indices.reversed() {
            if let since, TransactionPayload.date(state.records.purchaseDate(at: position)) < since { continue }
            total += 1
            if let limit, page.count >= limit { continue }
            let record = state.records[position]
            page.append(LedgerTransaction(payload: record.payload, signed: signed(record), finished: record.finished, verified: record.verified))
        }
        return (page, total)
    }
}
