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
    public static func decide(config: RemoteConfig, risk: RiskSnapshot, paywallViews7d: Int,
                              timeOnPaywallSec: Int, personalPromiseKey: String?, plans: [Plan],
                              forcedOffer: OfferID? = nil) -> Offer {
        let chosen = chooseOfferID(config: config, risk: risk, paywallViews7d: paywallViews7d,
                                   timeOnPaywallSec: timeOnPaywallSec, forcedOffer: forcedOffer)
        let offerConfig = config.offer(chosen) ?? config.offers.first
            ?? OfferConfig(id: chosen, layoutVariant: .list, productIDs: [], defaultProductID: "")
        let byID = Dictionary(plans.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var shown = offerConfig.productIDs.compactMap { byID[$0] }
        if shown.isEmpty { shown = plans }
        shown = BestValue.mark(shown) // the badge belongs to the plans this paywall shows
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
