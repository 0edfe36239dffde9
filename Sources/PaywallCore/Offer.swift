import Foundation

/// The offer variants a paywall can show.
public enum OfferID: String, Codable, Sendable, CaseIterable, Hashable {
    case A, B, C
}

/// How a paywall lays out its plans.
public enum LayoutVariant: String, Codable, Sendable, CaseIterable, Hashable {
    /// A vertical plan list with a best-value badge.
    case list
    /// Side-by-side plan cards.
    case cards
    /// One plan in focus.
    case focus
}

/// What the paywall presents: variant, plans and the default selection (seed 000's `Offer`).
public struct Offer: Hashable, Codable, Sendable {
    public var id: OfferID
    public var layoutVariant: LayoutVariant
    public var plans: [Plan]
    public var defaultPlanID: String
    /// Copy key of the personal promise shown on the paywall, e.g. why it opened.
    public var personalPromiseKey: String?

    public init(id: OfferID, layoutVariant: LayoutVariant, plans: [Plan], defaultPlanID: String,
                personalPromiseKey: String? = nil) {
        self.id = id
        self.layoutVariant = layoutVariant
        self.plans = plans
        self.defaultPlanID = defaultPlanID
        self.personalPromiseKey = personalPromiseKey
    }
}
