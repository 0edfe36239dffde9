import Foundation
import StoreKitVocabulary

extension SimulatedStore {
    /// Days of billing retry before a subscription expires (60 days; scaled by the time rate).
    public static let billingRetryDays = 60

    /// Moves the store to `date` (the runner sets the clock first): same as `process(now:)`.
    public func advance(to date: Date) throws { try process(now: date) }

    /// Runs renewals, billing retries and expiries due by `now`; each renewal is a new transaction in
    /// the updates. A subscriber who lapses is sent the win-back message when the group has win-back offers.
    public func process(now: Date) throws {
        // Nothing saved by another process and nothing due: the locked pass below would only move
        // the processed time, so move it without taking the lock (the session asks after every step).
        if !processAlwaysLocked, !hasUnsavedRecords, nothingFallsDue(by: now), !ledger.changedOnDisk() {
            state.lastProcessed = max(state.lastProcessed ?? now, now)
            return
        }
        try exclusive {
            let lines = state.lines
            let messages = state.messages
            for groupID in state.lines.keys.sorted() {
                guard var line = state.lines[groupID] else { continue }
                try renew(&line, now: now)
                if line.winBackOffered != true, line.expires <= now, line.retryStartedAt == nil,
                   record(line.latestTransactionID)?.payload.revocationDate == nil,
                   let (productID, offer) = catalog.winBackOffers(groupID: groupID).first {
                    line.winBackOffered = true
                    queueMessage(StoreMessage(reason: .winBackOffer, groupID: groupID, productID: productID,
                                              price: "\(offer.price(in: settings.storefront))", offerID: offer.offerID))
                }
                state.lines[groupID] = line
            }
            // Never backwards: a process whose clock read came before another's move must not
            // make the time since then look unprocessed (it would be notified twice).
            state.lastProcessed = max(state.lastProcessed ?? now, now)
            // Nothing fell due: nothing to write (the time processed is saved with the next change).
            if state.lines == lines, state.messages == messages, !hasUnsavedRecords { return }
            try save()
        }
    }

    /// Whether no subscription has reached, by `now`, its expiry or the end of its billing retry
    /// or grace period: the instants at which processing renews, expires, offers a win-back or
    /// notifies (`NotificationDeriver`'s time crossings).
    func nothingFallsDue(by now: Date) -> Bool {
        state.lines.values.allSatisfy { line in
            line.expires > now && (line.retryEnds.map { $0 > now } ?? true) && (line.graceEnds.map { $0 > now } ?? true)
        }
    }

    private var billingIssue: Bool { settings.renewalBillingIssuesEnabled || settings.billingIssuesEnabled }

    private func renew(_ line: inout SubscriptionLine, now: Date) throws {
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
                let rate = settings.timeRate
                line.retryStartedAt = line.expires
                line.graceEnds = settings.billingGracePeriodEnabled ? line.expires.addingTimeInterval(rate.scaledDays(settings.effectiveGracePeriodDays)) : nil
                line.retryEnds = line.expires.addingTimeInterval(rate.scaledDays(Self.billingRetryDays))
                note("\(line.groupID): renewal failed (billing issue); \(line.graceEnds == nil ? "billing retry" : "grace period")")
                queueMessage(StoreMessage(reason: .billingIssue, groupID: line.groupID, productID: line.productID))
                try renew(&line, now: now)
                return
            }
            try renewOnce(&line, at: line.expires)
        }
    }

    /// Bills one renewal starting at `start`: a new transaction for the auto-renew product. A price
    /// increase that needs consent and did not get it ends the subscription instead (expiration intent 3).
    func renewOnce(_ line: inout SubscriptionLine, at start: Date) throws {
        guard let product = catalog.product(line.autoRenewProductID), let info = product.subscription else {
            line.autoRenew = false
            line.expirationIntent = 4
            note("\(line.groupID): renewal product \(line.autoRenewProductID) is gone; auto-renew off")
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
        var expires = settings.timeRate.advance(start, by: info.period)
        if let next = line.nextRenewalOffer, let code = catalog.subscriptionOffer(next.offerID, type: next.type, productID: product.id) {
            // An offer code an existing subscriber redeemed starts with this renewal.
            offer = code
            expires = settings.timeRate.advance(start, by: code.period, count: code.paymentMode == .payAsYouGo ? 1 : max(code.numberOfPeriods, 1))
            line.introPeriodsLeft = code.paymentMode == .payAsYouGo ? max(code.numberOfPeriods - 1, 0) : 0
            line.offerType = next.type; line.offerID = next.offerID
            line.nextRenewalOffer = nil
        } else if line.introPeriodsLeft > 0, line.autoRenewProductID == line.productID,
                  let running = catalog.subscriptionOffer(line.offerID, type: line.offerType ?? 1, productID: product.id) {
            offer = running
            expires = settings.timeRate.advance(start, by: running.period)
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
        updates.append(update(.renewal, record))
    }

    /// Queues a StoreKit message for the app (persisted: the app may be another process).
    func queueMessage(_ message: StoreMessage) {
        var messages = state.messages ?? []
        guard !messages.contains(message) else { return }
        messages.append(message)
        state.messages = messages
        note("message \(message.reason.rawValue) for \(message.productID)")
    }
}
