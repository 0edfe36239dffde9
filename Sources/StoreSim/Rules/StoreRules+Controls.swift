import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// `SKTestSession`-style controls and the App Store Server API's changes, as rules: each changes
/// the state as of `now` and records its effects; the shell saves.
extension StoreRules {
    /// Declines an Ask to Buy request: the app learns nothing; the decline is recorded.
    mutating func declineAskToBuy(requestID: String) throws {
        guard let index = state.pending.firstIndex(where: { $0.requestID == requestID && $0.kind == .askToBuy }) else {
            throw StoreControlError("decline: no Ask to Buy request \(requestID)")
        }
        let request = state.pending.remove(at: index)
        state.declined = (state.declined ?? []) + [DeclinedRequest(requestID: request.requestID, productID: request.productID,
                                                                  requestedAt: request.requestedAt, declinedAt: now)]
        note("Ask to Buy \(requestID) declined (the app is not told)")
    }

    /// The pending request `requestID` of `kind`, taken out of the waiting list.
    mutating func takePending(_ requestID: String, kind: PendingPurchase.Kind) throws -> PendingPurchase {
        guard let index = state.pending.firstIndex(where: { $0.requestID == requestID && $0.kind == kind }) else {
            throw StoreControlError("no \(kind.rawValue) request \(requestID); pending: \(state.pending.map(\.requestID))")
        }
        return state.pending.remove(at: index)
    }

    /// A purchase waiting outside the app: Ask to Buy, or an interrupted purchase, as a request.
    mutating func pend(_ productID: String, options: StorePurchaseOptions, kind: PendingPurchase.Kind) {
        let request = PendingPurchase(requestID: "req-\(state.nextRequestNumber)", kind: kind, productID: productID,
                                      options: options, requestedAt: now)
        state.nextRequestNumber += 1
        state.pending.append(request)
        note("purchase \(productID) pending: \(kind.rawValue) \(request.requestID)")
    }

    /// Expires the group's subscription now; auto-renew off. The transaction arrives as an update.
    mutating func expireSubscription(groupID: String) throws {
        let key = state.controlledLineKey(groupID)
        guard var line = state.lines[key] else { throw StoreControlError("expire: no subscription in group \(groupID)") }
        // A refunded subscription ended with its refund; one that expired is over: nothing to expire.
        if let latest = record(line.latestTransactionID), let revoked = latest.payload.revoked {
            throw StoreControlError("nothing to expire: the subscription in group \(groupID) ended with the refund of transaction "
                + "\(latest.payload.transactionId) at \(ISO8601.string(revoked))", refusal: .nothingToExpire)
        }
        if line.expires <= now, !line.autoRenew {
            throw StoreControlError("nothing to expire: the subscription in group \(groupID) expired at \(ISO8601.string(line.expires))", refusal: .nothingToExpire)
        }
        line.expires = now
        line.autoRenew = false
        line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
        state.lines[key] = line
        // A transaction's expiresDate is static (Apple): the early end is the subscription's
        // status and renewal info; the app hears of it as an update of the same transaction.
        if let record = record(line.latestTransactionID) {
            effects.updates.append(update(.expiry, record))
        }
        note("\(groupID): expired by control")
    }

    /// Set App Account Token (see `SimulatedStore.setAppAccountToken`).
    mutating func setAppAccountToken(originalTransactionID: String, token: UUID) throws {
        let ids = state.records.filter { $0.payload.originalTransactionId == originalTransactionID }.map(\.payload.transactionId)
        guard ids.contains(originalTransactionID) else {
            if record(originalTransactionID) != nil { throw SimulatedStore.AppAccountTokenRefusal.notOriginal }
            throw SimulatedStore.AppAccountTokenRefusal.notFound
        }
        guard record(originalTransactionID)?.payload.inAppOwnershipType != "FAMILY_SHARED" else {
            throw SimulatedStore.AppAccountTokenRefusal.familyShared
        }
        for id in ids { _ = try amend(id, redeliver: false) { $0.appAccountToken = token.uuidString.lowercased() } }
        for (group, line) in state.lines where line.originalTransactionID == originalTransactionID {
            var changed = line
            changed.appAccountToken = token
            state.lines[group] = changed
        }
        note("\(originalTransactionID): app account token set")
    }

