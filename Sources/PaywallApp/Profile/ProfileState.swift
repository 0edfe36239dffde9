import Foundation
import Profiles
import SimRuntime

/// What a profile's own screens remember across launches (`profile-state.json` in the state directory):
/// VoIP usage and ads, the last receipt status the server validated.
struct ProfileState: Codable, Sendable, Hashable {
    var usage = UsageMeter()
    var ads = RewardedAd.Ledger()
    /// Calls ended on `callsDay` (local day), for the interstitial policy.
    var callsDay = ""
    var callsToday = 0
    /// The receipt server's last answer (the fallback when it is down).
    var receiptCache: SubscriptionStatus?
}
