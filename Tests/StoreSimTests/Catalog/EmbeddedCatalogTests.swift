import Foundation
import SimRuntime
import PaywallCore
import Testing
@testable import StoreSim

@Suite("Embedded catalog")
struct EmbeddedCatalogTests {
    @Test("three Premium plans with levels, trial and promotional offer")
    func shape() throws {
        let catalog = StoreCatalog.embedded
        #expect(catalog.products.map(\.id) == ["weekly_9_99", "monthly_14_99", "yearly_59_99"])
        #expect(catalog.groups.map(\.name) == ["Premium"])
        #expect(catalog.subscriptionProducts.map { $0.subscription?.level } == [3, 2, 1])
        #expect(catalog.subscriptionProducts.map { $0.subscription?.period.iso8601 } == ["P1W", "P1M", "P1Y"])
        #expect(catalog.products.map(\.price) == [Decimal(string: "9.99"), Decimal(string: "14.99"), Decimal(string: "59.99")])
        let yearly = try #require(catalog.product("yearly_59_99")?.subscription)
        #expect(yearly.introductoryOffer == SubscriptionOffer(paymentMode: .free, period: BillingPeriod(value: 1, unit: .week)))
        #expect(yearly.promotionalOffer("yearly_comeback_50")?.price == Decimal(string: "29.99"))
        #expect(catalog.settings.storefront == "USA")
        for product in catalog.products {
            #expect(Set(product.localizations.map(\.locale)) == ["en_US", "zh_Hans", "ko"])
        }
    }

    @Test("default plans in the USA")
    func usa() {
        let plans = PlanFactory.defaultPaywallPlans(catalog: .embedded)
        #expect(plans.map(\.id) == ["yearly_59_99", "monthly_14_99", "weekly_9_99"])
        #expect(plans.map(\.displayPrice) == ["$59.99", "$14.99", "$9.99"])
        #expect(plans.map(\.displayName) == ["Yearly", "Monthly", "Weekly"])
        #expect(plans.map(\.isBestValue) == [true, false, false])
        #expect(plans[0].trial == TrialTerms(paymentMode: .free, period: BillingPeriod(value: 1, unit: .week)))
        #expect(plans[0].equivalent == PriceEquivalent(unit: .month, displayPrice: "$5.00"))
        #expect(plans[1].equivalent == PriceEquivalent(unit: .week, displayPrice: "$3.46"))
    }

    @Test("storefront tiers", arguments: [
        ("CHN", "zh_Hans", ["¥388.00", "¥98.00", "¥68.00"], "年订阅"),
        ("KOR", "ko", ["₩79,000", "₩19,000", "₩12,000"], "연간"),
        ("JPN", "ja", ["¥8,800", "¥2,200", "¥1,500"], "Yearly"),
        ("DEU", "de", ["59,99 €", "14,99 €", "9,99 €"], "Yearly"),
        ("FRA", "fr", ["59,99 €", "14,99 €", "9,99 €"], "Yearly"),
    ])
    func tiers(_ storefront: String, _ locale: String, _ prices: [String], _ yearlyName: String) throws {
        let front = try #require(Storefront(code: storefront))
        let plans = PlanFactory.defaultPaywallPlans(catalog: .embedded, locale: locale, storefront: front)
        #expect(plans.map(\.displayPrice) == prices)
        #expect(plans.first?.displayName == yearlyName)
        #expect(plans.allSatisfy { $0.currencyCode == front.currencyCode })
        #expect(StoreCatalog.embeddedStorefronts.contains(front))
    }

    @Test("korean monthly equivalent has no decimals")
    func koreanEquivalent() throws {
        let plans = PlanFactory.defaultPaywallPlans(catalog: .embedded(storefront: "KOR", locale: "ko"))
        #expect(plans.first?.equivalent == PriceEquivalent(unit: .month, displayPrice: "₩6,583"))
        #expect(plans.first?.price == 79_000)
    }
}