    /// Refunds (revokes) a transaction: revocation date now; a subscription ends. Arrives as an update.
    mutating func refund(transactionID: String, reason: Int) throws {
        guard let current = record(transactionID) else { throw StoreControlError("refund: no transaction \(transactionID)") }
        let now = now
        guard let record = try amend(transactionID, { $0.revocationDate = TransactionPayload.millis(now); $0.revocationReason = reason }) else { return }
        // Only the refunded subscription's line: refunding their own keeps a family member's share.
        if let key = state.lineKey(for: current.payload), var line = state.lines[key], line.latestTransactionID == transactionID {
            line.autoRenew = false
            line.expires = min(line.expires, now)
            state.lines[key] = line
        }
        effects.updates.append(update(.revocation, record))
        // A refund request waiting for it is answered by the refund.
        if var requests = state.refundRequests, let index = requests.lastIndex(where: { $0.transactionID == transactionID }),
           requests[index].state == .pending {
            requests[index].decision = .approved
            requests[index].decidedAt = now
            state.refundRequests = requests
        }
        note("transaction \(transactionID) refunded (revoked)")
    }

    /// Renews the group's subscription now, whatever its expiry (`forceRenewalOfSubscription`).
    mutating func forceRenewal(groupID: String) throws {
        let key = state.controlledLineKey(groupID)
        guard var line = state.lines[key] else { throw StoreControlError("renew: no subscription in group \(groupID)") }
        line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
        line.autoRenew = true
        // The running transaction keeps its expiresDate (static, as Apple's): the renewal starts now beside it.
        try renewOnce(&line, at: now)
        state.lines[key] = line
    }

    /// Turns renewal billing issues on or off; off recovers subscriptions in billing retry now.
    mutating func setBillingIssue(_ on: Bool) throws {
        var s = settings
        s.renewalBillingIssuesEnabled = on
        if !on { s.billingIssuesEnabled = false }
        state.settings = s
        if !on {
            for key in state.lines.keys.sorted() where state.lines[key]?.retryStartedAt != nil {
                try recover(key: key)
            }
        }
        note("billing issue \(on ? "on" : "off")")
    }

    /// `SKTestSession.resolveIssueForTransaction`: the subscription in billing retry renews.
    mutating func resolveBillingIssue(groupID: String) throws {
        let key = state.controlledLineKey(groupID)
        guard state.lines[key]?.retryStartedAt != nil else {
            throw StoreControlError("resolve: the subscription in group \(groupID) has no billing issue")
        }
        try recover(key: key)
        note("\(groupID): billing issue resolved")
    }

    /// Renews a subscription in grace or billing retry now: inside grace from its renewal date
    /// (no paid day lost), after it from now.
    private mutating func recover(key: String) throws {
        guard var line = state.lines[key], line.retryStartedAt != nil else { return }
        let inGrace = line.graceEnds.map { now < $0 } ?? false
        line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
        try renewOnce(&line, at: inGrace ? line.expires : now)
        state.lines[key] = line
    }

    /// Turns auto-renew on or off for the group (Manage Subscriptions).
    mutating func setAutoRenew(groupID: String, _ on: Bool) throws {
        let key = state.controlledLineKey(groupID)
        guard var line = state.lines[key] else { throw StoreControlError("auto-renew: no subscription in group \(groupID)") }
        if on { line.autoRenew = true } else { turnOffAutoRenew(&line) }
        state.lines[key] = line
        note("\(groupID): auto-renew \(on ? "on" : "off")")
    }

