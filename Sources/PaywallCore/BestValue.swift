import Foundation

/// Which plan of a paywall carries the "best value" badge.
public enum BestValue {
    /// `plans` with exactly one subscription marked: the longest period, the lower price per day
    /// among equally long ones. Nothing is marked when fewer than two plans renew, or when they all
    /// renew over the same period (tiers such as basic/premium/business monthly are not a saving).
    public static func mark(_ plans: [Plan]) -> [Plan] {
        var result = plans
        for index in result.indices { result[index].isBestValue = false }
        let periodic = plans.indices.filter { plans[$0].period != nil }
        guard periodic.count >= 2 else { return result }
        func days(_ index: Int) -> Double { plans[index].period?.approximateDays ?? 0 }
        func perDay(_ index: Int) -> Double {
            NSDecimalNumber(decimal: plans[index].price).doubleValue / max(days(index), 1)
        }
        guard Set(periodic.map(days)).count > 1 else { return result }
        var best = periodic[0]
        for index in periodic.dropFirst() {
            if days(index) > days(best) || (days(index) == days(best) && perDay(index) < perDay(best)) { best = index }
        }
        result[best].isBestValue = true
        return result
    }
}
