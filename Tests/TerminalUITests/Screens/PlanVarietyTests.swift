import Foundation
import PaywallCore
import Testing
@testable import PaywallScreens
@testable import TerminalKit

/// Three plans, one-time purchases and paid introductory offers in every layout.
@Suite struct PlanVarietyTests {
    typealias F = ScreenFixtures

    static let lifetime = Plan(id: "lifetime_99_99", displayName: "Lifetime", price: Decimal(string: "99.99")!,
                               currencyCode: "USD", displayPrice: "$99.99", period: nil)
    static let introMonthly = Plan(id: "monthly_intro", displayName: "Monthly", price: Decimal(string: "14.99")!,
                                   currencyCode: "USD", displayPrice: "$14.99", period: BillingPeriod(value: 1, unit: .month),
                                   trial: TrialTerms(paymentMode: .payAsYouGo, period: BillingPeriod(value: 1, unit: .month),
                                                     numberOfPeriods: 3, displayPrice: "$0.99"))

    static func model(_ layout: LayoutVariant, selected: String) -> FlowModel {
        let offer = Offer(id: .A, layoutVariant: layout, plans: [F.weekly, introMonthly, F.yearly, lifetime], defaultPlanID: selected,
                          personalPromiseKey: "paywall.promise.default")
        var model = F.model(.paywall(offer: offer))
        model.offer = offer
        model.selectedPlanID = selected
        return model
    }

    @Test(arguments: LayoutVariant.allCases) func fourPlansFitWithEveryPrice(layout: LayoutVariant) {
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 100, height: 30)] {
            for locale in F.locales {
                let screen = ScreenRenderer.render(F.context(Self.model(layout, selected: F.yearly.id), locale: locale),
                                                   theme: F.theme, deck: F.deck, size: size)
                for price in ["$9.99", "$14.99", "$59.99", "$99.99"] {
                    #expect(screen.plainText.contains(price), "\(layout) \(locale) \(size): \(price)")
                }
                #expect(!screen.anyTruncated, "\(layout) \(locale) \(size): \(screen.drawn.filter(\.truncated).map(\.text))")
            }
        }
    }

    @Test func oneTimePurchaseSaysBuyAndOneTime() throws {
        let screen = ScreenRenderer.render(F.context(Self.model(.list, selected: Self.lifetime.id), locale: "en"),
                                           theme: F.theme, deck: F.deck, size: TerminalSize(width: 80, height: 24))
        #expect(screen.texts(in: .cta).first?.key == "paywall.cta.buy")
        #expect(screen.plainText.contains("$99.99 one-time"))
        #expect(screen.texts(in: .trialTerms).isEmpty && screen.texts(in: .renewalTerms).isEmpty)
    }

    @Test func payAsYouGoShowsTheIntroPriceAndRenewal() throws {
        let screen = ScreenRenderer.render(F.context(Self.model(.focus, selected: Self.introMonthly.id), locale: "en"),
                                           theme: F.theme, deck: F.deck, size: TerminalSize(width: 80, height: 24))
        #expect(screen.texts(in: .cta).first?.key == "paywall.cta.subscribe")
        let terms = screen.texts(in: .trialTerms).map(\.text) + screen.texts(in: .renewalTerms).map(\.text)
        #expect(terms.contains("$0.99 per month for 3 months"))
        #expect(terms.contains { $0.hasPrefix("$14.99 per month. Renews automatically") })
    }
}
