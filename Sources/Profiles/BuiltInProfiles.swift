import Foundation
import PaywallCore
import StoreSim

/// The profiles built into the simulator, one per seed app.
public enum BuiltInProfiles {
    /// `chat`, `voip`, `templates`.
    public static let names = ["chat", "voip", "templates"]

    /// Every built-in profile, in `names` order.
    public static var all: [Profile] { names.compactMap(named) }

    /// The built-in profile called `name`, if there is one.
    public static func named(_ name: String) -> Profile? {
        switch name {
        case "chat": return chat
        case "voip": return voip
        case "templates": return templates
        default: return nil
        }
    }

    /// Seed 001: DeepSeek-style chat membership with Apple Pay and a daily limit of 10 messages.
    public static let chat = Profile(
        name: "chat", appName: "DeepSeek", catalog: .builtIn("chat"),
        limits: ProfileLimits(dailyMessageLimit: ChatMembership.dailyMessageLimit),
        features: ChatMembership.benefits.map(\.feature),
        screens: ProfileScreen.coreFlow + [.memberStatus, .applePay],
        applePay: ApplePayConfig(merchantIdentifier: "merchant.com.paywallsim.chat",
                                 supportedNetworks: [.visa, .masterCard, .chinaUnionPay],
                                 countryCode: "CN", currencyCode: "CNY"))

    /// Seed 003: VoIP tiers with a feature gate, ads, usage billing and receipt validation.
    public static let voip = Profile(
        name: "voip", appName: "VoIP", catalog: .builtIn("voip"),
        limits: ProfileLimits(minuteAllowances: Dictionary(uniqueKeysWithValues: SubscriptionTier.allCases.map {
            ($0.rawValue, $0.minuteAllowance)
        })),
        features: VoIPFeature.allCases.map(\.rawValue),
        screens: [.onboarding, .paywall, .featureGate, .usage, .ads])

    /// Seed 002: per-template purchases and a Pro subscription.
    public static let templates = Profile(
        name: "templates", appName: "Templates", catalog: .builtIn("templates"),
        features: TemplatesCatalog.templates.map(\.id) + ["pro"],
        screens: [.onboarding, .paywall, .templates],
        premiumProducts: [TemplatesCatalog.proMonthlyID, TemplatesCatalog.proYearlyID])

    /// A built-in catalog by id: `embedded`, `chat`, `voip`, `templates`.
    public static func catalog(_ id: String) -> StoreCatalog? {
        switch id {
        case "embedded": return StoreCatalog.embedded
        case "chat": return ChatCatalog.catalog
        case "voip": return VoIPCatalog.catalog
        case "templates": return TemplatesCatalog.catalog
        default: return nil
        }
    }

    /// The remote config that goes with a built-in catalog (the embedded default for `embedded` or unknown ids).
    public static func config(forCatalog id: String) -> RemoteConfig {
        switch id {
        case "chat":
            return offers(ids: [ChatCatalog.monthlyID, ChatCatalog.quarterlyID, ChatCatalog.yearlyID],
                          defaultID: ChatCatalog.yearlyID, focus: ChatCatalog.yearlyID, dailyLimit: ChatMembership.dailyMessageLimit)
        case "voip":
            let ids = [SubscriptionTier.basic, .premium, .business].map(\.productID)
            return offers(ids: ids, defaultID: SubscriptionTier.premium.productID, focus: SubscriptionTier.premium.productID,
                          dailyLimit: RemoteConfig.default.dailyMessageLimit)
        case "templates":
            return offers(ids: [TemplatesCatalog.proMonthlyID, TemplatesCatalog.proYearlyID], defaultID: TemplatesCatalog.proYearlyID,
                          focus: TemplatesCatalog.proYearlyID, dailyLimit: RemoteConfig.default.dailyMessageLimit)
        default:
            return RemoteConfig.default
        }
    }

    /// Offers A (list, every plan), B (cards, every plan) and C (focus on one plan), with the default rules.
    private static func offers(ids: [String], defaultID: String, focus: String, dailyLimit: Int) -> RemoteConfig {
        var config = RemoteConfig.default
        config.offers = [
            OfferConfig(id: .A, layoutVariant: .list, productIDs: ids, defaultProductID: defaultID, promiseKey: "paywall.promise.default"),
            OfferConfig(id: .B, layoutVariant: .cards, productIDs: ids, defaultProductID: defaultID, promiseKey: "paywall.promise.noTrial"),
            OfferConfig(id: .C, layoutVariant: .focus, productIDs: [focus], defaultProductID: focus, promiseKey: "paywall.promise.discount"),
        ]
        config.dailyMessageLimit = dailyLimit
        return config
    }
}
