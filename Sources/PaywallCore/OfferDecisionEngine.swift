import Foundation

/// Picks the offer a paywall shows (seed 000), from the config's rules; deterministic.
public enum OfferDecisionEngine {
    /// The offer for these inputs.
    ///
    /// The first rule whose condition matches wins; otherwise `config.defaultOffer`. The offer's
    /// plans are the catalog plans named by the offer's `productIDs`, in that order. When the
    /// catalog has none of them, the offer falls back to every catalog plan (in catalog order),
    /// so a paywall never opens empty; the default plan falls back to the first plan shown.
    /// The best-value badge is worked out among the plans shown (`BestValue.mark`).
    /// `personalPromiseKey`, when given, replaces the offer's own promise key.
    /// `keeping`, when given, is the offer already decided (this session's): it is shown again.
    public static func decide(config: RemoteConfig, risk: RiskSnapshot, paywallViews7d: Int,
                              timeOnPaywallSec: Int, personalPromiseKey: String?, plans: [Plan],
                              forcedOffer: OfferID? = nil, keeping: OfferID? = nil) -> Offer {
        let chosen = keeping ?? chooseOfferID(config: config, risk: risk, paywallViews7d: paywallViews7d,
                                              timeOnPaywallSec: timeOnPaywallSec, forcedOffer: forcedOffer)
        let offerConfig = config.offer(chosen) ?? config.offers.first
            ?? OfferConfig(id: chosen, layoutVariant: .list, productIDs: [], defaultProductID: "")
        let byID = Dictionary(plans.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var shown = offerConfig.productIDs.compactMap { byID[$0] }
        if shown.isEmpty { shown = plans }
        shown = BestValue.mark(shown) // the badge belongs to the plans this paywall shows
        shown = ComparisonUnit.apply(shown) // and so does the comparison unit
        if let promo = offerConfig.promotionalOffer, let index = shown.firstIndex(where: { $0.id == promo.productID }),
           let terms = shown[index].promotionalOffers?[promo.offerID] {
            // The variant's promotional offer replaces the plan's introductory terms.
            shown[index].trial = terms
            shown[index].promotionalOfferID = promo.offerID
        }
        let defaultPlanID = shown.contains { $0.id == offerConfig.defaultProductID }
            ? offerConfig.defaultProductID
            : (shown.first?.id ?? offerConfig.defaultProductID)
        return Offer(id: offerConfig.id, layoutVariant: offerConfig.layoutVariant, plans: shown,
                     defaultPlanID: defaultPlanID, personalPromiseKey: personalPromiseKey ?? offerConfig.promiseKey)
    }

    /// The id of the offer the rules pick, before plans are resolved.
    public static func chooseOfferID(config: RemoteConfig, risk: RiskSnapshot, paywallViews7d: Int,
                                     timeOnPaywallSec: Int, forcedOffer: OfferID?) -> OfferID {
        for rule in config.rules where config.offer(rule.offer) != nil {
            if matches(rule.when, risk: risk, paywallViews7d: paywallViews7d,
                       timeOnPaywallSec: timeOnPaywallSec, forcedOffer: forcedOffer) {
                return rule.offer
            }
        }
        return config.defaultOffer
    }

    /// Why the rules pick the offer they pick, in words for the debug overlay: the rule that
    /// matched and what it saw (`rule 5: 3+ paywall views in 7 days (3)`), or the default.
    public static func explain(config: RemoteConfig, risk: RiskSnapshot, paywallViews7d: Int,
                               timeOnPaywallSec: Int, forcedOffer: OfferID?) -> String {
        for (index, rule) in config.rules.enumerated() where config.offer(rule.offer) != nil {
            guard matches(rule.when, risk: risk, paywallViews7d: paywallViews7d,
                          timeOnPaywallSec: timeOnPaywallSec, forcedOffer: forcedOffer) else { continue }
            var parts: [String] = []
            if let forced = rule.when.forced { parts.append("forced \(forced.rawValue) (--offer)") }
            if let level = rule.when.riskLevel { parts.append("risk \(level.rawValue)") }
            if let minimum = rule.when.minPaywallViews7d { parts.append("\(minimum)+ paywall views in 7 days (\(paywallViews7d))") }
            if let minimum = rule.when.minTimeOnPaywallSec { parts.append("\(minimum)+ s on the paywall (\(timeOnPaywallSec))") }
            return "rule \(index + 1): " + (parts.isEmpty ? "always" : parts.joined(separator: ", "))
        }
        return "default (no rule matched; \(paywallViews7d) paywall views in 7 days)"
    }

    /// Whether every field set in `condition` matches.
    public static func matches(_ condition: OfferCondition, risk: RiskSnapshot, paywallViews7d: Int,
                               timeOnPaywallSec: Int, forcedOffer: OfferID?) -> Bool {
        if let level = condition.riskLevel, level != risk.level { return false }
        if let minimum = condition.minPaywallViews7d, paywallViews7d < minimum { return false }
        if let minimum = condition.minTimeOnPaywallSec, timeOnPaywallSec < minimum { return false }
        if let forced = condition.forced, forced != forcedOffer { return false }
        return true
    }
}
