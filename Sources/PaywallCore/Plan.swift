import Foundation

/// One purchasable plan as a paywall shows it: localized price, period, trial, best-value flag.
public struct Plan: Identifiable, Hashable, Codable, Sendable {
    /// The store product identifier, e.g. `weekly_9_99`.
    public var id: String
    /// The product's localized display name.
    public var displayName: String
    /// The price as a decimal number in `currencyCode`.
    public var price: Decimal
    /// ISO-4217 currency code, e.g. `USD`.
    public var currencyCode: String
    /// The localized price, e.g. `$9.99`, `₩12,000`.
    public var displayPrice: String
    /// The billing period; nil for one-time purchases.
    public var period: BillingPeriod?
    /// The introductory offer shown as trial terms, if the user is eligible (or the promotional offer shown).
    public var trial: TrialTerms?
    /// Marked as the best value on the paywall.
    public var isBestValue: Bool
    /// The price per week or month for comparison, e.g. `$0.77/week`: the paywall's one unit
    /// (`ComparisonUnit`), chosen from `equivalents`.
    public var equivalent: PriceEquivalent?
    /// Every comparison price the plan has: per week for periods longer than a week, per month for
    /// periods longer than a month.
    public var equivalents: [PriceEquivalent] = []
    /// The product's promotional offers, by identifier, as terms a paywall can show.
    public var promotionalOffers: [String: TrialTerms]?
    /// The promotional offer this paywall shows and buys with (its terms are in `trial`).
    public var promotionalOfferID: String?

    public init(id: String, displayName: String, price: Decimal, currencyCode: String, displayPrice: String,
                period: BillingPeriod?, trial: TrialTerms? = nil, isBestValue: Bool = false,
                equivalent: PriceEquivalent? = nil, equivalents: [PriceEquivalent] = [],
                promotionalOffers: [String: TrialTerms]? = nil, promotionalOfferID: String? = nil) {
        self.equivalents = equivalents
        self.promotionalOffers = promotionalOffers
        self.promotionalOfferID = promotionalOfferID
        self.id = id
        self.displayName = displayName
        self.price = price
        self.currencyCode = currencyCode
        self.displayPrice = displayPrice
        self.period = period
        self.trial = trial
        self.isBestValue = isBestValue
        self.equivalent = equivalent
    }
}

/// A price per smaller unit, shown to compare plans (`$0.77/week`).
public struct PriceEquivalent: Hashable, Codable, Sendable {
    public var unit: BillingPeriod.Unit
    public var displayPrice: String

    public init(unit: BillingPeriod.Unit, displayPrice: String) {
        self.unit = unit
        self.displayPrice = displayPrice
    }
}
