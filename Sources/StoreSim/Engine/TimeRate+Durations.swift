import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// How long subscription periods, billing grace periods and billing retry last on the simulated
/// clock at each `SKTestSession.TimeRate`: Apple's tables, one row per rate (`AppleTimeRateTable`).
extension TimeRate {
    /// Seconds one simulated day lasts for the "N is one day" rates; nil for the others.
    public var secondsPerDay: TimeInterval? {
        switch self {
        case .oneHourIsOneDay: return 3600
        case .thirtyMinutesIsOneDay: return 1800
        case .fiveMinutesIsOneDay: return 300
        case .oneMinuteIsOneDay: return 60
        case .thirtySecondsIsOneDay: return 30
        case .oneSecondIsOneDay: return 1
        default: return nil
        }
    }

    /// Apple's table for the "monthly renewal every X" and "one renewal every X" rates; nil for
    /// real time and the (deprecated, table-less) "N is one day" rates.
    public var appleTable: AppleTimeRateTable? { AppleTimeRateTable.rows[self] }

    /// The simulated length of `period`, or nil at real time (use the calendar).
    ///
    /// Apple's tables: weekly, monthly, bimonthly, quarterly, semiannual and annual periods at the
    /// monthly rates (a week is not a fixed share of a month: 15 minutes at the hourly rate, 3 at
    /// the five-minute one); every period alike at the "one renewal every X" rates. Other lengths
    /// scale from their unit's row (2 weeks: twice the weekly row); days, which Apple's tables do
    /// not list (offer periods such as 3 days), are a thirtieth of a month. "N is one day": a day
    /// is N, a week 7 days, a month 30 days, a year 365 days.
    public func scaledDuration(of period: BillingPeriod) -> TimeInterval? {
        let n = Double(period.value)
        if let day = secondsPerDay {
            switch period.unit {
            case .day: return n * day
            case .week: return n * 7 * day
            case .month: return n * 30 * day
            case .year: return n * 365 * day
            }
        }
        guard let table = appleTable else { return nil }
        if let every = table.everyPeriod { return every }
        switch period.unit {
        case .day: return n * table.monthly / 30
        case .week: return n * table.weekly
        case .month: return n * table.monthly
        case .year: return n * 12 * table.monthly
        }
    }

    /// `date` moved forward by `count` times `period` at this rate.
    public func advance(_ date: Date, by period: BillingPeriod, count: Int = 1) -> Date {
        if let seconds = scaledDuration(of: period) { return date.addingTimeInterval(seconds * Double(count)) }
        let scaled = BillingPeriod(value: period.value * max(count, 1), unit: period.unit)
        return scaled.advance(date, in: FixedOffsetCalendar.utc)
    }

    /// The simulated length of `days` real days: scaled like a day period (a thirtieth of a month
    /// at the monthly rates, a thirtieth of the renewal at the fixed ones).
    public func scaledDays(_ days: Int) -> TimeInterval {
        if let every = appleTable?.everyPeriod { return every * Double(days) / 30 }
        return scaledDuration(of: BillingPeriod(value: days, unit: .day)) ?? Double(days) * 86_400
    }

    /// The billing grace period of a subscription renewing every `period`, with `chosenDays` the
    /// length App Store Connect sets (3, 16 or 28; Xcode's default 16). Real time: the chosen days,
    /// and for a weekly subscription 6 days (3 when 3 is chosen), as App Store Connect offers them.
    /// Fast rates: Apple's table (one length for weekly subscriptions, one for all others).
    public func gracePeriod(renewingEvery period: BillingPeriod, chosenDays: Int) -> TimeInterval {
        let weekly = period.unit == .week || (period.unit == .day && period.value <= 7)
        if let table = appleTable { return weekly ? table.weeklyGrace : table.grace }
        let days = weekly ? min(chosenDays, chosenDays <= 3 ? 3 : 6) : chosenDays
        return scaledDays(days)
    }

    /// How long the App Store retries billing after a failed renewal: 60 days at real time, Apple's
    /// table at the fast rates.
    public var billingRetryPeriod: TimeInterval {
        appleTable?.billingRetry ?? scaledDays(60)
    }
}

/// One row of Apple's `SKTestSession.TimeRate` tables: renewal time of a weekly and a monthly
/// subscription (or of every period), the billing grace periods and the billing retry period.
///
/// From Apple's page of each case (developer.apple.com/documentation/storekittest/sktestsession/
/// timerate-swift.enum/<case>); `docs/reference/time-rates.md` shows the table and its sources.
public struct AppleTimeRateTable: Hashable, Sendable {
    /// A weekly subscription's renewal time (seconds).
    public var weekly: TimeInterval
    /// A monthly subscription's renewal time (bimonthly 2×, quarterly 3×, semiannual 6×, annual 12×).
    public var monthly: TimeInterval
    /// Every period alike (the "one renewal every X" rates); nil at the monthly rates.
    public var everyPeriod: TimeInterval?
    /// "Grace period for subscriptions with a weekly renewal period".
    public var weeklyGrace: TimeInterval
    /// "Grace period for subscriptions with all other renewal periods".
    public var grace: TimeInterval
    /// "Billing retry period".
    public var billingRetry: TimeInterval

    static func monthly(weekly: TimeInterval, monthly: TimeInterval, weeklyGrace: TimeInterval, grace: TimeInterval,
                        retry: TimeInterval) -> AppleTimeRateTable {
        AppleTimeRateTable(weekly: weekly, monthly: monthly, everyPeriod: nil, weeklyGrace: weeklyGrace, grace: grace, billingRetry: retry)
    }

    static func every(_ seconds: TimeInterval, retry: TimeInterval) -> AppleTimeRateTable {
        AppleTimeRateTable(weekly: seconds, monthly: seconds, everyPeriod: seconds, weeklyGrace: seconds, grace: seconds, billingRetry: retry)
    }

    /// The rows, as Apple's pages give them (minutes and seconds written out as seconds).
    static let rows: [TimeRate: AppleTimeRateTable] = [
        .monthlyRenewalEveryHour: .monthly(weekly: 15 * 60, monthly: 3600, weeklyGrace: 12 * 60 + 51, grace: 30 * 60, retry: 2 * 3600),
        .monthlyRenewalEveryThirtyMinutes: .monthly(weekly: 10 * 60, monthly: 30 * 60, weeklyGrace: 8 * 60 + 34, grace: 15 * 60, retry: 3600),
        .monthlyRenewalEveryFifteenMinutes: .monthly(weekly: 5 * 60, monthly: 15 * 60, weeklyGrace: 4 * 60 + 17, grace: 7 * 60 + 30, retry: 30 * 60),
        .monthlyRenewalEveryFiveMinutes: .monthly(weekly: 3 * 60, monthly: 5 * 60, weeklyGrace: 2 * 60 + 34, grace: 2 * 60 + 30, retry: 10 * 60),
        .monthlyRenewalEveryThirtySeconds: .monthly(weekly: 10, monthly: 30, weeklyGrace: 9, grace: 15, retry: 60),
        .oneRenewalEveryFifteenMinutes: .every(15 * 60, retry: 30 * 60),
        .oneRenewalEveryFiveMinutes: .every(5 * 60, retry: 10 * 60),
        .oneRenewalEveryOneMinute: .every(60, retry: 2 * 60),
        .oneRenewalEveryThirtySeconds: .every(30, retry: 60),
        .oneRenewalEveryTenSeconds: .every(10, retry: 20),
        .oneRenewalEveryTwoSeconds: .every(2, retry: 4),
    ]
}
