import CopyDeck

/// Which profile card is up, with what it needs to be drawn again from the current state.
public enum ProfileCard: Hashable, Sendable {
    /// A one-line answer to a command or an outcome, titled with the app's name.
    case message([ProfileLine])
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
    case templates(outcome: ProfileLine?)
    /// The App Store sheet for one template: nothing is bought until it is confirmed.
    case templateSheet(templateID: String)
}

/// One line of a profile card before it is styled: a copy key with its arguments, and its tone.
public struct ProfileLine: Hashable, Sendable {
    public var key: String
    public var arguments: [CopyArgument]
    public var tone: ProfileTone

    public init(_ key: String, _ arguments: [CopyArgument] = [], tone: ProfileTone = .text) {
        self.key = key
        self.arguments = arguments
        self.tone = tone
    }
}

/// How a profile line reads: the screens give each tone its style.
public enum ProfileTone: String, Hashable, Sendable {
    case text, muted, success, warning, price, accent
}
