import Foundation
import PaywallCore
import Testing

/// One comparison unit per paywall: per week beside a weekly plan, else per month.
@Suite("Comparison unit")
struct ComparisonUnitTests {
    static func plan(_ id: String, _ period: BillingPeriod?, week: String? = nil, month: String? = nil) -> Plan {
        var equivalents: [PriceEquivalent] = []
        if let week { equivalents.append(PriceEquivalent(unit: .week, displayPrice: week)) }
        if let month { equivalents.append(PriceEquivalent(unit: .month, displayPrice: month)) }
        return Plan(id: id, displayName: id, price: 1, currencyCode: "USD", displayPrice: "$1", period: period,
                    equivalent: equivalents.last, equivalents: equivalents)
    }

    static let weekly = plan("weekly", BillingPeriod(value: 1, unit: .week))
    static let monthly = plan("monthly", BillingPeriod(value: 1, unit: .month), week: "$3.46")
    static let yearly = plan("yearly", BillingPeriod(value: 1, unit: .year), week: "$1.15", month: "$5.00")
    static let lifetime = plan("lifetime", nil)

    func shown(_ plans: [Plan]) -> [String] {
        ComparisonUnit.apply(plans).map { "\($0.id) \($0.equivalent.map { "\($0.displayPrice)/\($0.unit.rawValue)" } ?? "-")" }
    }

    @Test func besideAWeeklyPlanEveryPlanIsPerWeek() {
        #expect(shown([Self.weekly, Self.monthly, Self.yearly]) == ["weekly -", "monthly $3.46/week", "yearly $1.15/week"])
    }

    @Test func withoutAWeeklyPlanLongerPlansArePerMonthAndTheMonthlyShowsNone() {
        #expect(shown([Self.monthly, Self.yearly]) == ["monthly -", "yearly $5.00/month"])
        #expect(shown([Self.yearly, Self.lifetime]) == ["yearly $5.00/month", "lifetime -"])
    }

    @Test func noSubscriptionNoUnit() {
        #expect(ComparisonUnit.unit(for: [Self.lifetime]) == nil)
        #expect(ComparisonUnit.apply([Self.lifetime]) == [Self.lifetime])
    }
}
