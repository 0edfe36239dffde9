import Foundation

/// What a profile's own screens remember across launches (`profile-state.json` in the state directory):
/// VoIP usage and ads, the last receipt status the server validated.
public struct ProfileState: Codable, Sendable, Hashable {
    public var usage = UsageMeter()
    public var ads = RewardedAd.Ledger()
    /// Calls ended on `callsDay` (local day), for the interstitial policy.
    public var callsDay = ""
    public var callsToday = 0
    /// The receipt server's last answer (the fallback when it is down).
    public var receiptCache: SubscriptionStatus?

    public init() {}
}
