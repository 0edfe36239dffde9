import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Gregorian date arithmetic in a fixed-offset time zone (UTC, `GMT+0100`) without Foundation's
/// `Calendar`: making the first `Calendar` costs half a millisecond in ICU and the runtime's type
/// lookups, a fiftieth of a tape. The answers are `Calendar.date(byAdding:to:)`'s (checked against
/// it in `FixedOffsetCalendarTests`); anything else is nil, and the caller uses a `Calendar`.
public enum FixedOffsetCalendar {
    /// UTC, made without ICU (`TimeZone(identifier: "UTC")` looks the name up in ICU's tables, a
    /// third of a millisecond the first time); equal to it, and its identifier is `GMT` as well.
    public static let utc = TimeZone.gmt

    /// `TimeZone(identifier:)`, with `UTC` and `GMT` answered without ICU (the same zone).
    public static func zone(named identifier: String) -> TimeZone? {
        identifier == "UTC" || identifier == "GMT" ? utc : TimeZone(identifier: identifier)
    }

    /// The zone's offset from UTC in seconds when it never changes (Foundation's `GMT` zones, which
    /// `TimeZone(identifier: "UTC")` and `TimeZone(secondsFromGMT:)` make); nil for zones with rules.
    public static func fixedOffset(of timeZone: TimeZone) -> Int? {
        let identifier = timeZone.identifier
        guard identifier == "GMT" || identifier.hasPrefix("GMT+") || identifier.hasPrefix("GMT-") else { return nil }
        return timeZone.secondsFromGMT()
    }

    /// `date` moved forward by `years`, `months` and `days` on the wall clock of `timeZone`, a day
    /// of the month that the target month lacks becoming its last day (Jan 31 + 1 month = Feb 28),
    /// as `Calendar` does; nil when the zone has rules or either date is outside 1583–9999.
    public static func adding(years: Int = 0, months: Int = 0, days: Int = 0, to date: Date, in timeZone: TimeZone) -> Date? {
        guard let offset = fixedOffset(of: timeZone) else { return nil }
        let reference = date.timeIntervalSinceReferenceDate
        guard reference.isFinite, reference.magnitude < 1e12 else { return nil }
        // Whole seconds and fraction both from the seconds since 2001 the `Date` holds, as `Calendar`
        // takes them (the same Date to the bit).
        let fraction = reference - reference.rounded(.down)
        let local = Int64(ISO8601.wholeSeconds(date)) + Int64(offset)
        guard let day = ISO8601.civilDay(ofSeconds: local) else { return nil }
        let secondOfDay = local - Int64(floorDivision(local, 86_400)) * 86_400
        let monthIndex = (day.year + years) * 12 + (day.month - 1) + months
        let year = floorDivision(monthIndex, 12), month = monthIndex - year * 12 + 1
        guard year >= 1583, year <= 9999 else { return nil }
        let dayOfMonth = min(day.day, daysIn(month: month, year: year))
        var t = tm()
        t.tm_year = Int32(year - 1900)
        t.tm_mon = Int32(month - 1)
        t.tm_mday = Int32(dayOfMonth)
        let midnight = Int64(timegm(&t))
        let movedLocal = midnight + Int64(days) * 86_400 + secondOfDay
        guard ISO8601.civilDay(ofSeconds: movedLocal) != nil else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(movedLocal - Int64(offset) - 978_307_200) + fraction)
    }

    /// The number of days in `month` (1–12) of `year` in the Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func floorDivision(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
