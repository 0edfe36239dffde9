import Foundation
import StoreKitVocabulary

/// Time passing: renewals, billing retries, grace periods and expiries, each at its own instant.
extension StoreRules {
    /// Runs what falls due at `instant` (signed and dated then) and returns the notifications it makes.
    mutating func step(at instant: Date) throws -> [ServerNotification] {
        eventInstant = instant
        defer { eventInstant = nil }
        let mark = mark()
        for key in state.lines.keys.sorted() {
            guard var line = state.lines[key] else { continue }
            try renew(&line, now: instant)
            // Win-back is offered to a lapsed subscriber of their own subscription, not of a family member's share.
            if line.winBackOffered != true, line.expires <= instant, line.retryStartedAt == nil, line.ownership != "FAMILY_SHARED",
               record(line.latestTransactionID)?.payload.revocationDate == nil,
               let (productID, offer) = catalog.winBackOffers(groupID: line.groupID).first {
                line.winBackOffered = true
                queueMessage(StoreMessage(reason: .winBackOffer, groupID: line.groupID, productID: productID,
                                          price: "\(offer.price(in: settings.storefront))", offerID: offer.offerID))
            }
            state.lines[key] = line
        }
        // Never backwards: a process whose clock read came before another's move must not
        // make the time since then look unprocessed (it would be notified twice).
        state.lastProcessed = max(state.lastProcessed ?? instant, instant)
        let events = NotificationDeriver.events(before: mark, after: state, revoked: [], catalog: catalog)
        var notifications: [ServerNotification] = []
        for event in events { notifications.append(try makeNotification(event)) }
        return notifications
    }

    /// The earliest instant by `now` at which a subscription renews, fails to renew, leaves its
    /// grace period or billing retry, or expires; nil when nothing falls due by `now`.
    mutating func nextDueInstant(by now: Date) -> Date? {
        let processed = state.lastProcessed ?? .distantPast
        var earliest: Date?
        func consider(_ instant: Date?) {
            guard let instant, instant <= now else { return }
            let at = max(instant, processed)
            if earliest.map({ at < $0 }) ?? true { earliest = at }
        }
        for line in state.lines.values {
            if record(line.latestTransactionID)?.payload.revocationDate != nil { continue }
            if line.retryStartedAt != nil {
                if let grace = line.graceEnds, grace > processed { consider(grace) }
                consider(line.retryEnds)
            } else if line.autoRenew || line.expires > processed {
                consider(line.expires)
            }
        }
        return earliest
    }

    /// Whether no subscription has reached, by `now`, its expiry or the end of its billing retry
    /// or grace period: the instants at which processing renews, expires, offers a win-back or
    /// notifies (`NotificationDeriver`'s time crossings).
    func nothingFallsDue(by now: Date) -> Bool {
        state.lines.values.allSatisfy { line in
            line.expires > now && (line.retryEnds.map { $0 > now } ?? true) && (line.graceEnds.map { $0 > now } ?? true)
        }
    }

    /// About how many renewals catching up to `now` runs (see `SimulatedStore.renewalsDue(by:)`).
    func renewalsDue(by now: Date) -> Int {
        var total = 0
        for line in state.lines.values where line.autoRenew && line.retryStartedAt == nil && line.expires <= now {
            guard let period = catalog.product(line.autoRenewProductID)?.subscription?.period else { continue }
            let days: Double = switch period.unit { case .day: 1; case .week: 7; case .month: 30; case .year: 365 }
            let seconds = renewalRate.scaledDuration(of: period) ?? Double(period.value) * days * 86_400
            var due = Int(min(now.timeIntervalSince(line.expires) / max(seconds, 0.001), 1e12)) + 1
            // The sandbox stops after its limit.
            if isSandbox { due = min(due, max(TimeRate.sandboxRenewalLimit - (line.sandboxRenewals ?? 0), 0)) }
            total += due
        }
        return total
    }

    private var billingIssue: Bool { settings.renewalBillingIssuesEnabled || settings.billingIssuesEnabled }

