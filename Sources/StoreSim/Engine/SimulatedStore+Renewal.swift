import Foundation
import PaywallCore

extension SimulatedStore {
    /// Days of billing retry before a subscription expires (60 days; scaled by the time rate).
    public static let billingRetryDays = 60

    /// Moves the store to `date` (the runner sets the clock first): same as `process(now:)`.
    public func advance(to date: Date) throws { try process(now: date) }

    /// Runs renewals, billing retries and expiries due by `now`; each renewal is a new transaction in the updates.
    public func process(now: Date) throws {
        try exclusive {
            let lines = state.lines
            for groupID in state.lines.keys.sorted() {
                guard var line = state.lines[groupID] else { continue }
                try renew(&line, now: now)
                state.lines[groupID] = line
            }
            state.lastProcessed = now
            // Nothing fell due: nothing to write (the time processed is saved with the next change).
            if state.lines == lines, dirty?.isEmpty == true { return }
            try save()
        }
    }

    private var billingIssue: Bool { settings.renewalBillingIssuesEnabled || settings.billingIssuesEnabled }

    private func renew(_ line: inout SubscriptionLine, now: Date) throws {
        if record(line.latestTransactionID)?.payload.revocationDate != nil { return }
        if line.retryStartedAt != nil {
            if let ends = line.retryEnds, now >= ends {
                line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
                line.autoRenew = false
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
                try renew(&line, now: now)
                return
            }
            try renewOnce(&line, at: line.expires)
        }
    }

    /// Bills one renewal starting at `start`: a new transaction for the auto-renew product.
    func renewOnce(_ line: inout SubscriptionLine, at start: Date) throws {
        guard let product = catalog.product(line.autoRenewProductID), let info = product.subscription else {
            line.autoRenew = false
            note("\(line.groupID): renewal product \(line.autoRenewProductID) is gone; auto-renew off")
            return
        }
        var offer: (SubscriptionOffer, type: Int)?
        var expires = settings.timeRate.advance(start, by: info.period)
        if line.introPeriodsLeft > 0, line.autoRenewProductID == line.productID, let intro = info.introductoryOffer {
            offer = (intro, 1)
            expires = settings.timeRate.advance(start, by: intro.period)
            line.introPeriodsLeft -= 1
        } else {
            line.introPeriodsLeft = 0
        }
        let record = try append(product, purchase: start, expires: expires, original: line.originalTransactionID,
                                token: line.appAccountToken, offer: offer, renewal: true)
        line.productID = product.id
        line.latestTransactionID = record.payload.transactionId
        line.expires = expires
        updates.append(update(.renewal, record))
    }
}