    /// Deletes one transaction; a subscription line whose transactions are all gone goes too.
    mutating func deleteTransaction(transactionID: String) throws {
        guard let index = recordIndex.position(of: transactionID, in: state.records) else {
            throw StoreControlError("delete: no transaction \(transactionID)")
        }
        let removed = state.records.remove(at: index)
        recordIndex.invalidate()
        effects.snapshotDue = true // removals are not journaled: a fresh snapshot
        if let group = removed.payload.subscriptionGroupIdentifier, let key = state.lineKey(for: removed.payload), var line = state.lines[key] {
            // What is left of the same line: the group's transactions shared by a family member, or the customer's own.
            let shared = line.ownership == "FAMILY_SHARED"
            let left = state.records.filter {
                $0.payload.subscriptionGroupIdentifier == group && ($0.payload.inAppOwnershipType == "FAMILY_SHARED") == shared
            }
            // The group's introductory offer is open again once no transaction of the customer's own took it.
            if !shared, !left.contains(where: { $0.payload.offerType == 1 }), let used = state.introOfferGroups {
                state.introOfferGroups = used.filter { $0 != group }
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
        note("transaction \(transactionID) deleted")
    }

    /// Deletes every transaction and pending request; ids keep counting up.
    mutating func clearTransactions() {
        state.records.removeAll()
        recordIndex.invalidate()
        effects.snapshotDue = true // removals are not journaled: a fresh snapshot
        state.pending.removeAll()
        state.lines.removeAll()
        state.messages = nil
        state.refundRequests = nil
        state.introOfferGroups = []
        // Nothing is left to have been processed: a state started over on an earlier clock (a
        // tape's `--reset`) must not date its renewals at the old state's time.
        state.lastProcessed = nil
        effects.updates.removeAll()
        effects.clearsUpdates = true
        note("transactions cleared")
    }

    /// Back to the default state: no transactions, the catalog's switches.
    mutating func reset() {
        state.settings = nil
        state.appPurchase = nil
        clearTransactions()
        note("store reset")
    }

    /// The App Store Server API's "Extend a subscription renewal date" (see `SimulatedStore.extendRenewalDate`).
    mutating func extendRenewalDate(originalTransactionID: String, days: Int) throws -> (effectiveDate: Date, webOrderLineItemID: String?) {
        guard (1...90).contains(days) else { throw StoreControlError("extendByDays \(days): expected 1 to 90") }
        guard let groupID = state.lines.first(where: { $0.value.originalTransactionID == originalTransactionID })?.key,
              var line = state.lines[groupID] else {
            throw StoreControlError("no subscription with original transaction \(originalTransactionID)")
        }
        guard line.expires > now, let latest = record(line.latestTransactionID), latest.payload.revocationDate == nil else {
            throw StoreControlError("subscription \(originalTransactionID) is not active; only an active subscription is extended")
        }
        // SubscriptionExtensionIneligibleError: "Subscriptions in a free offer period" aren't eligible.
        guard latest.payload.offerDiscountType != "FREE_TRIAL" else {
            throw StoreControlError("subscription \(originalTransactionID) is in a free offer period, which is not extended")
        }
        // "You can extend the renewal date twice within a year (365 days) per customer."
        let recent = (line.extensionDates ?? []).filter { $0 > now.addingTimeInterval(-365 * 86_400) }
        guard recent.count < 2 else {
            throw RenewalExtensionLimitReached(originalTransactionID: originalTransactionID, dates: recent)
        }
        line.extensionDates = recent + [now]
        line.expires = line.expires.addingTimeInterval(TimeInterval(days) * 86_400)
        let expires = line.expires
        state.lines[groupID] = line
        let record = try amend(line.latestTransactionID, redeliver: false) { $0.expiresDate = TransactionPayload.millis(expires) }
        note("\(groupID): renewal date extended by \(days) days to \(ISO8601.string(expires))")
        return (expires, record?.payload.webOrderLineItemId)
    }

    /// `Transaction.finish()`: marks the transaction finished; false when it already was.
    mutating func finish(transactionID: String) throws -> Bool {
        guard let index = recordIndex.position(of: transactionID, in: state.records) else {
            throw StoreControlError("finish: no transaction \(transactionID)")
        }
        guard !state.records[index].finished else { return false }
        state.records[index].finished = true
        effects.finishedRecords.append(transactionID)
        return true
    }
}
