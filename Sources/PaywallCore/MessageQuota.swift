import Foundation
import PaywallFoundation

/// Free chat messages used per local calendar day (seed 001); never gives messages back.
///
/// The day is the calendar date in the injected time zone, so DST days (23 or 25 hours) count
/// as one day. The latest day seen is remembered: when the clock is set back to an earlier
/// day, messages keep counting against the latest day instead of starting a fresh count.
public struct MessageQuota: Hashable, Codable, Sendable {
    /// The latest local day seen, as `yyyy-MM-dd`; nil before the first message.
    public private(set) var day: String?
    /// Messages used on `day`.
    public private(set) var used: Int

    public init(day: String? = nil, used: Int = 0) {
        self.day = day
        self.used = max(0, used)
    }

    private enum CodingKeys: String, CodingKey { case day, used }

    /// Decodes and checks a saved quota: `day` must be `yyyy-MM-dd`, `used` 0 or more.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let day = try container.decodeIfPresent(String.self, forKey: .day)
        let used = try container.decode(Int.self, forKey: .used)
        if let day, !Self.isDayKey(day) {
            throw DecodingError.dataCorruptedError(forKey: .day, in: container,
                                                   debugDescription: "\"\(day)\" is not a day, expected yyyy-MM-dd")
        }
        guard used >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .used, in: container,
                                                   debugDescription: "\(used) is negative, expected 0 or more")
        }
        self.init(day: day, used: used)
    }

    /// This run's quota added to `other`, what another process saved since this run last read or
    /// wrote `base`: on the same day the messages this run sent since `base` are added to the
    /// other's count (no message is lost when two processes send at once); a later day wins.
    public func merged(onto other: MessageQuota, since base: MessageQuota) -> MessageQuota {
        guard let day else { return other }
        guard let otherDay = other.day, otherDay >= day else { return self }
        if otherDay > day { return other }
        let sentHere = base.day == day ? used - base.used : used
        return MessageQuota(day: day, used: other.used + max(0, sentHere))
    }

    /// Whether `text` has the `yyyy-MM-dd` shape `dayKey` produces.
    static func isDayKey(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
    }

    /// The local calendar day of `date` in `timeZone`, as `yyyy-MM-dd`.
    public static func dayKey(for date: Date, in timeZone: TimeZone) -> String {
        // The day of the local wall-clock time, read without a `Calendar` (making one with a time
        // zone is a tenth of a tape's start-up in the runtime's type lookups); `calendarDayKey`
        // outside the years the fast form covers.
        let local = ISO8601.wholeSeconds(date) + Double(timeZone.secondsFromGMT(for: date))
        if local.magnitude < 1e15, let text = ISO8601.dayText(ofSeconds: Int64(local)) { return text }
        return calendarDayKey(for: date, in: timeZone)
    }

    /// `dayKey` as the Gregorian `Calendar` gives it (the reference, and the form for any year).
    static func calendarDayKey(for date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1970
        let month = parts.month ?? 1
        let day = parts.day ?? 1
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Messages used on the day `now` falls on (or on the latest day seen, if that is later).
    public func usedToday(now: Date, timeZone: TimeZone) -> Int {
        let today = Self.dayKey(for: now, in: timeZone)
        guard let day else { return 0 }
        return today > day ? 0 : used
    }

    /// Messages left today under `limit`.
    public func remaining(now: Date, timeZone: TimeZone, limit: Int) -> Int {
        max(0, limit - usedToday(now: now, timeZone: timeZone))
    }

    /// Uses one message if today has one left; returns whether it was allowed.
    public mutating func consume(now: Date, timeZone: TimeZone, limit: Int) -> Bool {
        let today = Self.dayKey(for: now, in: timeZone)
        if day.map({ today > $0 }) ?? true {
            day = today
            used = 0
        }
        guard used < limit else { return false }
        used += 1
        return true
    }
}
