import Foundation
import PaywallCore

/// One product of a store catalog, as a `.storekit` file or the embedded catalog describes it.
public struct StoreProduct: Hashable, Codable, Sendable, Identifiable {
    /// The kinds of product StoreKit sells.
    public enum Kind: String, Codable, Sendable {
        case consumable = "Consumable"
        case nonConsumable = "NonConsumable"
        case nonRenewingSubscription = "NonRenewingSubscription"
        case autoRenewable = "RecurringSubscription"
    }

    public var id: String
    public var referenceName: String
    public var kind: Kind
    /// The price in the storefront's currency.
    public var price: Decimal
    public var familyShareable: Bool
    public var localizations: [ProductLocalization]
    /// Set for auto-renewable subscriptions.
    public var subscription: SubscriptionInfo?

    public init(id: String, referenceName: String, kind: Kind, price: Decimal, familyShareable: Bool = false,
                localizations: [ProductLocalization] = [], subscription: SubscriptionInfo? = nil) {
        self.id = id
        self.referenceName = referenceName
        self.kind = kind
        self.price = price
        self.familyShareable = familyShareable
        self.localizations = localizations
        self.subscription = subscription
    }
}

/// A product's name and description in one locale (`en_US`, `zh_Hans`, `ko`).
public struct ProductLocalization: Hashable, Codable, Sendable {
    public var locale: String
    public var displayName: String
    public var description: String

    public init(locale: String, displayName: String, description: String) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }
}

/// The auto-renewable part of a product: group, level, period and offers.
public struct SubscriptionInfo: Hashable, Codable, Sendable {
    public var groupID: String
    /// Service level within the group; 1 is the top tier by Apple's convention.
    public var level: Int
    public var period: BillingPeriod
    public var introductoryOffer: SubscriptionOffer?
    /// Promotional (ad hoc) offers, redeemed by `offerID`.
    public var promotionalOffers: [SubscriptionOffer]

    public init(groupID: String, level: Int, period: BillingPeriod, introductoryOffer: SubscriptionOffer? = nil,
                promotionalOffers: [SubscriptionOffer] = []) {
        self.groupID = groupID
        self.level = level
        self.period = period
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
    }
}

/// An introductory or promotional offer on a subscription.
public struct SubscriptionOffer: Hashable, Codable, Sendable {
    /// The identifier a promotional offer is redeemed with; nil for introductory offers.
    public var offerID: String?
    public var paymentMode: TrialTerms.PaymentMode
    public var period: BillingPeriod
    public var numberOfPeriods: Int
    /// The offer price; zero for free trials.
    public var price: Decimal

    public init(offerID: String? = nil, paymentMode: TrialTerms.PaymentMode, period: BillingPeriod,
                numberOfPeriods: Int = 1, price: Decimal = 0) {
        self.offerID = offerID
        self.paymentMode = paymentMode
        self.period = period
        self.numberOfPeriods = numberOfPeriods
        self.price = price
    }
}

/// A subscription group: the products a user can hold one of at a time.
public struct SubscriptionGroup: Hashable, Codable, Sendable {
    public var id: String
    public var name: String
    /// Product ids of the group's subscriptions, in file order.
    public var productIDs: [String]

    public init(id: String, name: String, productIDs: [String]) {
        self.id = id
        self.name = name
        self.productIDs = productIDs
    }
}
