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

    /// The day key is read without a `Calendar`: the same day as the Gregorian calendar gives, in
    /// zones with daylight saving, half and quarter hours and the date line, around transitions,
    /// and for years the fast form does not cover.
    @Test func dayKeyMatchesTheGregorianCalendar() throws {
        let zones = try ["UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe",
                         "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/St_Johns", "Asia/Seoul", "Europe/Berlin"]
            .map { try #require(TimeZone(identifier: $0), "\($0)") }
        var seed: UInt64 = 0x853C_49E6_748F_EA9B
        var instants: [Double] = [0, -1, 86_399.5, 1_772_953_200, 1_793_512_800, 1_793_516_400, 253_402_300_799, -12_212_553_600,
                                  -12_212_553_601, -30_000_000_000, 300_000_000_000]
        for _ in 0..<3_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            instants.append(Double(seed % 4_102_444_800) + Double(seed % 997) / 997)   // 1970–2100
        }
        var compared = 0
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            for zone in zones {
                let fast = MessageQuota.dayKey(for: date, in: zone)
                let calendar = MessageQuota.calendarDayKey(for: date, in: zone)
                #expect(fast == calendar, "\(seconds) in \(zone.identifier): \(fast) vs \(calendar)")
                compared += 1
            }
        }
        #expect(compared == instants.count * zones.count)
        // Just before midnight by a fraction that, counted from 1970, rounds up to midnight.
        for days in stride(from: 6_000, to: 10_000, by: 37) {
            let date = Date(timeIntervalSinceReferenceDate: Double(days * 86_400).nextDown)
            for zone in zones {
                #expect(MessageQuota.dayKey(for: date, in: zone) == MessageQuota.calendarDayKey(for: date, in: zone),
                        "\(date.timeIntervalSinceReferenceDate) in \(zone.identifier)")
            }
        }
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
