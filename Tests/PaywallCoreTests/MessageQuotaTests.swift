import Foundation
import Testing
@testable import PaywallCore

@Suite struct MessageQuotaTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// A local wall-clock time in `zone`.
    func local(_ text: String, _ zone: TimeZone = newYork) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    func use(_ quota: inout MessageQuota, _ count: Int, at date: Date, zone: TimeZone = newYork) -> Int {
        (0..<count).filter { _ in quota.consume(now: date, timeZone: zone, limit: 10) }.count
    }

    @Test func tenPerDayThenRefused() {
        var quota = MessageQuota()
        #expect(use(&quota, 12, at: local("2026-05-01 09:00")) == 10)
        #expect(quota == MessageQuota(day: "2026-05-01", used: 10))
        #expect(quota.remaining(now: local("2026-05-01 23:59"), timeZone: Self.newYork, limit: 10) == 0)
    }

    @Test func midnightResets() {
        var quota = MessageQuota()
        #expect(use(&quota, 10, at: local("2026-05-01 23:59")) == 10)
        #expect(quota.remaining(now: local("2026-05-02 00:00"), timeZone: Self.newYork, limit: 10) == 10)
        #expect(use(&quota, 1, at: local("2026-05-02 00:00")) == 1)
        #expect(quota == MessageQuota(day: "2026-05-02", used: 1))
    }

    @Test func midnightIsLocalNotUTC() {
        var quota = MessageQuota()
        // 23:30 in New York is already the next day in UTC: still the same local day.
        #expect(use(&quota, 10, at: local("2026-05-01 08:00")) == 10)
        #expect(use(&quota, 1, at: local("2026-05-01 23:30")) == 0)
    }

    @Test func springForwardDayIsOneDay() {
        // 2026-03-08 has 23 hours in New York (02:00 → 03:00).
        var quota = MessageQuota()
        #expect(use(&quota, 5, at: local("2026-03-08 00:30")) == 5)
        #expect(use(&quota, 10, at: local("2026-03-08 03:30")) == 5)
        #expect(use(&quota, 1, at: local("2026-03-08 23:59")) == 0)
        #expect(use(&quota, 10, at: local("2026-03-09 00:00")) == 10)
        #expect(MessageQuota.dayKey(for: local("2026-03-08 23:59"), in: Self.newYork) == "2026-03-08")
    }

    @Test func fallBackDayIsOneDay() {
        // 2026-11-01 has 25 hours in New York (01:00–02:00 twice).
        var quota = MessageQuota()
        let firstOneThirty = local("2026-11-01 01:30")
        let secondOneThirty = firstOneThirty.addingTimeInterval(3600)
        #expect(MessageQuota.dayKey(for: secondOneThirty, in: Self.newYork) == "2026-11-01")
        #expect(use(&quota, 6, at: firstOneThirty) == 6)
        #expect(use(&quota, 6, at: secondOneThirty) == 4)
        let lastMinute = local("2026-11-01 23:59")
        #expect(use(&quota, 1, at: lastMinute) == 0)
        #expect(use(&quota, 1, at: lastMinute.addingTimeInterval(60)) == 1)
    }

    @Test func clockSetBackNeverGivesMessagesBack() {
        var quota = MessageQuota()
        #expect(use(&quota, 10, at: local("2026-05-02 10:00")) == 10)
        let yesterday = local("2026-05-01 10:00")
        #expect(quota.remaining(now: yesterday, timeZone: Self.newYork, limit: 10) == 0)
        #expect(use(&quota, 3, at: yesterday) == 0)
        #expect(quota == MessageQuota(day: "2026-05-02", used: 10))
        #expect(use(&quota, 1, at: local("2026-05-03 00:01")) == 1)
    }

    @Test func clockSetBackCountsAgainstTheLatestDay() {
        var quota = MessageQuota()
        #expect(use(&quota, 4, at: local("2026-05-02 10:00")) == 4)
        #expect(use(&quota, 10, at: local("2026-04-20 10:00")) == 6)
        #expect(quota == MessageQuota(day: "2026-05-02", used: 10))
    }

    @Test func timeZoneChangeUsesTheInjectedZone() {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        var quota = MessageQuota()
        let instant = local("2026-05-01 12:00") // 2026-05-02 01:00 in Tokyo
        #expect(use(&quota, 10, at: instant) == 10)
        #expect(quota.remaining(now: instant, timeZone: tokyo, limit: 10) == 10)
        #expect(use(&quota, 1, at: instant, zone: tokyo) == 1)
        #expect(quota.day == "2026-05-02")
    }
}
