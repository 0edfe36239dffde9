import Foundation

/// One month's usage (seed 003's `MonthlyUsage`).
public struct MonthlyUsage: Hashable, Codable, Sendable {
    public var totalMinutes: Int
    public var totalDataGB: Double

    public init(totalMinutes: Int = 0, totalDataGB: Double = 0) {
        self.totalMinutes = totalMinutes
        self.totalDataGB = totalDataGB
    }
}

/// Counts call minutes and data per calendar month (in the injected zone), plus bonus minutes from ads.
public struct UsageMeter: Hashable, Codable, Sendable {
    /// The month counted, `yyyy-MM`.
    public private(set) var month: String
    public private(set) var usage: MonthlyUsage
    /// Free minutes earned from rewarded ads this month.
    public private(set) var bonusMinutes: Int

    public init(month: String = "", usage: MonthlyUsage = MonthlyUsage(), bonusMinutes: Int = 0) {
        self.month = month
        self.usage = usage
        self.bonusMinutes = bonusMinutes
    }

    /// Records a finished call at `now`; a new month starts from zero. Negative amounts count as zero.
    public mutating func recordCall(minutes: Int, dataGB: Double, now: Date, timeZone: TimeZone) {
        rollOver(now: now, timeZone: timeZone)
        usage.totalMinutes += max(0, minutes)
        if dataGB.isFinite { usage.totalDataGB += max(0, dataGB) }
    }

    /// Adds minutes a rewarded ad granted.
    public mutating func addBonus(minutes: Int, now: Date, timeZone: TimeZone) {
        rollOver(now: now, timeZone: timeZone)
        bonusMinutes += max(0, minutes)
    }

    /// Minutes left this month under `allowance` (nil: unlimited).
    public func remainingMinutes(allowance: MinuteAllowance) -> Int? {
        guard case .minutes(let included) = allowance else { return nil }
        return max(0, included + bonusMinutes - usage.totalMinutes)
    }

    private mutating func rollOver(now: Date, timeZone: TimeZone) {
        let current = String(RewardedAd.day(of: now, in: timeZone).prefix(7))
        if current != month {
            month = current
            usage = MonthlyUsage()
            bonusMinutes = 0
        }
    }
}
