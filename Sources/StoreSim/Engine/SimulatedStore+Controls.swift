import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// `SKTestSession`-style controls and `AppStore.sync()`.
extension SimulatedStore {
    /// `AppStore.sync()` (restore): re-delivers current entitlements through the updates queue.
    public func sync() -> StoreSyncResult {
        do { try lock.withLock { try refreshLocked() } } catch {
            note("sync failed: \(error)")
            return .failed(error: "systemError")
        }
        if let forced = settings.forcedError(.appStoreSync) {
            note("sync failed: forced \(forced)")
            return .failed(error: forced)
        }
        let current = currentEntitlements()
        guard !current.isEmpty else { note("sync: nothing to restore"); return .nothingToRestore }
        for transaction in current {
            let verified = record(transaction.id)?.verified ?? false
            updates.append(.made(TransactionUpdate(reason: .restore, productID: transaction.productID, transaction: transaction, verified: verified)))
        }
        note("sync: restored \(current.count) transaction(s)")
        return .restored(current)
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
        try exclusive {
            guard let index = state.pending.firstIndex(where: { $0.requestID == requestID && $0.kind == .askToBuy }) else {
                throw StoreControlError("decline: no Ask to Buy request \(requestID)")
            }
            let request = state.pending.remove(at: index)
            state.declined = (state.declined ?? []) + [DeclinedRequest(requestID: request.requestID, productID: request.productID,
                                                                      requestedAt: request.requestedAt, declinedAt: clock.now())]
            try save()
            note("Ask to Buy \(requestID) declined (the app is not told)")
        }
    }

    private func completePending(_ requestID: String, kind: PendingPurchase.Kind, reason: TransactionUpdate.Reason) throws {
        try exclusive {
            guard let index = state.pending.firstIndex(where: { $0.requestID == requestID && $0.kind == kind }) else {
                throw StoreControlError("no \(kind.rawValue) request \(requestID); pending: \(state.pending.map(\.requestID))")
            }
            let request = state.pending.remove(at: index)
            _ = try deliver(productID: request.productID, options: request.options, reason: reason)
            try save()
            note("\(kind.rawValue) \(requestID) completed")
        }
    }

    /// A purchase made outside the app (another device, a code): arrives as an update, no app account token.
    @discardableResult
    public func buyOutsideApp(productID: String) throws -> SignedTransaction {
        return try exclusive {
            let (record, _) = try deliver(productID: productID, options: StorePurchaseOptions(), reason: .outsideApp)
            try save()
            return signed(record)
        }
    }

    /// Expires the group's subscription now; auto-renew off. The amended transaction arrives as an update.
    public func expireSubscription(groupID: String) throws {
        try exclusive {
            let key = state.controlledLineKey(groupID)
            guard var line = state.lines[key] else { throw StoreControlError("expire: no subscription in group \(groupID)") }
            let now = clock.now()
            line.expires = now
            line.autoRenew = false
            line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
            state.lines[key] = line
            // A transaction's expiresDate is static (Apple): the early end is the subscription's
            // status and renewal info; the app hears of it as an update of the same transaction.
            if let record = record(line.latestTransactionID) {
                updates.append(update(.expiry, record))
            }
            try save()
            note("\(groupID): expired by control")
        }
    }

    /// The App Store Server API's Set App Account Token: `token` on every transaction of
    /// `originalTransactionID` (re-signed) and on its renewals to come. Throws when no such original
    /// purchase exists, when the id is a later transaction's, or for a family-shared purchase.
    public func setAppAccountToken(originalTransactionID: String, token: UUID) throws {
        try exclusive {
            let ids = state.records.filter { $0.payload.originalTransactionId == originalTransactionID }.map(\.payload.transactionId)
            guard ids.contains(originalTransactionID) else {
                if record(originalTransactionID) != nil { throw AppAccountTokenRefusal.notOriginal }
                throw AppAccountTokenRefusal.notFound
            }
            guard record(originalTransactionID)?.payload.inAppOwnershipType != "FAMILY_SHARED" else { throw AppAccountTokenRefusal.familyShared }
            for id in ids { _ = try amend(id, redeliver: false) { $0.appAccountToken = token.uuidString.lowercased() } }
            for (group, line) in state.lines where line.originalTransactionID == originalTransactionID {
                var changed = line
                changed.appAccountToken = token
                state.lines[group] = changed
            }
            try save()
            note("\(originalTransactionID): app account token set")
        }
    }

