import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// How plans read on screen: price per period, equivalents, trial terms, CTA; all by copy key.
extension ScreenWriter {
    /// "year", or "3 months" for a period longer than one unit.
    func unitText(_ period: BillingPeriod) -> String {
        period.value == 1 ? text("period.\(period.unit.rawValue)") : duration(period)
    }

    /// "1 week", "3 months" (plural by count).
    func duration(_ period: BillingPeriod, times: Int = 1) -> String {
        text("period.\(period.unit.rawValue)s", [.integer(period.value * max(1, times))])
    }

    /// A pay-up-front offer's span: "the first month", "the first 3 months" (plural by count).
    func firstSpan(_ period: BillingPeriod, times: Int = 1) -> String {
        text("period.first.\(period.unit.rawValue)s", [.integer(period.value * max(1, times))])
    }

    /// The billed price: "$59.99 / year", or "$99.99 one-time"; bold in the price role.
    func price(_ plan: Plan) -> TextItem {
        var item: TextItem
        if let period = plan.period {
            item = copy("paywall.plan.price", [.string(plan.displayPrice), .string(unitText(period))], role: .price, bold: true, slot: .price)
        } else {
            item = copy("paywall.plan.oneTime", [.string(plan.displayPrice)], role: .price, bold: true, slot: .price)
        }
        item.planID = plan.id
        return item
    }

    /// The per-week or per-month comparison ("$1.15/week"), less prominent than the price.
    func equivalent(_ plan: Plan) -> TextItem? {
        guard let equivalent = plan.equivalent else { return nil }
        var item = copy("paywall.plan.equivalent", [.string(equivalent.displayPrice), .string(text("period.\(equivalent.unit.rawValue)"))],
                        role: .priceSecondary, slot: .priceEquivalent)
        item.planID = plan.id
        return item
    }

    /// The short introductory offer ("1 week free trial").
    func trialOffer(_ plan: Plan) -> TextItem? {
        guard let trial = plan.trial else { return nil }
        switch trial.paymentMode {
        case .free:
            return copy("paywall.trial.free", [.string(duration(trial.period, times: trial.numberOfPeriods))], role: .success, slot: .trialOffer)
        case .payAsYouGo:
            return copy("paywall.trial.payAsYouGo", [.string(trial.displayPrice ?? ""), .string(unitText(trial.period)),
                                                     .string(duration(trial.period, times: trial.numberOfPeriods))],
                        role: .success, slot: .trialOffer)
        case .payUpFront:
            return copy("paywall.trial.payUpFront", [.string(trial.displayPrice ?? ""), .string(firstSpan(trial.period, times: trial.numberOfPeriods))],
                        role: .success, slot: .trialOffer)
        }
    }

    /// When the introductory offer ends and the first full charge happens.
    func trialEnd(_ plan: Plan, now: Date) -> Date? {
        guard let trial = plan.trial else { return nil }
        var date = now
        for _ in 0..<max(1, trial.numberOfPeriods) { date = trial.period.advance(date, in: timeZone) }
        return date
    }

    /// What the user agrees to: "Free for 1 week, then $59.99 per year from June 4, 2026. …" or the renewal terms.
    func terms(_ plan: Plan, now: Date) -> [TextItem] {
        guard let period = plan.period else { return [] }
        let renewal = copy("paywall.terms.renewal", [.string(plan.displayPrice), .string(unitText(period))], role: .muted, slot: .renewalTerms)
        guard let trial = plan.trial, let end = trialEnd(plan, now: now) else { return [renewal] }
        if trial.paymentMode == .free {
            return [copy("paywall.trial.terms", [.string(duration(trial.period, times: trial.numberOfPeriods)), .string(plan.displayPrice),
                                                 .string(unitText(period)), .string(date(end))], role: .muted, slot: .trialTerms)]
        }
        return [trialOffer(plan).map { var item = $0; item.style = TextStyle(.muted); item.slot = .trialTerms; return item }, renewal].compactMap { $0 }
    }

    /// The call to action for a plan: start a free trial, subscribe, or buy.
    func cta(_ plan: Plan?) -> TextItem {
        let key: String
        if plan?.trial?.paymentMode == .free {
            key = "paywall.cta.trial"
        } else if plan?.period != nil || plan == nil {
            key = "paywall.cta.subscribe"
        } else {
            key = "paywall.cta.buy"
        }
        return copy(key, role: .ctaText, bold: true, slot: .cta)
    }

    /// The plan's badge: "SAVE 65%" in the focus layout when it saves against the shortest plan
    /// shown, else "BEST VALUE" on the plan with the lowest price per unit of time (`BestValue`).
    func badge(_ plan: Plan, among plans: [Plan], preferSaving: Bool) -> TextItem? {
        if preferSaving, let percent = BestValue.saving(of: plan, among: plans), percent >= 5 {
            return copy("paywall.badge.save", [.integer(percent)], role: .badge, bold: true, slot: .badge)
        }
        return plan.isBestValue ? copy("paywall.badge.bestValue", role: .badge, bold: true, slot: .badge) : nil
    }
}
