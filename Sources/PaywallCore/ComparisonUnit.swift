import Foundation

/// One comparison unit per paywall: every plan's "per" price is in the same unit, so a reader can
/// compare them. The unit is a week when the paywall's shortest subscription renews weekly (or
/// sooner), else a month; a plan whose period is not longer than the unit shows no comparison.
public enum ComparisonUnit {
    /// The unit `plans` are compared in; nil when none of them is a subscription.
    public static func unit(for plans: [Plan]) -> BillingPeriod.Unit? {
        guard let shortest = plans.compactMap(\.period).map(\.approximateDays).min() else { return nil }
        return shortest <= 7 ? .week : .month
    }

    /// `plans` with each one's `equivalent` in the paywall's unit (nil where it has none in it).
    public static func apply(_ plans: [Plan]) -> [Plan] {
        guard let unit = unit(for: plans) else { return plans }
        return plans.map { plan in
            // A plan made without its comparison prices keeps the one it was given.
            guard !plan.equivalents.isEmpty else { return plan }
            var plan = plan
            plan.equivalent = plan.equivalents.first { $0.unit == unit }
            return plan
        }
    }
}
