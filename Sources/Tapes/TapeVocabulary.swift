import PaywallFoundation
import Foundation
import PaywallCore
import StoreSim
import SimRuntime

/// The fixed words of the tape language, and "did you mean" suggestions for near misses.
public enum TapeVocabulary {
    /// Command names that start a line.
    public static let commands = [
        "Set", "Key", "Type", "Sleep", "Wait", "Expect", "ExpectNot", "ExpectState", "ExpectEntitled", "ExpectStatus",
        "ExpectEvent", "ExpectNotEvent", "ExpectQuota", "ExpectStoreError", "Store", "Relaunch", "Snapshot", "Screenshot", "Output", "Hide", "Show", "Matrix", "Include",
    ]

    /// Settings after `Set`.
    public static let settings = [
        "Size", "Theme", "Locale", "StoreKit", "Copy", "Config", "Offer", "Start", "Now", "TimeZone",
        "Storefront", "Store", "Backend", "Profile", "TypingSpeed", "Pause",
    ]

    /// Store settings after `Set Store`.
    public static let storeSettings = StoreSwitch.allCases.map(\.rawValue)
    /// `ExpectStatus` states: StoreKit's `RenewalState`, or `none` (never subscribed).
    public static let subscriptionStates = ["none", "subscribed", "expired", "inBillingRetryPeriod", "inGracePeriod", "revoked"]
    /// `Set Store Error` APIs: StoreKit Testing's nine (`StoreKitTestAPI`).
    public static let storeKitAPIs = StoreKitTestAPI.allCases.map(\.rawValue)
    /// `ExpectStoreError` names: every StoreKit error a simulated API can fail with, the purchase
    /// errors, then the store's named refusals (`StoreControlError.Refusal`), each once.
    public static let storeRefusals: [String] = {
        var seen = Set<String>()
        let names = storeErrors + StoreKitTestAPI.allCases.flatMap(\.allowedErrors) + StoreControlError.Refusal.allCases.map(\.rawValue)
        return names.filter { seen.insert($0).inserted }
    }()
    /// `Set Store GracePeriod` values: App Store Connect's choices, or off.
    public static let gracePeriods = ["off", "3d", "16d", "28d"]

    /// Flow state names `ExpectState` accepts (`PaywallCore.FlowState.name`).
    public static let flowStates = FlowState.Name.allCases.map(\.rawValue)

    /// `SKTestSession.TimeRate` case names `Set Store TimeRate` accepts (`StoreSim.TimeRate`).
    public static let timeRates = TimeRate.allCases.map { "\($0)" }

    /// StoreKit 2 error names `Set Store Fail` accepts (`StoreKitError` and `Product.PurchaseError` cases).
    public static let storeErrors = [
        "unknown", "userCancelled", "networkError", "systemError", "notAvailableInStorefront", "notEntitled",
        "unsupported", "invalidQuantity", "productUnavailable", "purchaseNotAllowed", "ineligibleForOffer",
        "invalidOfferIdentifier", "invalidOfferPrice", "invalidOfferSignature", "missingOfferParameters",
    ]

    /// The closest candidate to `word` when it is a plausible typo (see `Spelling`).
    public static func suggestion(for word: String, in candidates: [String]) -> String? {
        Spelling.suggestion(for: word, in: candidates)
    }

    /// `, did you mean 'X'?` or an empty string.
    public static func didYouMean(_ word: String, in candidates: [String]) -> String {
        Spelling.didYouMean(word, in: candidates)
    }
}
