import Foundation
import PaywallFoundation

extension RemoteConfig {
    /// The embedded configuration used when no config file is given.
    ///
    /// Offers: A (list: `weekly_9_99`, `yearly_59_99` with a 1-week free trial; default yearly),
    /// B (cards, no free trial: `weekly_9_99`, `monthly_14_99`; default monthly),
    /// C (focus layout, discount promise: `yearly_59_99`, `monthly_14_99`; default yearly; the store's
    /// promotional price is not applied by the core).
    /// These are the products of the store's embedded catalog. Onboarding pages are copy-key prefixes
    /// (`onboarding.1` → `onboarding.1.title`, `onboarding.1.body`).
    /// Rules: a forced offer wins, then high risk → B, then 3+ paywall views in 7 days → C, else A.
    public static let `default` = RemoteConfig(
        onboardingPages: ["onboarding.1", "onboarding.2", "onboarding.3"],
        offers: [
            OfferConfig(id: .A, layoutVariant: .list, productIDs: ["weekly_9_99", "yearly_59_99"],
                        defaultProductID: "yearly_59_99", promiseKey: "paywall.promise.default"),
            OfferConfig(id: .B, layoutVariant: .cards, productIDs: ["weekly_9_99", "monthly_14_99"],
                        defaultProductID: "monthly_14_99", promiseKey: "paywall.promise.noTrial"),
            OfferConfig(id: .C, layoutVariant: .focus, productIDs: ["yearly_59_99", "monthly_14_99"],
                        defaultProductID: "yearly_59_99", promiseKey: "paywall.promise.discount"),
        ],
        rules: [
            OfferRule(when: OfferCondition(forced: .A), offer: .A),
            OfferRule(when: OfferCondition(forced: .B), offer: .B),
            OfferRule(when: OfferCondition(forced: .C), offer: .C),
            OfferRule(when: OfferCondition(riskLevel: .high), offer: .B),
            OfferRule(when: OfferCondition(minPaywallViews7d: 3), offer: .C),
        ],
        defaultOffer: .A,
        dailyMessageLimit: 10,
        purchasesEnabled: true,
        cannedReplyCount: 5,
        entitlementStalenessLimitSec: 86_400
    )

    /// Decodes a config file's bytes; `path` names the file in error messages.
    public static func decode(from data: Data, path: String) throws -> RemoteConfig {
        let config: RemoteConfig
        do {
            config = try LocatedJSONDecoder().decode(RemoteConfig.self, from: data)
        } catch {
            throw RemoteConfigError(path: path, message: error.description)
        }
        try config.validate(path: path)
        return config
    }

    /// Checks what JSON decoding cannot: references between offers and rules, and positive limits.
    public func validate(path: String) throws {
        func fail(_ message: String) -> RemoteConfigError { RemoteConfigError(path: path, message: message) }
        if offers.isEmpty { throw fail("\"offers\" is empty, expected at least one offer") }
        var seen = Set<OfferID>()
        for offer in offers {
            if !seen.insert(offer.id).inserted { throw fail("offer \(offer.id.rawValue) is defined twice") }
            if offer.productIDs.isEmpty {
                throw fail("offer \(offer.id.rawValue) has no \"productIDs\", expected at least one product id")
            }
            if !offer.productIDs.contains(offer.defaultProductID) {
                throw fail("offer \(offer.id.rawValue): \"defaultProductID\" \"\(offer.defaultProductID)\" is not one of its productIDs \(offer.productIDs)")
            }
        }
        if self.offer(defaultOffer) == nil {
            throw fail("\"defaultOffer\" \(defaultOffer.rawValue) is not among the offers \(offers.map(\.id.rawValue))")
        }
        for (product, text) in nonRenewingAccess.sorted(by: { $0.key < $1.key }) where BillingPeriod(iso8601: text) == nil {
            throw fail("nonRenewingAccess[\"\(product)\"]: \"\(text)\" is no duration, expected ISO-8601 such as P1M or P1Y")
        }
        for (index, rule) in rules.enumerated() where self.offer(rule.offer) == nil {
            throw fail("rules[\(index)] names offer \(rule.offer.rawValue), which is not among the offers")
        }
        if dailyMessageLimit < 0 { throw fail("\"dailyMessageLimit\" is \(dailyMessageLimit), expected 0 or more") }
        if cannedReplyCount < 1 { throw fail("\"cannedReplyCount\" is \(cannedReplyCount), expected 1 or more") }
        if entitlementStalenessLimitSec < 0 {
            throw fail("\"entitlementStalenessLimitSec\" is \(entitlementStalenessLimitSec), expected 0 or more")
        }
    }
}

/// A remote-config file that could not be used, with the file and what is wrong.
public struct RemoteConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path:line:col: message` when the message has a place, `path: message` otherwise.
    public var description: String { "\(path):\(message.first?.isNumber == true ? "" : " ")\(message)" }
}
