import PaywallFoundation
import Foundation
import StoreKitVocabulary

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
    /// Price overrides per storefront (ISO-3166 alpha-3 → price in that storefront's currency).
    ///
    /// `.storekit` files have one price; the embedded catalog adds local tiers (CHN ¥68.00, KOR ₩12,000).
    /// A storefront without an entry uses `price`.
    public var prices: [String: Decimal]
    /// Set when the file gives no price (`"displayPrice": ""`, which Xcode accepts): the product is
    /// shown as unpriced, never as free; nil or false: priced.
    public var unpriced: Bool?

    /// Set when the file gives the product no localization at all (`"localizations": []`): StoreKit
    /// names it with an empty `displayName`, never its `referenceName`; nil or false: named by its localizations.
    public var unnamed: Bool?

    /// Whether the file gave the product no price.
    public var isUnpriced: Bool { unpriced == true }

    public init(id: String, referenceName: String, kind: Kind, price: Decimal, familyShareable: Bool = false,
                localizations: [ProductLocalization] = [], subscription: SubscriptionInfo? = nil,
                prices: [String: Decimal] = [:]) {
        self.id = id
        self.referenceName = referenceName
        self.kind = kind
        self.price = price
        self.familyShareable = familyShareable
        self.localizations = localizations
        self.subscription = subscription
        self.prices = prices
    }

    /// The price in `storefront` (alpha-3, any case): its override if the product has one, else `price`.
    public func price(in storefront: String) -> Decimal {
        prices[storefront.uppercased()] ?? price
    }

    /// The best localization for `locale` (see `LocaleCode.bestMatch`), or nil if the product has none.
    public func localization(for locale: String) -> ProductLocalization? {
        LocaleCode.bestMatch(for: locale, among: localizations, code: \.locale)
    }

    /// The display name for `locale` as StoreKit gives it: its best localization's, empty when that
    /// is empty or when its file gives it no localization (a customer sees no name; the catalog
    /// warns); a product built in code with no localization falls back to its reference name, then its id.
    public func displayName(for locale: String) -> String {
        if let localization = localization(for: locale) { return localization.displayName }
        if unnamed == true { return "" }
        return referenceName.isEmpty ? id : referenceName
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
    /// The introductory offer a new subscriber gets (the first of `introductoryOffers`).
    public var introductoryOffer: SubscriptionOffer?
    /// Promotional (ad hoc) offers, redeemed by `offerID`.
    public var promotionalOffers: [SubscriptionOffer]
    /// Every introductory offer of the file (v5+ `introductoryOffers` may hold one per billing plan).
    public var introductoryOffers: [SubscriptionOffer]
    /// Offer codes (`codeOffers`); kept for listing, not redeemable in the simulator yet.
    public var codeOffers: [SubscriptionOffer]
    /// Win-back offers (`winbackOffers`, v4+); kept for listing.
    public var winbackOffers: [SubscriptionOffer]

    public init(groupID: String, level: Int, period: BillingPeriod, introductoryOffer: SubscriptionOffer? = nil,
                promotionalOffers: [SubscriptionOffer] = [], introductoryOffers: [SubscriptionOffer]? = nil,
                codeOffers: [SubscriptionOffer] = [], winbackOffers: [SubscriptionOffer] = []) {
        self.groupID = groupID
        self.level = level
        self.period = period
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
        self.introductoryOffers = introductoryOffers ?? (introductoryOffer.map { [$0] } ?? [])
        self.codeOffers = codeOffers
        self.winbackOffers = winbackOffers
    }

    /// The promotional offer redeemed with `offerID`, if any.
    public func promotionalOffer(_ offerID: String) -> SubscriptionOffer? {
        promotionalOffers.first { $0.offerID == offerID }
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
    /// Which list of the file the offer came from.
    public var kind: Kind
    /// The offer's internal label (`referenceName`), empty for introductory offers.
    public var referenceName: String
    /// Who may redeem an offer code: `new`, `existing`, `expired` (code offers only).
    public var eligibility: [String]
    /// v5+ billing plan the offer belongs to (`BILLED_UPFRONT`, `MONTHLY`), if the file names one.
    public var billingPlanType: String?
    /// Offer price overrides per storefront (alpha-3), like `StoreProduct.prices`.
    public var prices: [String: Decimal]

    /// The kinds of subscription offer a `.storekit` file lists.
    public enum Kind: String, Hashable, Codable, Sendable, CaseIterable {
        case introductory, promotional, code, winback
    }

    public init(offerID: String? = nil, paymentMode: TrialTerms.PaymentMode, period: BillingPeriod,
                numberOfPeriods: Int = 1, price: Decimal = 0, kind: Kind? = nil, referenceName: String = "",
                eligibility: [String] = [], billingPlanType: String? = nil, prices: [String: Decimal] = [:]) {
        self.offerID = offerID
        self.paymentMode = paymentMode
        self.period = period
        self.numberOfPeriods = numberOfPeriods
        self.price = price
        self.kind = kind ?? (offerID == nil ? .introductory : .promotional)
        self.referenceName = referenceName
        self.eligibility = eligibility
        self.billingPlanType = billingPlanType
        self.prices = prices
    }

    /// The offer price in `storefront` (alpha-3): its override if any, else `price`.
    public func price(in storefront: String) -> Decimal {
        prices[storefront.uppercased()] ?? price
    }
}

/// A subscription group: the products a user can hold one of at a time.
public struct SubscriptionGroup: Hashable, Codable, Sendable {
    public var id: String
    public var name: String
    /// Product ids of the group's subscriptions, in file order.
    public var productIDs: [String]
    /// The group's display name per locale (usually empty in `.storekit` files).
    public var localizations: [ProductLocalization]

    public init(id: String, name: String, productIDs: [String], localizations: [ProductLocalization] = []) {
        self.id = id
        self.name = name
        self.productIDs = productIDs
        self.localizations = localizations
    }
}
