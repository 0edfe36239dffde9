import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// Refund requests from the app's sheet (`beginRefundRequest`) as each environment answers them:
/// StoreKit Testing in Xcode approves at once (`SKTestSession.refundTransaction`: "the system
/// always approves refund requests, and processes them immediately"); the sandbox approves or
/// declines automatically "depending on your testing setup" (`sandboxDeclinesRefunds`); in
/// Production the request waits for Apple's decision (`decideRefund`). A refund Apple granted can
/// be reversed (REFUND_REVERSED), which gives the entitlement back.
extension StoreRules {
    /// Whether this environment approves a refund request the moment it is made (StoreKit Testing).
    var approvesRefundsAtOnce: Bool { environment == "Xcode" || environment == "LocalTesting" }

    /// Records the customer's refund request for `transactionID`; `reason` is one of Apple's
    /// `consumptionRequestReason` values (nil: `OTHER`). Xcode refunds it now. Elsewhere a
    /// subscription's auto-renew goes off (DID_CHANGE_RENEWAL_STATUS / AUTO_RENEW_DISABLED: "the
    /// App Store disabled subscription auto-renewal after the customer requested a refund") and
    /// the App Store asks for consumption information (CONSUMPTION_REQUEST). A second request for
    /// the same transaction is `duplicateRequest`.
    mutating func requestRefund(transactionID: String, reason: String?) throws {
        guard let record = record(transactionID) else { throw StoreControlError("refund request: no transaction \(transactionID)") }
        var requests = state.refundRequests ?? []
        if requests.contains(where: { $0.transactionID == transactionID }) { throw StoreKitFailure(.duplicateRequest) }
        let reason = reason ?? "OTHER"
        var request = RefundRequest(transactionID: transactionID, productID: record.payload.productId, requestedAt: now, reason: reason)
        if approvesRefundsAtOnce {
            try refund(transactionID: transactionID, reason: (RefundRequestReason(rawValue: reason) ?? .other).revocationReason.rawValue)
            request.decision = .approved
            request.decidedAt = now
            note("refund requested for \(transactionID): approved at once (StoreKit Testing)")
        } else {
            if let key = state.lineKey(for: record.payload), var line = state.lines[key], line.autoRenew,
               line.originalTransactionID == record.payload.originalTransactionId {
                turnOffAutoRenew(&line)
                state.lines[key] = line
            }
            explicitEvents.append(NotificationEvent(type: "CONSUMPTION_REQUEST", transactionID: transactionID,
                                                    groupID: state.lineKey(for: record.payload), consumptionRequestReason: reason))
            note("refund requested for \(transactionID): \(isSandbox ? "the sandbox decides" : "waiting for Apple's decision")")
        }
        requests.append(request)
        state.refundRequests = requests
    }

    /// Apple's decision on the pending refund request for `transactionID`: approved, the
    /// transaction is refunded (REFUND); declined, nothing changes but REFUND_DECLINED is sent.
    mutating func decideRefund(transactionID: String, approve: Bool) throws {
        guard var requests = state.refundRequests,
              let index = requests.lastIndex(where: { $0.transactionID == transactionID }) else {
            throw StoreControlError("no refund request for transaction \(transactionID); expected one made with RefundRequest")
        }
        guard requests[index].state == .pending else {
            throw StoreControlError("the refund request for transaction \(transactionID) was \(requests[index].state.rawValue) already")
        }
        guard let record = record(transactionID) else { throw StoreControlError("refund: no transaction \(transactionID)") }
        if approve {
            let reason = (requests[index].reason.flatMap(RefundRequestReason.init(rawValue:)) ?? .other).revocationReason.rawValue
            if record.payload.revocationDate == nil { try refund(transactionID: transactionID, reason: reason) }
        } else {
            explicitEvents.append(NotificationEvent(type: "REFUND_DECLINED", transactionID: transactionID,
                                                    groupID: state.lineKey(for: record.payload)))
        }
        requests[index].decision = approve ? .approved : .declined
        requests[index].decidedAt = now
        state.refundRequests = requests
        note("refund request for \(transactionID) \(approve ? "approved" : "declined")")
    }

    /// Reverses the refund of `transactionID` (a dispute the customer raised): the transaction is
    /// no longer revoked, re-signed, and arrives as an update; a subscription it ended gets its
    /// period back (auto-renew stays as the refund left it: off). REFUND_REVERSED.
    mutating func reverseRefund(transactionID: String) throws {
        guard let current = record(transactionID) else { throw StoreControlError("reverse: no transaction \(transactionID)") }
        guard current.payload.revocationDate != nil else {
            throw StoreControlError("transaction \(transactionID) is not refunded; only a refund can be reversed")
        }
        guard current.payload.inAppOwnershipType != "FAMILY_SHARED" else {
            throw StoreControlError("transaction \(transactionID) was revoked when family sharing stopped (REVOKE), not refunded; nothing to reverse")
        }
        guard let record = try amend(transactionID, { $0.revocationDate = nil; $0.revocationReason = nil }) else { return }
        let key = state.lineKey(for: record.payload)
        if let key, var line = state.lines[key], line.latestTransactionID == transactionID, let expires = record.payload.expires {
            line.expires = expires
            state.lines[key] = line
        }
        if var requests = state.refundRequests, let index = requests.lastIndex(where: { $0.transactionID == transactionID }) {
            requests[index].decision = .reversed
            requests[index].decidedAt = now
            state.refundRequests = requests
        }
        if let key { quietGroups.insert(key) }
        explicitEvents.append(NotificationEvent(type: "REFUND_REVERSED", transactionID: transactionID, groupID: key))
        effects.updates.append(update(.refundReversed, record))
        note("refund of \(transactionID) reversed")
    }

    /// Keeps the team's answer to the CONSUMPTION_REQUEST for `transactionID` on its refund
    /// request; false when the transaction has none (Apple accepts it all the same).
    mutating func recordConsumption(transactionID: String, answer: ConsumptionAnswer) -> Bool {
        guard var requests = state.refundRequests, let index = requests.lastIndex(where: { $0.transactionID == transactionID }) else {
            return false
        }
        requests[index].consumption = answer
        state.refundRequests = requests
        note("consumption information for \(transactionID): \(answer.summary)")
        return true
    }

    /// Auto-renew off, as the customer (or Apple, at a refund request) turns it off. A subscription
    /// in billing retry or its grace period stops there: Apple retries "for up to 60 days or until
    /// the customer … cancels", so it expires now, `expirationIntent` 1 (the customer canceled).
    mutating func turnOffAutoRenew(_ line: inout SubscriptionLine) {
        line.autoRenew = false
        guard line.retryStartedAt != nil else { return }
        line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
        line.expires = min(line.expires, now)
        line.expirationIntent = 1
        note("\(line.groupID): auto-renew off in billing retry; the retry ends, expired")
    }
}
