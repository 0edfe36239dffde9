import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// How long subscription periods last on the simulated clock at each `SKTestSession.TimeRate`.
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

    /// Seconds a one-month renewal lasts for the "monthly renewal every X" rates; nil for the others.
    public var secondsPerMonth: TimeInterval? {
        switch self {
        case .monthlyRenewalEveryHour: return 3600
        case .monthlyRenewalEveryThirtyMinutes: return 1800
        case .monthlyRenewalEveryFifteenMinutes: return 900
        case .monthlyRenewalEveryFiveMinutes: return 300
        case .monthlyRenewalEveryThirtySeconds: return 30
        default: return nil
        }
    }

    /// Seconds every period lasts for the "one renewal every X" rates; nil for the others.
    public var secondsPerRenewal: TimeInterval? {
        switch self {
        case .oneRenewalEveryFifteenMinutes: return 900
        case .oneRenewalEveryFiveMinutes: return 300
        case .oneRenewalEveryOneMinute: return 60
        case .oneRenewalEveryThirtySeconds: return 30
        case .oneRenewalEveryTenSeconds: return 10
        case .oneRenewalEveryTwoSeconds: return 2
        default: return nil
        }
    }

    /// The simulated length of `period`, or nil at real time (use the calendar).
    ///
    /// "N is one day": a day is N, a week 7 days, a month 30 days, a year 365 days.
    /// "Monthly every X": a month is X, a week X/3, a day X/30, a year 12·X
    /// (design.md: monthly every 30 s gives weekly 10 s, yearly 6 min).
    /// "One renewal every X": every period is X.
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
        if let month = secondsPerMonth {
            switch period.unit {
            case .day: return n * month / 30
            case .week: return n * month / 3
            case .month: return n * month
            case .year: return n * 12 * month
            }
        }
        return secondsPerRenewal
    }

    /// `date` moved forward by `count` times `period` at this rate.
    public func advance(_ date: Date, by period: BillingPeriod, count: Int = 1) -> Date {
        if let seconds = scaledDuration(of: period) { return date.addingTimeInterval(seconds * Double(count)) }
        let scaled = BillingPeriod(value: period.value * max(count, 1), unit: period.unit)
        return scaled.advance(date, in: FixedOffsetCalendar.utc)
    }

    /// The simulated length of `days` real days (grace periods, billing retry): scaled like a day period.
    public func scaledDays(_ days: Int) -> TimeInterval {
        if secondsPerRenewal != nil, let per = secondsPerRenewal {
            // One renewal every X: treat a month as X, so 16 days is about half a renewal.
            return per * Double(days) / 30
        }
        return scaledDuration(of: BillingPeriod(value: days, unit: .day)) ?? Double(days) * 86_400
    }
}
