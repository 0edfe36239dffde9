import Foundation

/// The remote configuration: onboarding pages, offers, decision rules, limits and flags.
///
/// Every field is optional in JSON except `offers`; missing fields take the values of
/// `RemoteConfig.default`. See README "Remote config" for the format.
public struct RemoteConfig: Hashable, Codable, Sendable {
    /// Copy-key prefixes of the onboarding pages, in order (`onboarding.1` → `onboarding.1.title`, `.body`).
    public var onboardingPages: [String]
    /// The offers a paywall can show.
    public var offers: [OfferConfig]
    /// Ordered decision rules; the first whose condition matches picks the offer.
    public var rules: [OfferRule]
    /// The offer shown when no rule matches.
    public var defaultOffer: OfferID
    /// Free chat messages per local calendar day.
    public var dailyMessageLimit: Int
    /// Feature flag: when false, buying shows `notice.purchasesDisabled` instead of the sheet.
    public var purchasesEnabled: Bool
    /// How many canned chat replies exist (`chat.reply.1` … `chat.reply.N`).
    public var cannedReplyCount: Int
    /// How long a cached entitlement may stand in for an unreachable backend, in seconds.
    public var entitlementStalenessLimitSec: Int
    /// How long the app grants each non-renewing subscription, as ISO-8601 durations by product id
    /// (`{"com.acme.season": "P3M"}`): Apple's transactions for them carry no expiry, so the app
    /// decides. Products not named get one year.
    public var nonRenewingAccess: [String: String] = [:]
    /// Paid-to-freemium: customers whose `AppTransaction.originalApplicationVersion` is below this
    /// version bought the app when it was paid, and keep Premium for life (nil: no such rule).
    public var paidAppBeforeVersion: String?

    public init(onboardingPages: [String], offers: [OfferConfig], rules: [OfferRule], defaultOffer: OfferID,
                dailyMessageLimit: Int, purchasesEnabled: Bool, cannedReplyCount: Int,
                entitlementStalenessLimitSec: Int) {
        self.onboardingPages = onboardingPages
        self.offers = offers
        self.rules = rules
        self.defaultOffer = defaultOffer
        self.dailyMessageLimit = dailyMessageLimit
        self.purchasesEnabled = purchasesEnabled
        self.cannedReplyCount = cannedReplyCount
        self.entitlementStalenessLimitSec = entitlementStalenessLimitSec
    }

    /// The configuration of `id`, if the config has one.
    public func offer(_ id: OfferID) -> OfferConfig? { offers.first { $0.id == id } }

    /// Every product id any offer names, in first-seen order, without duplicates.
    public var allProductIDs: [String] {
        var seen = Set<String>()
        var ids: [String] = []
        for offer in offers {
            for id in offer.productIDs where !seen.contains(id) {
                seen.insert(id)
                ids.append(id)
            }
        }
        return ids
    }

    private enum CodingKeys: String, CodingKey {
        case onboardingPages, offers, rules, defaultOffer, dailyMessageLimit, purchasesEnabled,
             cannedReplyCount, entitlementStalenessLimitSec, nonRenewingAccess, paidAppBeforeVersion
    }

    public init(from decoder: any Decoder) throws {
        let base = RemoteConfig.default
        let c = try decoder.container(keyedBy: CodingKeys.self)
        onboardingPages = try c.decodeIfPresent([String].self, forKey: .onboardingPages) ?? base.onboardingPages
        offers = try c.decode([OfferConfig].self, forKey: .offers)
        rules = try c.decodeIfPresent([OfferRule].self, forKey: .rules) ?? []
        defaultOffer = try c.decodeIfPresent(OfferID.self, forKey: .defaultOffer) ?? base.defaultOffer
        dailyMessageLimit = try c.decodeIfPresent(Int.self, forKey: .dailyMessageLimit) ?? base.dailyMessageLimit
        purchasesEnabled = try c.decodeIfPresent(Bool.self, forKey: .purchasesEnabled) ?? base.purchasesEnabled
        cannedReplyCount = try c.decodeIfPresent(Int.self, forKey: .cannedReplyCount) ?? base.cannedReplyCount
        entitlementStalenessLimitSec = try c.decodeIfPresent(Int.self, forKey: .entitlementStalenessLimitSec)
            ?? base.entitlementStalenessLimitSec
        nonRenewingAccess = try c.decodeIfPresent([String: String].self, forKey: .nonRenewingAccess) ?? [:]
        paidAppBeforeVersion = try c.decodeIfPresent(String.self, forKey: .paidAppBeforeVersion)
    }

    /// `nonRenewingAccess` as periods (entries that do not parse are left out; `validate` refuses them).
    public var nonRenewingPeriods: [String: BillingPeriod] {
        nonRenewingAccess.compactMapValues { BillingPeriod(iso8601: $0) }
    }
}

/// One offer as the config describes it; the plans come from the store's catalog.
public struct OfferConfig: Hashable, Codable, Sendable {
    public var id: OfferID
    public var layoutVariant: LayoutVariant
    /// Store product ids, in the order the paywall lists them.
    public var productIDs: [String]
    /// The product selected when the paywall opens.
    public var defaultProductID: String
    /// Copy key of the offer's promise line, unless the paywall was opened for a reason of its own.
    public var promiseKey: String?
    /// A promotional offer this variant shows on one of its plans; the app asks its server to sign it.
    public var promotionalOffer: PromotionalOfferConfig?

    public init(id: OfferID, layoutVariant: LayoutVariant, productIDs: [String], defaultProductID: String,
                promiseKey: String? = nil, promotionalOffer: PromotionalOfferConfig? = nil) {
        self.promotionalOffer = promotionalOffer
        self.id = id
        self.layoutVariant = layoutVariant
        self.productIDs = productIDs
        self.defaultProductID = defaultProductID
        self.promiseKey = promiseKey
    }
}

/// A promotional offer on a paywall variant: `{"productID": "yearly_59_99", "offerID": "yearly_comeback_50"}`.
public struct PromotionalOfferConfig: Hashable, Codable, Sendable {
    public var productID: String
    /// The offer's identifier in the catalog (`adHocOffers`' `offerID`).
    public var offerID: String

    public init(productID: String, offerID: String) {
        self.productID = productID
        self.offerID = offerID
    }
}

/// A decision rule: when every field of `when` that is set matches, show `offer`.
public struct OfferRule: Hashable, Codable, Sendable {
    public var when: OfferCondition
    public var offer: OfferID

    public init(when: OfferCondition, offer: OfferID) {
        self.when = when
        self.offer = offer
    }
}

/// The condition of a rule; unset fields match anything, an empty condition always matches.
public struct OfferCondition: Hashable, Codable, Sendable {
    /// Matches when the risk level is exactly this.
    public var riskLevel: RiskLevel?
    /// Matches when the paywall was viewed at least this often in the last 7 days (before this view).
    public var minPaywallViews7d: Int?
    /// Matches when the user has spent at least this many seconds on the paywall.
    public var minTimeOnPaywallSec: Int?
    /// Matches when QA forced this offer (`--offer`).
    public var forced: OfferID?

    public init(riskLevel: RiskLevel? = nil, minPaywallViews7d: Int? = nil, minTimeOnPaywallSec: Int? = nil,
                forced: OfferID? = nil) {
        self.riskLevel = riskLevel
        self.minPaywallViews7d = minPaywallViews7d
        self.minTimeOnPaywallSec = minTimeOnPaywallSec
        self.forced = forced
    }
}
