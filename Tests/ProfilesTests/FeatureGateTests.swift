import Foundation
import Testing
@testable import Profiles

@Suite struct FeatureGateTests {
    /// Every feature × tier: `✓` allowed, a tier name the upgrade prompt names, `-` not applicable.
    static let table: [(VoIPFeature, [String])] = [
        //                         free        basic       premium     business
        (.basicCalling,           ["✓",        "✓",        "✓",        "✓"]),
        (.limitedMinutes,         ["✓",        "-",        "-",        "-"]),
        (.unlimitedDomestic,      ["basic",    "✓",        "business", "✓"]),
        (.callRecording,          ["basic",    "✓",        "✓",        "✓"]),
        (.unlimitedInternational, ["premium",  "premium",  "✓",        "✓"]),
        (.videoCall,              ["premium",  "premium",  "✓",        "✓"]),
        (.groupCall,              ["premium",  "premium",  "✓",        "✓"]),
        (.customRingtones,        ["premium",  "premium",  "✓",        "✓"]),
        (.allFeatures,            ["business", "business", "business", "✓"]),
        (.prioritySupport,        ["business", "business", "business", "✓"]),
        (.analytics,              ["business", "business", "business", "✓"]),
        (.apiAccess,              ["business", "business", "business", "✓"]),
    ]

    @Test func theTableCoversEveryFeature() {
        #expect(Self.table.map(\.0) == VoIPFeature.allCases)
    }

    @Test func everyFeatureTimesEveryTier() {
        for (feature, row) in Self.table {
            for (tier, expected) in zip(SubscriptionTier.allCases, row) {
                let decision = FeatureGate.request(feature, tier: tier)
                switch expected {
                case "✓":
                    #expect(decision == .allowed, "\(feature) on \(tier)")
                    #expect(FeatureGate.canUse(feature, tier: tier))
                case "-":
                    #expect(decision == .notApplicable, "\(feature) on \(tier)")
                    #expect(!FeatureGate.canUse(feature, tier: tier))
                default:
                    let upgrade = SubscriptionTier(rawValue: expected)
                    #expect(upgrade != nil)
                    #expect(decision == .upgradePrompt(feature: feature, tier: upgrade ?? .free), "\(feature) on \(tier)")
                    #expect(!FeatureGate.canUse(feature, tier: tier))
                }
            }
        }
    }

    @Test func minimumTierIsTheSeedsLowestTierWithTheFeature() {
        #expect(FeatureGate.minimumTier(for: .basicCalling) == .free)
        #expect(FeatureGate.minimumTier(for: .unlimitedDomestic) == .basic)
        #expect(FeatureGate.minimumTier(for: .callRecording) == .basic)
        #expect(FeatureGate.minimumTier(for: .videoCall) == .premium)
        #expect(FeatureGate.minimumTier(for: .apiAccess) == .business)
        #expect(FeatureGate.minimumTier(for: .limitedMinutes) == .free)
    }

    @Test func tiersKeepTheSeedsPricesAllowancesAndProducts() {
        #expect(SubscriptionTier.allCases.map(\.monthlyPrice) == [0, 4.99, 9.99, 29.99].map { Decimal(string: "\($0)")! })
        #expect(SubscriptionTier.allCases.map(\.minuteAllowance) == [.minutes(100), .minutes(1000), .unlimited, .unlimited])
        #expect(SubscriptionTier.basic.productID == "com.voipapp.basic.monthly")
        #expect(SubscriptionTier(productID: "com.voipapp.business.monthly") == .business)
        #expect(SubscriptionTier.business.declaredFeatures == [.allFeatures, .prioritySupport, .analytics, .apiAccess])
        #expect(VoIPCatalog.catalog.products.map(\.id) ==
                ["com.voipapp.basic.monthly", "com.voipapp.premium.monthly", "com.voipapp.business.monthly"])
        #expect(VoIPCatalog.catalog.product("com.voipapp.premium.monthly")?.price == Decimal(string: "9.99"))
    }

    @Test func thePromptNamesFeatureAndTier() {
        let line = FeatureGate.promptMessage(featureName: "Video calls", tierName: "Premium")
        #expect(line.key == "voip.upgrade.message")
        #expect(line.arguments == ["Video calls", "Premium"])
    }
}
