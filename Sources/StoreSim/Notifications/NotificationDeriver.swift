import Foundation

/// What the store looked like before a change, kept to tell which notifications the change makes.
struct NotificationMark {
    var lines: [String: SubscriptionLine]
    var recordCount: Int
    var lastProcessed: Date?
}

/// One notification a change makes, before it is signed: type, subtype, and the transaction and
/// group it is about.
struct NotificationEvent: Hashable, Sendable {
    var type: String
    var subtype: String?
    var transactionID: String
    /// The key of the subscription's line (its group, or the group's family-shared key): the status sent with it.
    var groupID: String?
    /// CONSUMPTION_REQUEST's `consumptionRequestReason` (the customer's reason).
    var consumptionRequestReason: String? = nil
}

/// Which App Store Server Notifications V2 a change of the store makes (Apple's types and
/// subtypes), from the state before and after it. Pure: the store signs and logs them.
///
/// New transactions: SUBSCRIBED (INITIAL_BUY, RESUBSCRIBE; an offer code's too), DID_CHANGE_RENEWAL_PREF
/// (UPGRADE, for an upgrade that starts at once), DID_RENEW (BILLING_RECOVERY after a billing
/// issue), ONE_TIME_CHARGE. Revocations: REFUND, or REVOKE for a family-shared purchase. A line's
/// changes: OFFER_REDEEMED (an active subscriber's offer code: no subtype, or DOWNGRADE),
/// DID_CHANGE_RENEWAL_STATUS (AUTO_RENEW_ENABLED/DISABLED), DID_CHANGE_RENEWAL_PREF
/// (DOWNGRADE, or none for another product at the same level), DID_FAIL_TO_RENEW (GRACE_PERIOD or
/// none), PRICE_INCREASE (PENDING, ACCEPTED), EXPIRED (BILLING_RETRY, PRICE_INCREASE,
/// PRODUCT_NOT_FOR_SALE), RENEWAL_EXTENDED. Time passing: EXPIRED (VOLUNTARY) and GRACE_PERIOD_EXPIRED when the
/// processed time crosses the expiry or the grace period's end.
enum NotificationDeriver {
    /// `quiet`: line keys an explicit notification of the change already covers (REFUND_REVERSED
    /// gives the line its expiry back, which is not a RENEWAL_EXTENDED).
    static func events(before mark: NotificationMark, after state: StoreState, revoked: [String],
                       catalog: StoreCatalog, quiet: Set<String> = []) -> [NotificationEvent] {
        var events: [NotificationEvent] = []
        var renewedGroups = Set<String>()
        for record in state.records.dropFirst(mark.recordCount) {
            let p = record.payload
            guard p.type == "Auto-Renewable Subscription", let group = state.lineKey(for: p) else {
                events.append(NotificationEvent(type: "ONE_TIME_CHARGE", transactionID: p.transactionId, groupID: nil))
                continue
            }
            renewedGroups.insert(group)
            let previous = mark.lines[group]
            if p.transactionReason == "RENEWAL" {
                events.append(NotificationEvent(type: "DID_RENEW", subtype: previous?.retryStartedAt != nil ? "BILLING_RECOVERY" : nil,
                                                transactionID: p.transactionId, groupID: group))
                continue
            }
            let live = previous.map { line in line.expires > (mark.lastProcessed ?? .distantPast) || line.retryStartedAt != nil } ?? false
            if let previous, live, previous.originalTransactionID == p.originalTransactionId, previous.productID != p.productId {
                events.append(NotificationEvent(type: "DID_CHANGE_RENEWAL_PREF", subtype: "UPGRADE", transactionID: p.transactionId, groupID: group))
            } else {
                // A subscription started with an offer code too: Apple's current table keeps
                // OFFER_REDEEMED for "a customer with an active subscription" (no INITIAL_BUY or
                // RESUBSCRIBE subtype any more); a first purchase is SUBSCRIBED / INITIAL_BUY.
                events.append(NotificationEvent(type: "SUBSCRIBED", subtype: previous == nil ? "INITIAL_BUY" : "RESUBSCRIBE",
                                                transactionID: p.transactionId, groupID: group))
            }
        }
        // A group with a new transaction or a revocation was notified for that; its line's other
        // changes (auto-renew back on for a resubscription, expiry at a refund) are part of it.
        var notifiedGroups = renewedGroups.union(quiet)
        for id in revoked {
            guard let record = state.records.lastPosition(ofID: id).map({ state.records[$0] }) else { continue }
            let key = state.lineKey(for: record.payload)
            if let key { notifiedGroups.insert(key) }
            let shared = record.payload.inAppOwnershipType == "FAMILY_SHARED"
            events.append(NotificationEvent(type: shared ? "REVOKE" : "REFUND", transactionID: id, groupID: key))
        }
        let now = state.lastProcessed
        for groupID in state.lines.keys.sorted() {
            guard let line = state.lines[groupID] else { continue }
            let before = mark.lines[groupID]
            let latest = line.latestTransactionID
            func add(_ type: String, _ subtype: String? = nil) {
                events.append(NotificationEvent(type: type, subtype: subtype, transactionID: latest, groupID: groupID))
            }
            guard let before, before.originalTransactionID == line.originalTransactionID, !notifiedGroups.contains(groupID) else { continue }
            if before.retryStartedAt != nil, line.retryStartedAt == nil, before.autoRenew, !line.autoRenew, line.expirationIntent == 1 {
                // Auto-renew off in billing retry: the retry ends ("60 days or until the customer
                // … cancels"), and the subscription, past its renewal date, expires now.
                add("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED")
                add("EXPIRED", "VOLUNTARY")
            } else if before.expires > line.expires, !line.autoRenew, !renewedGroups.contains(groupID) {
                add("EXPIRED", "VOLUNTARY") // expired now, before its time (SKTestSession.expireSubscription)
            } else if line.expirationIntent != nil, before.expirationIntent != line.expirationIntent {
                add("EXPIRED", ["1": "VOLUNTARY", "2": "BILLING_RETRY", "3": "PRICE_INCREASE", "4": "PRODUCT_NOT_FOR_SALE"]["\(line.expirationIntent ?? 0)"])
            } else if before.autoRenew != line.autoRenew {
                add("DID_CHANGE_RENEWAL_STATUS", line.autoRenew ? "AUTO_RENEW_ENABLED" : "AUTO_RENEW_DISABLED")
            }
            let redeemed = before.nextRenewalOffer == nil && line.nextRenewalOffer != nil
            if redeemed {
                // An active subscriber redeemed an offer code: OFFER_REDEEMED without a subtype for
                // their own product, DOWNGRADE for another (it "goes into effect at the next renewal date").
                add("OFFER_REDEEMED", before.autoRenewProductID == line.autoRenewProductID ? nil : "DOWNGRADE")
            }
            if before.autoRenewProductID != line.autoRenewProductID, !renewedGroups.contains(groupID), !redeemed {
                let from = catalog.product(before.autoRenewProductID)?.subscription?.level
                let to = catalog.product(line.autoRenewProductID)?.subscription?.level
                add("DID_CHANGE_RENEWAL_PREF", (from ?? 0) < (to ?? 0) ? "DOWNGRADE" : nil)
            }
            if line.expires > before.expires, line.latestTransactionID == before.latestTransactionID, line.retryStartedAt == nil {
                add("RENEWAL_EXTENDED") // the App Store Server API extended the renewal date
            }
            if before.retryStartedAt == nil, line.retryStartedAt != nil {
                add("DID_FAIL_TO_RENEW", line.graceEnds != nil ? "GRACE_PERIOD" : nil)
            }
            if let increase = line.priceIncrease {
                if before.priceIncrease == nil {
                    add("PRICE_INCREASE", increase.needsConsent ? "PENDING" : "ACCEPTED")
                } else if increase.consented == true, before.priceIncrease?.consented != true {
                    add("PRICE_INCREASE", "ACCEPTED")
                }
            }
            // Time crossed an instant that changes nothing stored.
            if let then = mark.lastProcessed, let now, now > then {
                if !line.autoRenew, line.expirationIntent == nil, line.retryStartedAt == nil, !renewedGroups.contains(groupID),
                   then < line.expires, line.expires <= now {
                    add("EXPIRED", "VOLUNTARY")
                }
                if let grace = line.graceEnds, line.retryStartedAt != nil, then < grace, grace <= now {
                    add("GRACE_PERIOD_EXPIRED")
                }
            }
        }
        return events
    }
}
