import Foundation

/// When a change of plan within a subscription group takes effect, by StoreKit's rules: an upgrade
/// (a higher level, a lower `level` number) or a crossgrade with the same period at once; a
/// downgrade or a crossgrade to another period at the next renewal.
public enum PlanChangeStart: Sendable, Hashable {
    case now
    case atRenewal(Date)

    /// Whether changing from `current` to `new` waits for the renewal.
    static func waitsForRenewal(from current: SubscriptionInfo, to new: SubscriptionInfo) -> Bool {
        new.level > current.level || (new.level == current.level && new.period != current.period)
    }
}

extension SimulatedStore {
    /// When buying `productID` would take effect for this customer: nil when it is no auto-renewable
    /// subscription, or the customer has no active subscription in its group, or has that very one.
    /// (What the App Store sheet says of a plan change; read without signing anything.)
    public func planChangeStart(productID: String) -> PlanChangeStart? {
        guard let new = catalog.product(productID)?.subscription, let line = state.lines[new.groupID], line.productID != productID,
              let current = catalog.product(line.productID)?.subscription, let record = record(line.latestTransactionID) else { return nil }
        let status = rules.subscriptionState(line, record: record, now: clock.now())
        guard status != .expired, status != .revoked else { return nil }
        return PlanChangeStart.waitsForRenewal(from: current, to: new) ? .atRenewal(line.expires) : .now
    }
}
