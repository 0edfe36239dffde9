import Foundation

/// The fixed words of the tape language, and "did you mean" suggestions for near misses.
public enum TapeVocabulary {
    /// Command names that start a line.
    public static let commands = [
        "Set", "Key", "Type", "Sleep", "Wait", "Expect", "ExpectNot", "ExpectState", "ExpectEntitled",
        "ExpectEvent", "ExpectQuota", "Store", "Relaunch", "Snapshot", "Include",
    ]

    /// Settings after `Set`.
    public static let settings = [
        "Size", "Theme", "Locale", "StoreKit", "Copy", "Config", "Offer", "Start", "Now", "TimeZone",
        "Store", "Backend", "Profile",
    ]

    /// Store settings after `Set Store`.
    public static let storeSettings = ["AskToBuy", "Fail", "Unverified", "TimeRate"]

    /// Flow state names `ExpectState` accepts (`PaywallCore.FlowState.name`).
    public static let flowStates = [
        "onboarding", "valuePreview", "proof", "paywall", "purchasing", "purchased", "skipped", "error",
        "chat", "idle", "configReady",
    ]

    /// `SKTestSession.TimeRate` case names `Set Store TimeRate` accepts (mirrors `StoreSim.TimeRate`).
    public static let timeRates = [
        "realTime", "oneHourIsOneDay", "thirtyMinutesIsOneDay", "fiveMinutesIsOneDay", "oneMinuteIsOneDay",
        "thirtySecondsIsOneDay", "oneSecondIsOneDay", "monthlyRenewalEveryHour",
        "monthlyRenewalEveryThirtyMinutes", "monthlyRenewalEveryFifteenMinutes",
        "monthlyRenewalEveryFiveMinutes", "monthlyRenewalEveryThirtySeconds", "oneRenewalEveryFifteenMinutes",
        "oneRenewalEveryFiveMinutes", "oneRenewalEveryOneMinute", "oneRenewalEveryThirtySeconds",
        "oneRenewalEveryTenSeconds", "oneRenewalEveryTwoSeconds",
    ]

    /// StoreKit 2 error names `Set Store Fail` accepts (`StoreKitError` and `Product.PurchaseError` cases).
    public static let storeErrors = [
        "unknown", "userCancelled", "networkError", "systemError", "notAvailableInStorefront", "notEntitled",
        "unsupported", "invalidQuantity", "productUnavailable", "purchaseNotAllowed", "ineligibleForOffer",
        "invalidOfferIdentifier", "invalidOfferPrice", "invalidOfferSignature", "missingOfferParameters",
    ]

    /// The closest candidate to `word` when it is a plausible typo (same letters ignoring case, or a small edit).
    public static func suggestion(for word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let same = candidates.first(where: { $0.lowercased() == lower }) { return same }
        guard !word.isEmpty, word.count <= 64 else { return nil }
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lower, candidate.lowercased())
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        let allowed = max(1, min(3, candidate.count / 3))
        return distance <= allowed ? candidate : nil
    }

    /// `, did you mean 'X'?` or an empty string.
    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        suggestion(for: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance between two strings, by character.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
