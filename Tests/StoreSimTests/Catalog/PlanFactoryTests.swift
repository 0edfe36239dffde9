import Foundation
import SimRuntime
import PaywallCore
import Testing
@testable import StoreSim

@Suite("Paywall plans from a catalog")
struct PlanFactoryTests {
    @Test("06: first group by level, trial terms, equivalents, yearly best value")
    func fixture06() throws {
        let plans = PlanFactory.defaultPaywallPlans(catalog: try CatalogFixtures.load("06"))
        #expect(plans.map(\.id) == ["monthly.premium.999", "weekly.premium.599", "yearly.premium.6999"])
        #expect(plans.map(\.displayPrice) == ["$9.99", "$5.99", "$69.99"])
        #expect(plans.map(\.isBestValue) == [false, false, true])
        #expect(plans[0].trial == TrialTerms(paymentMode: .free, period: BillingPeriod(value: 1, unit: .week)))
        #expect(plans[1].trial == nil)
        #expect(plans[2].trial == TrialTerms(paymentMode: .payAsYouGo, period: BillingPeriod(value: 1, unit: .year),
                                             numberOfPeriods: 1, displayPrice: "$29.99"))
        #expect(plans[0].equivalent == PriceEquivalent(unit: .week, displayPrice: "$2.31"))
        #expect(plans[1].equivalent == nil, "a weekly plan needs no per-week equivalent")
        #expect(plans[2].equivalent == PriceEquivalent(unit: .month, displayPrice: "$5.83"))
        #expect(plans.allSatisfy { $0.currencyCode == "USD" })
        #expect(plans.map(\.displayName) == ["Premium", "Premium", "Premium"])
    }

    @Test("04: yearly (level 1) before monthly (level 2), Singapore dollars, localized names")
    func fixture04() throws {
        let catalog = try CatalogFixtures.load("04")
        let plans = PlanFactory.defaultPaywallPlans(catalog: catalog)
        #expect(plans.map(\.id) == ["dev.liyuxuan.joodle.pro.yearly", "dev.liyuxuan.joodle.pro.monthly"])
        #expect(plans.map(\.currencyCode) == ["SGD", "SGD"])
        #expect(plans.map(\.displayPrice) == ["SGD 29.98", "SGD 3.98"])
        #expect(plans.map(\.isBestValue) == [true, false])
        #expect(plans.allSatisfy { $0.trial == nil })
        let korean = PlanFactory.defaultPaywallPlans(catalog: catalog, locale: "ko-KR")
        #expect(korean.last?.displayName == "Joodle Pro 월간")
        #expect(plans.last?.displayName == "Joodle Pro Monthly")
        #expect(korean.map(\.displayPrice) == plans.map(\.displayPrice), "the storefront, not the locale, sets the currency")
    }

    @Test("12: all level 1 → price order, yen without rounding away decimals")
    func fixture12() throws {
        let plans = PlanFactory.defaultPaywallPlans(catalog: try CatalogFixtures.load("12"))
        #expect(plans.map(\.id) == ["IT", "it_premium_weekly_480", "it_premium_monthly_980", "it_premium_yearly_9800"])
        #expect(plans.map(\.displayPrice) == ["¥2", "¥4.80", "¥9.80", "¥98"])
        // ¥2 a month is less per day than ¥98 a year: the badge is where the arithmetic puts it.
        #expect(plans.map(\.isBestValue) == [true, false, false, false])
        #expect(plans.allSatisfy { $0.currencyCode == "JPY" })
        #expect(plans[0].displayName == "広告非表示")
    }

    @Test("10: two yearly tiers → no best-value badge (tiers of one period are not a saving)")
    func fixture10() throws {
        let plans = PlanFactory.defaultPaywallPlans(catalog: try CatalogFixtures.load("10"))
        #expect(plans.map(\.id) == ["superwall_diamond_8999", "superwall_pro_3999"])
        #expect(plans.map(\.isBestValue) == [false, false])
    }

    @Test("no subscriptions: non-consumables by price, nothing marked; consumables only: no plans")
    func fallback() throws {
        let plans = PlanFactory.defaultPaywallPlans(catalog: try CatalogFixtures.load("08"))
        #expect(plans.map(\.id) == ["com.rarcher.nonconsumable.flowers-small", "com.rarcher.nonconsumable.flowers-large",
                                    "com.rarcher.nonconsumable.roses-large", "com.rarcher.nonconsumable.chocolates-small"])
        #expect(plans.allSatisfy { !$0.isBestValue && $0.period == nil && $0.trial == nil })
        var consumables = try CatalogFixtures.load("12")
        consumables.products.removeAll { $0.kind != .consumable }
        consumables.groups = []
        #expect(PlanFactory.defaultPaywallPlans(catalog: consumables).isEmpty)
    }

    @Test("intro eligibility is per group")
    func eligibility() throws {
        let catalog = try CatalogFixtures.load("06")
        let used = PlanFactory.defaultPaywallPlans(catalog: catalog, usedIntroOfferGroups: ["20770576"])
        #expect(used.allSatisfy { $0.trial == nil })
        let other = PlanFactory.defaultPaywallPlans(catalog: catalog, usedIntroOfferGroups: ["another"])
        #expect(other.compactMap(\.trial).count == 2)
    }

    @Test("plans(for:) keeps the given order and skips unknown ids")
    func explicitIDs() {
        let factory = PlanFactory(catalog: .embedded)
        let plans = factory.plans(for: ["weekly_9_99", "nope", "yearly_59_99"])
        #expect(plans.map(\.id) == ["weekly_9_99", "yearly_59_99"])
        #expect(plans.map(\.isBestValue) == [false, true])
    }

    @Test func tiersBilledOverTheSamePeriodHaveNoBestValue() {
        let month = BillingPeriod(value: 1, unit: .month)
        let tiers = [("basic", Decimal(string: "4.99")!), ("premium", Decimal(string: "9.99")!), ("business", Decimal(string: "29.99")!)]
            .map { Plan(id: $0.0, displayName: $0.0, price: $0.1, currencyCode: "USD", displayPrice: "$\($0.1)", period: month) }
        #expect(PlanFactory.markBestValue(tiers).allSatisfy { !$0.isBestValue })
        let withYear = tiers + [Plan(id: "yearly", displayName: "yearly", price: 99, currencyCode: "USD", displayPrice: "$99", period: BillingPeriod(value: 1, unit: .year))]
        // $99 a year is more per day than basic's $4.99 a month: basic is the lowest price per unit of time.
        #expect(PlanFactory.markBestValue(withYear).map(\.isBestValue) == [true, false, false, false])
        let cheaperYear = tiers + [Plan(id: "yearly", displayName: "yearly", price: Decimal(string: "49.99")!, currencyCode: "USD",
                                        displayPrice: "$49.99", period: BillingPeriod(value: 1, unit: .year))]
        #expect(PlanFactory.markBestValue(cheaperYear).map(\.isBestValue) == [false, false, false, true])
    }
}
