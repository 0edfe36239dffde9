import Foundation

/// The VoIP app's tiers (seed 003's `SubscriptionTier`), lowest first.
public enum SubscriptionTier: String, Hashable, Codable, Sendable, CaseIterable, Comparable {
    case free, basic, premium, business

    /// The product id (`com.voipapp.basic.monthly`); `com.voipapp.free` is never sold.
    public var productID: String {
        switch self {
        case .free: return "com.voipapp.free"
        default: return "com.voipapp.\(rawValue).monthly"
        }
    }

    /// The tier a product id names, if any.
    public init?(productID: String) {
        guard let tier = Self.allCases.first(where: { $0.productID == productID }) else { return nil }
        self = tier
    }

    /// The features exactly as the seed lists them (business: `allFeatures` plus three more).
    public var declaredFeatures: Set<VoIPFeature> {
        switch self {
        case .free: return [.basicCalling, .limitedMinutes]
        case .basic: return [.basicCalling, .unlimitedDomestic, .callRecording]
        case .premium: return [.basicCalling, .unlimitedInternational, .callRecording, .videoCall, .groupCall, .customRingtones]
        case .business: return [.allFeatures, .prioritySupport, .analytics, .apiAccess]
        }
    }

    /// The declared features with `allFeatures` expanded to every capability.
    public var features: Set<VoIPFeature> {
        declaredFeatures.contains(.allFeatures) ? declaredFeatures.union(VoIPFeature.everyCapability) : declaredFeatures
    }

    /// Price per month in USD: 0, 4.99, 9.99, 29.99.
    public var monthlyPrice: Decimal {
        switch self {
        case .free: return 0
        case .basic: return Decimal(499) / 100
        case .premium: return Decimal(999) / 100
        case .business: return Decimal(2999) / 100
        }
    }

    /// Call minutes a month: 100, 1000, unlimited, unlimited (the seed's `freeMinutes`).
    public var minuteAllowance: MinuteAllowance {
        switch self {
        case .free: return .minutes(100)
        case .basic: return .minutes(1000)
        case .premium, .business: return .unlimited
        }
    }

    /// Whether this is a paid tier (the seed's `SubscriptionManager.isPremium`: no ads).
    public var isSubscriber: Bool { self != .free }

    /// Copy key of the tier's name (`voip.tier.premium`).
    public var copyKey: String { "voip.tier.\(rawValue)" }

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: SubscriptionTier, rhs: SubscriptionTier) -> Bool { lhs.rank < rhs.rank }
}
