/// When to show an interstitial ad (seed 003's `showInterstitialAfterCall`): after a call, free users only.
public struct InterstitialPolicy: Hashable, Sendable {
    /// Show one after every Nth finished call (1: after every call).
    public var everyNthCall: Int

    public init(everyNthCall: Int = 1) {
        self.everyNthCall = max(1, everyNthCall)
    }

    /// Whether to show an interstitial now that call number `callsToday` (1-based) ended.
    /// Never for subscribers, never when no ad is loaded.
    public func showAfterCall(tier: SubscriptionTier, callsToday: Int, adLoaded: Bool) -> Bool {
        !tier.isSubscriber && adLoaded && callsToday > 0 && callsToday % everyNthCall == 0
    }

    /// Whether ads are loaded at all for `tier` (`loadAds`: subscribers get none).
    public static func loadsAds(for tier: SubscriptionTier) -> Bool { !tier.isSubscriber }
}
