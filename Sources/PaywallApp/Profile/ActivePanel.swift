import PaywallScreens
import Profiles
import SimRuntime
import TerminalKit

/// Which profile screen is up, with what it needs to be drawn again from the current state.
enum ActivePanel: Hashable {
    /// A one-line answer to a command or an outcome, titled with the app's name.
    case message([ProfilePanel.Line])
    case memberStatus
    /// The simulated Apple Pay sheet for a product.
    case applePay(productID: String)
    /// The upgrade prompt for a feature the tier lacks.
    case featureGate(VoIPFeature, SubscriptionTier)
    case usage
    /// The offer to watch a rewarded ad.
    case rewardedAd
    /// The full-screen ad after a free user's call.
    case interstitial
    /// The template store, with the last purchase's outcome line.
    case templates(outcome: ProfilePanel.Line?)
}