    /// Why Set App Account Token was refused, each one of Apple's errors.
    public enum AppAccountTokenRefusal: Error, Equatable {
        case notFound, notOriginal, familyShared
    }

    /// Refunds (revokes) a transaction: revocation date now; a subscription ends. Arrives as an update.
    public func refund(transactionID: String, reason: Int = 0) throws {
        try exclusive {
            guard let current = record(transactionID) else { throw StoreControlError("refund: no transaction \(transactionID)") }
            let now = clock.now()
            guard let record = try amend(transactionID, { $0.revocationDate = TransactionPayload.millis(now); $0.revocationReason = reason }) else { return }
            // Only the refunded subscription's line: refunding their own keeps a family member's share.
            if let key = state.lineKey(for: current.payload), var line = state.lines[key], line.latestTransactionID == transactionID {
                line.autoRenew = false
                line.expires = min(line.expires, now)
                state.lines[key] = line
            }
            updates.append(update(.revocation, record))
            try save()
            note("transaction \(transactionID) refunded (revoked)")
        }
    }

    /// Renews the group's subscription now, whatever its expiry (`forceRenewalOfSubscription`).
    ///
    /// The renewal's period starts now. A transaction's `expiresDate` is static (Apple's): the one
    /// still running keeps it, and the subscription's status, not the transactions, says when
    /// access ends (a later `expire` ends it at that instant: `earlyEnd`).
    public func forceRenewal(groupID: String) throws {
        try exclusive {
            let key = state.controlledLineKey(groupID)
            guard var line = state.lines[key] else { throw StoreControlError("renew: no subscription in group \(groupID)") }
            line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
            line.autoRenew = true
            let now = clock.now()
            // The running transaction keeps its expiresDate (static, as Apple's): the renewal starts now beside it.
            try renewOnce(&line, at: now)
            state.lines[key] = line
            try save()
        }
    }

    /// Turns renewal billing issues on or off; off recovers subscriptions in billing retry now. A
    /// recovery inside the grace period keeps the renewal date (the period starts when the failed
    /// renewal was due: no paid day is lost); one after it starts a new period at the recovery.
    public func setBillingIssue(_ on: Bool) throws {
        try exclusive {
            var s = settings
            s.renewalBillingIssuesEnabled = on
            if !on { s.billingIssuesEnabled = false }
            state.settings = s
            if !on {
                for key in state.lines.keys.sorted() where state.lines[key]?.retryStartedAt != nil {
                    try recoverLocked(key: key)
                }
            }
            try save()
            note("billing issue \(on ? "on" : "off")")
        }
    }

    /// `SKTestSession.resolveIssueForTransaction` for a subscription in billing retry or its grace
    /// period: the customer fixed their payment, the subscription renews (see `setBillingIssue`).
    /// The billing-issue switch stays as it is.
    public func resolveBillingIssue(groupID: String) throws {
        try exclusive {
            let key = state.controlledLineKey(groupID)
            guard state.lines[key]?.retryStartedAt != nil else {
                throw StoreControlError("resolve: the subscription in group \(groupID) has no billing issue")
            }
            try recoverLocked(key: key)
            try save()
            note("\(groupID): billing issue resolved")
        }
    }

    /// Renews a subscription in grace or billing retry now: inside grace from its renewal date
    /// (no paid day lost), after it from now. The caller holds the lock and saves.
    private func recoverLocked(key: String) throws {
        guard var line = state.lines[key], line.retryStartedAt != nil else { return }
        let now = clock.now()
        let inGrace = line.graceEnds.map { now < $0 } ?? false
        line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
        try renewOnce(&line, at: inGrace ? line.expires : now)
        state.lines[key] = line
    }

