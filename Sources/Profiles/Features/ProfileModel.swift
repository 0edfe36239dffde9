import Foundation
import PaywallCore
import StoreSim

/// The state of a profile's own screens: the card that is up and what they remember.
public struct ProfileModel: Hashable, Sendable {
    /// The card that is up (nil: none).
    public var card: ProfileCard?
    /// What is saved in `profile-state.json`.
    public var saved: ProfileState

    public init(card: ProfileCard? = nil, saved: ProfileState = ProfileState()) {
        self.card = card
        self.saved = saved
    }
}

/// What happens to a profile's screens: a chat command, a key's action, or an answer to an effect.
public enum ProfileEvent: Hashable, Sendable {
    /// A chat line that starts with `/` (e.g. `/call 30 1.5`).
    case command(String)
    case action(ProfileAction)
    /// The receipt was validated: the status cache as it is now.
    case receiptValidated(SubscriptionStatus?)
    /// A template purchase ended with this outcome.
    case templatePurchased(templateID: String, outcome: PurchaseOutcome)
}

/// What the reducer asks the app to do; the answers come back as events.
public enum ProfileEffect: Hashable, Sendable {
    /// Feed an event to the flow machine (open the paywall, buy).
    case flow(FlowEvent)
    /// Save `ProfileModel.saved`.
    case save
    /// Validate the receipt with the server (the cache answers when it is down).
    case validateReceipt
    /// Buy a template through the store.
    case buyTemplate(id: String)
}

/// What the reducer reads of the running app, the same instant for the whole step.
public struct ProfileContext: Sendable {
    public var profile: Profile
    public var now: Date
    public var timeZone: TimeZone
    /// The session's seed (ads play seeded, so a tape repeats).
    public var seed: UInt64
    /// The app's entitlement, as the backend last confirmed it.
    public var entitlement: Entitlement
    public var backendUp: Bool
    /// The plan the paywall has selected (or its default), for the Apple Pay button.
    public var paywallPlanID: String?
    public var catalog: StoreCatalog
    /// The storefront and locale prices are shown in.
    public var storefront: String
    public var locale: String
    /// The text of a copy key, for composing one line's argument from another key.
    public var text: @Sendable (String) -> String

    public init(profile: Profile, now: Date, timeZone: TimeZone, seed: UInt64, entitlement: Entitlement, backendUp: Bool,
                paywallPlanID: String?, catalog: StoreCatalog, storefront: String, locale: String,
                text: @escaping @Sendable (String) -> String) {
        self.profile = profile
        self.now = now
        self.timeZone = timeZone
        self.seed = seed
        self.entitlement = entitlement
        self.backendUp = backendUp
        self.paywallPlanID = paywallPlanID
        self.catalog = catalog
        self.storefront = storefront
        self.locale = locale
        self.text = text
    }
}
