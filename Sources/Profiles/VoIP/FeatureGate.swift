/// Seed 003's `PremiumFeatureGate`: may a tier use a feature, and which tier to offer when not.
public enum FeatureGate {
    /// What the app does when a feature is requested.
    public enum Decision: Hashable, Sendable {
        case allowed
        /// Show the upgrade prompt naming `tier`, the lowest tier above the current one that has the feature.
        case upgradePrompt(feature: VoIPFeature, tier: SubscriptionTier)
        /// No higher tier has it: only `limitedMinutes` on a paid tier (they are not limited).
        case notApplicable
    }

    /// Whether `tier` includes `feature` (`allFeatures` counts as every capability).
    public static func canUse(_ feature: VoIPFeature, tier: SubscriptionTier) -> Bool {
        tier.features.contains(feature)
    }

    /// The lowest tier that has `feature` (the seed's `getMinimumTierForFeature`), nil if none.
    public static func minimumTier(for feature: VoIPFeature) -> SubscriptionTier? {
        SubscriptionTier.allCases.first { canUse(feature, tier: $0) }
    }

    /// `.allowed` when the tier has the feature; otherwise the upgrade prompt for the lowest tier
    /// ranked above `tier` that has it. (This differs from `minimumTier` only where the seed's sets do:
    /// premium lacks `unlimitedDomestic`, which basic has, so a premium user is offered business.)
    public static func request(_ feature: VoIPFeature, tier: SubscriptionTier) -> Decision {
        if canUse(feature, tier: tier) { return .allowed }
        guard let upgrade = SubscriptionTier.allCases.first(where: { $0 > tier && canUse(feature, tier: $0) }) else {
            return .notApplicable
        }
        return .upgradePrompt(feature: feature, tier: upgrade)
    }

    /// The prompt's text: title `voip.upgrade.title`, message `voip.upgrade.message` ("%1$@ requires %2$@")
    /// with the feature and tier names already looked up by the caller.
    public static func promptMessage(featureName: String, tierName: String) -> CopyLine {
        CopyLine("voip.upgrade.message", .string(featureName), .string(tierName))
    }
}