    /// Turns auto-renew on or off for the group (Manage Subscriptions).
    public func setAutoRenew(groupID: String, _ on: Bool) throws {
        try exclusive {
            let key = state.controlledLineKey(groupID)
            guard var line = state.lines[key] else { throw StoreControlError("auto-renew: no subscription in group \(groupID)") }
            line.autoRenew = on
            state.lines[key] = line
            try save()
            note("\(groupID): auto-renew \(on ? "on" : "off")")
        }
    }

    /// Deletes one transaction (`SKTestSession.deleteTransaction(identifier:)`). A subscription line
    /// whose transactions are all gone goes too, so the group's introductory offer is open again.
    public func deleteTransaction(transactionID: String) throws {
        try exclusive {
            guard let index = recordIndex.position(of: transactionID, in: state.records) else {
                throw StoreControlError("delete: no transaction \(transactionID)")
            }
            let removed = state.records.remove(at: index)
            recordIndex.invalidate()
            repository.snapshotNext() // removals are not journaled: a fresh snapshot
            if let group = removed.payload.subscriptionGroupIdentifier, let key = state.lineKey(for: removed.payload), var line = state.lines[key] {
                // What is left of the same line: the group's transactions shared by a family member, or the customer's own.
                let shared = line.ownership == "FAMILY_SHARED"
                let left = state.records.filter {
                    $0.payload.subscriptionGroupIdentifier == group && ($0.payload.inAppOwnershipType == "FAMILY_SHARED") == shared
                }
                if let latest = left.last {
                    if line.latestTransactionID == transactionID {
                        line.latestTransactionID = latest.payload.transactionId
                        line.expires = latest.payload.expires ?? line.expires
                    }
                    state.lines[key] = line
                } else {
                    state.lines.removeValue(forKey: key)
                }
            }
            try save()
            note("transaction \(transactionID) deleted")
        }
    }

    /// Deletes every transaction and pending request (`clearTransactions`); ids keep counting up.
    public func clearTransactions() throws {
        try exclusive {
            state.records.removeAll()
            recordIndex.invalidate()
            repository.snapshotNext() // removals are not journaled: a fresh snapshot
            state.pending.removeAll()
            state.lines.removeAll()
            state.messages = nil
            state.refundRequests = nil
            updates.removeAll()
            sheet = nil
            try save()
            note("transactions cleared")
        }
    }

    /// Back to the default state (`resetToDefaultState`): no transactions, the catalog's switches.
    public func reset() throws {
        try exclusive {
            state.settings = nil
            state.appPurchase = nil
            try clearTransactions()
            note("store reset")
        }
    }
}

extension SimulatedStore {
    /// The App Store Server API's "Extend a subscription renewal date": the active subscription
    /// whose original transaction is `originalTransactionID` renews `days` later (1 to 90, as
    /// Apple allows); its latest transaction's expiry moves with it (re-signed). Notified as
    /// RENEWAL_EXTENDED. Returns the new renewal date and the transaction's web order line item.
    public func extendRenewalDate(originalTransactionID: String, days: Int) throws -> (effectiveDate: Date, webOrderLineItemID: String?) {
        try exclusive {
            guard (1...90).contains(days) else { throw StoreControlError("extendByDays \(days): expected 1 to 90") }
            guard let groupID = state.lines.first(where: { $0.value.originalTransactionID == originalTransactionID })?.key,
                  var line = state.lines[groupID] else {
                throw StoreControlError("no subscription with original transaction \(originalTransactionID)")
            }
            let now = clock.now()
            guard line.expires > now, record(line.latestTransactionID)?.payload.revocationDate == nil else {
                throw StoreControlError("subscription \(originalTransactionID) is not active; only an active subscription is extended")
            }
            line.expires = line.expires.addingTimeInterval(TimeInterval(days) * 86_400)
            let expires = line.expires
            state.lines[groupID] = line
            let record = try amend(line.latestTransactionID, redeliver: false) { $0.expiresDate = TransactionPayload.millis(expires) }
            try save()
            note("\(groupID): renewal date extended by \(days) days to \(ISO8601.string(expires))")
            return (expires, record?.payload.webOrderLineItemId)
        }
    }

    /// Every revoked transaction of the customer, oldest first (the refund lookup).
    public var refundedTransactions: [SignedTransaction] {
        state.records.positions { $0.contains(.revoked) }.map { signed(state.records[$0]) }
    }
}
