import Foundation

/// Which plan of a paywall carries the "best value" badge, and the saving a plan's "SAVE n%" claims:
/// both true by arithmetic on the prices and periods of the plans shown.
public enum BestValue {
    /// `plans` with at most one subscription marked: the one with the lowest price per unit of time
    /// (per day, a month being 1/12 of a year) among the priced renewing plans shown. Nothing is
    /// marked when fewer than two plans renew, when they all renew over the same period (tiers such
    /// as basic/premium/business monthly are not a saving), or when two share the lowest price per day.
    public static func mark(_ plans: [Plan]) -> [Plan] {
        var result = plans
        for index in result.indices { result[index].isBestValue = false }
        let periodic = plans.indices.filter { perDay(plans[$0]) != nil }
        guard periodic.count >= 2, Set(periodic.map { plans[$0].period?.approximateDays ?? 0 }).count > 1 else { return result }
        let rates = periodic.map { (index: $0, rate: perDay(plans[$0])!) }
        guard let lowest = rates.map(\.rate).min() else { return result }
        let cheapest = rates.filter { same($0.rate, lowest) }
        guard cheapest.count == 1 else { return result }
        result[cheapest[0].index].isBestValue = true
        return result
    }

    /// The percent `plan` saves per unit of time against the shortest renewing plan shown (the one a
    /// customer would otherwise renew; the cheapest per day of those when several are as short),
    /// rounded down: "SAVE 65%" only when it is cheaper per day. Nil for that plan itself, a
    /// one-time purchase, an unpriced plan, or one that costs as much or more per day.
    public static func saving(of plan: Plan, among plans: [Plan]) -> Int? {
        guard let mine = perDay(plan), let days = plan.period?.approximateDays else { return nil }
        let periodic = plans.filter { perDay($0) != nil }
        guard let shortest = periodic.compactMap(\.period?.approximateDays).min(), days > shortest else { return nil }
        guard let base = periodic.filter({ $0.period?.approximateDays == shortest }).compactMap(perDay).min(),
              base > 0, mine < base, !same(mine, base) else { return nil }
        let percent = Int(((1 - mine / base) * 100 + 1e-9).rounded(.down))
        return percent > 0 ? percent : nil
    }

    /// The plan's price per day, for a priced renewing plan.
    static func perDay(_ plan: Plan) -> Double? {
        guard let period = plan.period, period.approximateDays > 0, plan.price > 0 else { return nil }
        return NSDecimalNumber(decimal: plan.price).doubleValue / period.approximateDays
    }

    /// Equal prices per day, up to the rounding of the division.
    static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(abs(a), abs(b)) }
}
