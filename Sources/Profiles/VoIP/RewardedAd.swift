import Foundation

/// A simulated rewarded ad that grants free call minutes (seed 003's `showRewardedAdForMinutes`).
///
/// Deterministic: whether an ad is available comes from an injected generator, the day from the
/// injected time and zone. Subscribers never see ads.
public struct RewardedAd: Hashable, Sendable {
    /// Minutes one watched ad grants (the ad's `reward.amount`).
    public var minutesPerAd: Int
    /// Ads a user may watch per local day.
    public var dailyCap: Int
    /// Chance that an ad is loaded when asked, 0…1 (1: always).
    public var fillRate: Double

    public init(minutesPerAd: Int = 10, dailyCap: Int = 3, fillRate: Double = 1) {
        self.minutesPerAd = minutesPerAd
        self.dailyCap = dailyCap
        self.fillRate = fillRate
    }

    /// How many ads were watched on which local day.
    public struct Ledger: Hashable, Codable, Sendable {
        public var day: String
        public var watched: Int
        public init(day: String = "", watched: Int = 0) {
            self.day = day
            self.watched = watched
        }
    }

    /// What happened when the user asked for an ad.
    public enum Result: Hashable, Sendable {
        /// The ad was watched to the end; `minutes` were added.
        case rewarded(minutes: Int)
        /// Subscribers have no ads.
        case notForSubscribers
        /// No ad was loaded (the seed's `completion(0)`).
        case noFill
        /// The daily cap is reached.
        case dailyCapReached
        /// The user closed the ad early: nothing is granted.
        case closedEarly
    }

    /// Plays one ad for `tier` at `now`: checks subscriber, cap and fill, then the user's choice to watch.
    /// Returns the result and the updated ledger; only `.rewarded` counts against the cap.
    public func show<G: RandomNumberGenerator>(tier: SubscriptionTier, watchesToEnd: Bool, ledger: Ledger, now: Date,
                                               timeZone: TimeZone, generator: inout G) -> (Result, Ledger) {
        guard !tier.isSubscriber else { return (.notForSubscribers, ledger) }
        let today = Self.day(of: now, in: timeZone)
        var ledger = ledger.day == today ? ledger : Ledger(day: today, watched: 0)
        guard ledger.watched < dailyCap else { return (.dailyCapReached, ledger) }
        guard Double.random(in: 0..<1, using: &generator) < fillRate else { return (.noFill, ledger) }
        guard watchesToEnd else { return (.closedEarly, ledger) }
        ledger.watched += 1
        return (.rewarded(minutes: minutesPerAd), ledger)
    }

    /// The message: `voip.ad.rewarded.granted` [minutes], `voip.ad.noFill`, `voip.ad.dailyCap`,
    /// `voip.ad.closedEarly`; nil for subscribers (nothing is shown).
    public static func copy(for result: Result) -> CopyLine? {
        switch result {
        case .rewarded(let minutes): return CopyLine("voip.ad.rewarded.granted", .integer(minutes))
        case .notForSubscribers: return nil
        case .noFill: return CopyLine("voip.ad.noFill")
        case .dailyCapReached: return CopyLine("voip.ad.dailyCap")
        case .closedEarly: return CopyLine("voip.ad.closedEarly")
        }
    }

    static func day(of date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
