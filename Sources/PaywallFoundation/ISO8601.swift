import Foundation

/// ISO-8601 instants as the CLI, tapes and state files write them (`2026-01-30T09:00:00Z`, with
/// an offset or fractional seconds): the one parser and formatter of them.
public enum ISO8601 {
    /// Parses an instant with a zone designator; nil if it isn't one.
    public static func parse(_ text: String) -> Date? {
        guard text.count <= 40 else { return nil }
        if let date = parseUTCSeconds(text) { return date }
        // Foundation's formatter rolls an impossible day forward (February 30 → March 2): refuse it.
        guard impossibleDay(text) == nil else { return nil }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// The instants the simulator accepts for its clock: 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z
    /// (a clock outside would print other years and overflow transaction dates).
    public static let supportedRange = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799)

    /// The range in words, for messages.
    public static let supportedRangeText = "1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z"

    /// Why `text` is not an instant the clock may be set to, or nil when it is one.
    public static func clockProblem(_ text: String) -> String? {
        if let (year, month, days) = impossibleDay(text) {
            return "no such day: \(String(format: "%04d-%02d", year, month)) has days 01 to \(days)"
        }
        guard let date = parse(text) else { return "expected an ISO-8601 instant such as 2026-01-30T09:00:00Z" }
        guard supportedRange.contains(date) else { return "outside the supported range, \(supportedRangeText)" }
        return nil
    }

    /// `date` in UTC to the second (fractions dropped, as `.iso8601` does), e.g.
    /// `2026-01-30T09:00:00Z`; without making a formatter (ICU's are slow to create) or `String(format:)`.
    public static func string(_ date: Date) -> String {
        var seconds = time_t(wholeSeconds(date))
        var t = tm()
        gmtime_r(&seconds, &t)
        var bytes = digits(of: t, time: true)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `date` in UTC to the millisecond (`2026-01-30T09:00:03.050Z`): a clock saved to be read back exactly.
    public static func millisecondString(_ date: Date) -> String {
        let whole = wholeSeconds(date)
        let millis = Int(((date.timeIntervalSince1970 - whole) * 1000).rounded())
        let seconds = string(Date(timeIntervalSince1970: whole + Double(millis / 1000)))
        let fraction = millis % 1000
        return String(seconds.dropLast()) + "." + String(String(fraction + 1000).dropFirst()) + "Z"
    }

    /// The whole seconds since 1970 of `date`, its fraction dropped as Foundation's `Calendar` and
    /// `.iso8601` drop it: from the seconds since 2001 a `Date` holds. (Rounding
    /// `timeIntervalSince1970` down can give the next second: a fraction within a rounding step of
    /// the whole second rounds up when 978,307,200 is added.)
    public static func wholeSeconds(_ date: Date) -> Double {
        date.timeIntervalSinceReferenceDate.rounded(.down) + 978_307_200
    }

    /// The civil day of `seconds` since 1970 read as UTC (`yyyy-MM-dd`), for years 1583–9999 (the
    /// Gregorian calendar throughout, four digits); nil outside them.
    public static func dayText(ofSeconds seconds: Int64) -> String? {
        guard let t = civilTime(ofSeconds: seconds) else { return nil }
        return String(decoding: digits(of: t, time: false), as: UTF8.self)
    }

    /// The civil day (year, month 1–12, day 1–31) of `seconds` since 1970 read as UTC, for the
    /// years `dayText(ofSeconds:)` covers; nil outside them.
    public static func civilDay(ofSeconds seconds: Int64) -> (year: Int, month: Int, day: Int)? {
        guard let t = civilTime(ofSeconds: seconds) else { return nil }
        return (Int(t.tm_year) + 1900, Int(t.tm_mon) + 1, Int(t.tm_mday))
    }

    /// `gmtime_r` of `seconds`, for 1583-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
    private static func civilTime(ofSeconds seconds: Int64) -> tm? {
        guard seconds >= -12_212_553_600, seconds <= 253_402_300_799 else { return nil }
        var value = time_t(seconds)
        var t = tm()
        gmtime_r(&value, &t)
        return t
    }

    /// `yyyy-MM-dd`, and `THH:mm:ss` when `time`, of `t`.
    private static func digits(of t: tm, time: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        func append(_ value: Int32, _ count: Int) {   // as `%0*d` writes it
            var text = Array(String(value.magnitude).utf8)
            let width = value < 0 ? count - 1 : count
            while text.count < width { text.insert(UInt8(ascii: "0"), at: 0) }
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes += text
        }
        append(t.tm_year + 1900, 4)
        bytes.append(UInt8(ascii: "-"))
        append(t.tm_mon + 1, 2)
        bytes.append(UInt8(ascii: "-"))
        append(t.tm_mday, 2)
        guard time else { return bytes }
        bytes.append(UInt8(ascii: "T"))
        append(t.tm_hour, 2)
        bytes.append(UInt8(ascii: ":"))
        append(t.tm_min, 2)
        bytes.append(UInt8(ascii: ":"))
        append(t.tm_sec, 2)
        return bytes
    }

    /// A `JSONEncoder` date strategy writing what `.iso8601` writes (`2026-01-30T09:00:00Z`) with
    /// `string(_:)`: `.iso8601` builds a calendar and time zone on first use, a tenth of a tape's
    /// start-up spent in the runtime's type lookups.
    public static let encodingStrategy = JSONEncoder.DateEncodingStrategy.custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(string(date))
    }

    /// The common form, `YYYY-MM-DDTHH:MM:SSZ` with a valid calendar date and time, read by
    /// hand; nil for anything else (the formatter reads those).
    /// The decimal number the ASCII digits `bytes[range]` spell, or nil if one is not a digit.
    private static func decimal(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var value = 0
        for i in range {
            guard bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
        }
        return value
    }

    /// The year, month and its number of days when `text` starts `YYYY-MM-DD` with a day that
    /// month does not have (`2026-02-30`, `2026-04-31`); nil otherwise.
    static func impossibleDay(_ text: String) -> (year: Int, month: Int, days: Int)? {
        let b = Array(text.utf8.prefix(10))
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? { decimal(b, range) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month) else { return nil }
        let days = FixedOffsetCalendar.daysIn(month: month, year: year)
        return day >= 1 && day <= days ? nil : (year, month, days)
    }

    static func parseUTCSeconds(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? { decimal(b, range) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), hour < 24, minute < 60, second < 60 else { return nil }
        guard day >= 1, day <= FixedOffsetCalendar.daysIn(month: month, year: year), year >= 1970 else { return nil }
        var t = tm()
        t.tm_year = Int32(year - 1900)
        t.tm_mon = Int32(month - 1)
        t.tm_mday = Int32(day)
        t.tm_hour = Int32(hour)
        t.tm_min = Int32(minute)
        t.tm_sec = Int32(second)
        return Date(timeIntervalSince1970: TimeInterval(timegm(&t)))
    }
}