    private mutating func renew(_ line: inout SubscriptionLine, now: Date) throws {
        if record(line.latestTransactionID)?.payload.revocationDate != nil { return }
        if line.retryStartedAt != nil {
            if let ends = line.retryEnds, now >= ends {
                line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
                line.autoRenew = false
                line.expirationIntent = 2
                note("\(line.groupID): billing retry ran out; expired")
            }
            return
        }
        var guardCount = 0
        while line.autoRenew, line.expires <= now, guardCount < 100_000 {
            guardCount += 1
            if billingIssue {
                let rate = renewalRate
                line.retryStartedAt = line.expires
                let period = catalog.product(line.productID)?.subscription?.period ?? BillingPeriod(value: 1, unit: .month)
                line.graceEnds = settings.billingGracePeriodEnabled
                    ? line.expires.addingTimeInterval(rate.gracePeriod(renewingEvery: period, chosenDays: settings.effectiveGracePeriodDays)) : nil
                line.retryEnds = line.expires.addingTimeInterval(rate.billingRetryPeriod)
                note("\(line.groupID): renewal failed (billing issue); \(line.graceEnds == nil ? "billing retry" : "grace period")")
                // The payment is the purchaser's: a family member's share sends this customer no message.
                if line.ownership != "FAMILY_SHARED" {
                    queueMessage(StoreMessage(reason: .billingIssue, groupID: line.groupID, productID: line.productID))
                }
                try renew(&line, now: now)
                return
            }
            if isSandbox, (line.sandboxRenewals ?? 0) >= TimeRate.sandboxRenewalLimit {
                // The sandbox stops renewing after its limit: auto-renew off, the subscription ends.
                line.autoRenew = false
                line.expirationIntent = 1
                note("\(line.groupID): the sandbox's \(TimeRate.sandboxRenewalLimit) renewals are used; auto-renew off")
                return
            }
            try renewOnce(&line, at: line.expires)
        }
    }

    /// Bills one renewal starting at `start`: a new transaction for the auto-renew product. A price
    /// increase that needs consent and did not get it ends the subscription instead (expiration intent 3).
    mutating func renewOnce(_ line: inout SubscriptionLine, at start: Date) throws {
        guard let product = catalog.product(line.autoRenewProductID), !settings.isOffSale(product.id), let info = product.subscription else {
            // Gone from the catalog or taken off sale: the subscription ends with its period
            // (EXPIRED / PRODUCT_NOT_FOR_SALE, `expirationIntent` 4, "the product wasn't available for purchase").
            line.autoRenew = false
            line.expirationIntent = 4
            note("\(line.groupID): renewal product \(line.autoRenewProductID) is \(catalog.product(line.autoRenewProductID) == nil ? "gone" : "off sale"); expired")
            return
        }
        if let increase = line.priceIncrease, line.autoRenewProductID == line.productID {
            if increase.needsConsent, increase.consented != true {
                line.autoRenew = false
                line.expirationIntent = 3
                note("\(line.groupID): the price increase was not agreed to; expired")
                return
            }
            line.renewalPrice = increase.newPrice
            line.priceIncrease = nil
        }
        var offer: SubscriptionOffer?
        var expires = renewalRate.advance(start, by: info.period)
        if let next = line.nextRenewalOffer, let code = catalog.subscriptionOffer(next.offerID, type: next.type, productID: product.id) {
            // An offer code an existing subscriber redeemed starts with this renewal.
            offer = code
            expires = renewalRate.advance(start, by: code.period, count: code.paymentMode == .payAsYouGo ? 1 : max(code.numberOfPeriods, 1))
            line.introPeriodsLeft = code.paymentMode == .payAsYouGo ? max(code.numberOfPeriods - 1, 0) : 0
            line.offerType = next.type; line.offerID = next.offerID
            line.nextRenewalOffer = nil
        } else if line.introPeriodsLeft > 0, line.autoRenewProductID == line.productID,
                  let running = catalog.subscriptionOffer(line.offerID, type: line.offerType ?? 1, productID: product.id) {
            offer = running
            expires = renewalRate.advance(start, by: running.period)
            line.introPeriodsLeft -= 1
        } else {
            line.introPeriodsLeft = 0
            line.offerType = nil; line.offerID = nil
        }
        if line.autoRenewProductID != line.productID { line.renewalPrice = nil }
        let record = try append(product, purchase: start, expires: expires, original: line.originalTransactionID,
                                token: line.appAccountToken, offer: offer, renewal: true, ownership: line.ownership,
                                price: line.renewalPrice)
        line.productID = product.id
        line.latestTransactionID = record.payload.transactionId
        line.expires = expires
        line.expirationIntent = nil
        if isSandbox { line.sandboxRenewals = (line.sandboxRenewals ?? 0) + 1 }
        effects.updates.append(.current(.renewal, record.payload.transactionId))
    }

    /// Queues a StoreKit message for the app (persisted: the app may be another process).
    mutating func queueMessage(_ message: StoreMessage) {
        var messages = state.messages ?? []
        guard !messages.contains(message) else { return }
        messages.append(message)
        state.messages = messages
        note("message \(message.reason.rawValue) for \(message.productID)")
    }
}
