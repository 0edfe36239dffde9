import Foundation
import PaywallCore
import SimRuntime
import Testing
@testable import StoreSim

/// "BEST VALUE" and "SAVE n%" are true by arithmetic on every real catalog in Tests/Fixtures:
/// worked out here again with exact decimals (price × the other plan's length against the other
/// price × this length), never with `BestValue`'s own doubles.
@Suite("Badges and savings claims are true on every real catalog")
struct BestValueFixtureTests {
    /// A period's length in days, exactly (a month is a twelfth of 365.2425 days).
    static func days(_ period: BillingPeriod) -> Decimal {
        let one: Decimal
        switch period.unit {
        case .day: one = 1
        case .week: one = 7
        case .month: one = Decimal(string: "30.436875")!
        case .year: one = Decimal(string: "365.2425")!
        }
        return one * Decimal(period.value)
    }

    /// The plans each group of the catalog shows, as the paywall makes them.
    static func paywalls(_ catalog: StoreCatalog) -> [[Plan]] {
        let factory = PlanFactory(catalog: catalog)
        return [factory.defaultPaywallPlans()] + catalog.groups.map { factory.plans(for: $0.productIDs) }
    }

    /// Whether `a` costs less per day than `b`, exactly.
    static func cheaper(_ a: Plan, than b: Plan) -> Bool {
        a.price * days(b.period!) < b.price * days(a.period!)
    }

    @Test func theBadgeIsOnTheLowestPricePerDayOrNowhere() throws {
        var badged = 0, paywalls = 0
        for url in CatalogFixtures.allFixtureURLs {
            let catalog = try StoreKitConfigurationLoader.load(contentsOf: url)
            for plans in Self.paywalls(catalog) {
                paywalls += 1
                let periodic = plans.filter { $0.period != nil && $0.price > 0 }
                let lowest = periodic.filter { plan in periodic.allSatisfy { $0.id == plan.id || Self.cheaper(plan, than: $0) } }
                let periods = Set(periodic.map { Self.days($0.period!) })
                let expected = periodic.count >= 2 && periods.count > 1 && lowest.count == 1 ? lowest[0].id : nil
                let marked = plans.filter(\.isBestValue).map(\.id)
                #expect(marked == (expected.map { [$0] } ?? []), "\(url.lastPathComponent): \(plans.map { "\($0.id) \($0.price)/\($0.period.map { "\($0.value)\($0.unit)" } ?? "-")" })")
                if expected != nil { badged += 1 }
            }
        }
        // The corpus has both kinds: paywalls with a badge and without.
        #expect(badged >= 10 && badged < paywalls, "\(badged) of \(paywalls) paywalls have a badge")
    }

    @Test func everySavingIsThePercentLessPerDayThanTheShortestPlanRoundedDown() throws {
        var claims = 0
        for url in CatalogFixtures.allFixtureURLs {
            let catalog = try StoreKitConfigurationLoader.load(contentsOf: url)
            for plans in Self.paywalls(catalog) {
                let periodic = plans.filter { $0.period != nil && $0.price > 0 }
                let shortest = periodic.map { Self.days($0.period!) }.min()
                // The base: the cheapest per day of the shortest plans.
                let base = periodic.filter { Self.days($0.period!) == shortest }
                    .first { plan in periodic.filter { Self.days($0.period!) == shortest }.allSatisfy { !Self.cheaper($0, than: plan) } }
                for plan in plans {
                    var expected: Int?
                    if let base, let period = plan.period, plan.price > 0, Self.days(period) > shortest!, Self.cheaper(plan, than: base) {
                        // 100 × (1 − (p × Lb) / (b × Lp)), rounded down.
                        var ratio = Decimal(100) * plan.price * Self.days(base.period!) / (base.price * Self.days(period))
                        var up = Decimal()
                        NSDecimalRound(&up, &ratio, 0, .up)
                        let percent = 100 - NSDecimalNumber(decimal: up).intValue
                        expected = percent > 0 ? percent : nil
                    }
                    #expect(BestValue.saving(of: plan, among: plans) == expected, "\(url.lastPathComponent): \(plan.id)")
                    if expected != nil { claims += 1 }
                }
            }
        }
        #expect(claims >= 10, "\(claims) savings claimed")
    }

    /// The issue's four plans: the yearly plan ($5.00 a month) is the dearest per month, so the
    /// badge goes on the monthly plan and no plan claims a saving.
    @Test func theDearestPlanIsNeverTheBestValue() {
        func plan(_ id: String, _ price: String, _ value: Int, _ unit: BillingPeriod.Unit) -> Plan {
            Plan(id: id, displayName: id, price: Decimal(string: price)!, currencyCode: "USD", displayPrice: "$" + price,
                 period: BillingPeriod(value: value, unit: unit), trial: nil, isBestValue: false)
        }
        let plans = BestValue.mark([plan("monthly", "0.99", 1, .month), plan("quarter", "5.99", 3, .month),
                                    plan("half", "20.99", 6, .month), plan("yearly", "59.99", 1, .year)])
        #expect(plans.filter(\.isBestValue).map(\.id) == ["monthly"])
        #expect(plans.allSatisfy { BestValue.saving(of: $0, among: plans) == nil })
        // A yearly plan at $5.00 a month against a $9.99 monthly one saves 49% and is the best value.
        let fair = BestValue.mark([plan("monthly", "9.99", 1, .month), plan("yearly", "59.99", 1, .year)])
        #expect(fair.filter(\.isBestValue).map(\.id) == ["yearly"])
        #expect(BestValue.saving(of: fair[1], among: fair) == 49)
    }
}
