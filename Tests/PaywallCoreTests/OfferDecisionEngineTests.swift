import Foundation
import Testing
@testable import PaywallCore

@Suite struct OfferDecisionEngineTests {
    typealias F = Fixtures

    struct Row: Sendable, CustomStringConvertible {
        var risk: RiskLevel
        var views: Int
        var seconds: Int
        var forced: OfferID?
        var expected: OfferID
        var description: String { "risk \(risk) views \(views) t \(seconds) forced \(forced?.rawValue ?? "-") → \(expected)" }
    }

    /// The embedded config's rules as a table.
    static let table: [Row] = [
        Row(risk: .low, views: 0, seconds: 0, forced: nil, expected: .A),
        Row(risk: .medium, views: 2, seconds: 0, forced: nil, expected: .A),
        Row(risk: .high, views: 0, seconds: 0, forced: nil, expected: .B),
        Row(risk: .high, views: 9, seconds: 0, forced: nil, expected: .B),
        Row(risk: .low, views: 3, seconds: 0, forced: nil, expected: .C),
        Row(risk: .medium, views: 7, seconds: 120, forced: nil, expected: .C),
        Row(risk: .high, views: 0, seconds: 0, forced: .A, expected: .A),
        Row(risk: .low, views: 5, seconds: 0, forced: .B, expected: .B),
        Row(risk: .high, views: 0, seconds: 0, forced: .C, expected: .C),
    ]

    @Test(arguments: table)
    func embeddedRules(row: Row) {
        let offer = OfferDecisionEngine.decide(config: .default, risk: RiskSnapshot(level: row.risk),
                                               paywallViews7d: row.views, timeOnPaywallSec: row.seconds,
                                               personalPromiseKey: nil, plans: F.catalog, forcedOffer: row.forced)
        #expect(offer.id == row.expected)
        #expect(offer == OfferDecisionEngine.decide(config: .default, risk: RiskSnapshot(level: row.risk),
                                                    paywallViews7d: row.views, timeOnPaywallSec: row.seconds,
                                                    personalPromiseKey: nil, plans: F.catalog, forcedOffer: row.forced))
    }

    @Test func offersCarryLayoutPlansDefaultAndPromise() {
        func decide(_ risk: RiskLevel, _ views: Int, promise: String? = nil) -> Offer {
            OfferDecisionEngine.decide(config: .default, risk: RiskSnapshot(level: risk), paywallViews7d: views,
                                       timeOnPaywallSec: 0, personalPromiseKey: promise, plans: F.catalog)
        }
        #expect(decide(.low, 0) == F.offerA)
        #expect(decide(.high, 0) == Offer(id: .B, layoutVariant: .cards, plans: BestValue.mark([F.weekly, F.monthly]),
                                          defaultPlanID: "monthly_14_99", personalPromiseKey: "paywall.promise.noTrial"))
        #expect(decide(.low, 3) == Offer(id: .C, layoutVariant: .focus, plans: BestValue.mark([F.yearly, F.monthly]),
                                         defaultPlanID: "yearly_59_99", personalPromiseKey: "paywall.promise.discount"))
        #expect(decide(.low, 0, promise: "paywall.promise.limit").personalPromiseKey == "paywall.promise.limit")
    }

    @Test func timeOnPaywallAndCombinedConditions() {
        var config = RemoteConfig.default
        config.rules = [
            OfferRule(when: OfferCondition(riskLevel: .medium, minTimeOnPaywallSec: 30), offer: .C),
            OfferRule(when: OfferCondition(minTimeOnPaywallSec: 60), offer: .B),
        ]
        func decide(_ risk: RiskLevel, _ seconds: Int) -> OfferID {
            OfferDecisionEngine.decide(config: config, risk: RiskSnapshot(level: risk), paywallViews7d: 0,
                                       timeOnPaywallSec: seconds, personalPromiseKey: nil, plans: F.catalog).id
        }
        #expect(decide(.medium, 29) == .A)
        #expect(decide(.medium, 30) == .C)
        #expect(decide(.low, 30) == .A)
        #expect(decide(.low, 60) == .B)
        #expect(decide(.medium, 90) == .C)
    }

    @Test func rulesNamingAMissingOfferAreSkipped() {
        var config = RemoteConfig.default
        config.offers.removeAll { $0.id == .B }
        let offer = OfferDecisionEngine.decide(config: config, risk: RiskSnapshot(level: .high), paywallViews7d: 0,
                                               timeOnPaywallSec: 0, personalPromiseKey: nil, plans: F.catalog)
        #expect(offer.id == .A)
    }

    @Test func missingProductsFallBackToTheCatalog() {
        let partial = OfferDecisionEngine.decide(config: .default, risk: .unknown, paywallViews7d: 0, timeOnPaywallSec: 0,
                                                 personalPromiseKey: nil, plans: [F.weekly, F.monthly])
        #expect(partial.plans == [F.weekly])
        #expect(partial.defaultPlanID == "weekly_9_99")

        let none = OfferDecisionEngine.decide(config: .default, risk: .unknown, paywallViews7d: 0, timeOnPaywallSec: 0,
                                              personalPromiseKey: nil, plans: [F.monthly, F.yearlyDiscount])
        #expect(none.plans == BestValue.mark([F.monthly, F.yearlyDiscount]))
        #expect(none.plans.map(\.isBestValue) == [false, true])
        #expect(none.defaultPlanID == "monthly_14_99")

        let empty = OfferDecisionEngine.decide(config: .default, risk: .unknown, paywallViews7d: 0, timeOnPaywallSec: 0,
                                               personalPromiseKey: nil, plans: [])
        #expect(empty.plans.isEmpty)
        #expect(empty.defaultPlanID == "yearly_59_99")
    }
}
