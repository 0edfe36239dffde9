import Foundation
import Testing
@testable import PaywallFoundation

/// Date arithmetic in fixed-offset zones gives what a Gregorian `Calendar` in the same zone gives.
@Suite("Fixed-offset calendar")
struct FixedOffsetCalendarTests {
    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    static let zones: [TimeZone] = [
        FixedOffsetCalendar.utc, TimeZone(identifier: "UTC")!, TimeZone(identifier: "GMT")!,
        TimeZone(secondsFromGMT: 3_600)!, TimeZone(secondsFromGMT: -(9 * 3_600 + 30 * 60))!, TimeZone(secondsFromGMT: 14 * 3_600)!,
    ]

    @Test func utcIsFoundationsUTC() {
        #expect(FixedOffsetCalendar.utc == TimeZone(identifier: "UTC"))
        #expect(FixedOffsetCalendar.utc.identifier == TimeZone(identifier: "UTC")?.identifier)
        #expect(FixedOffsetCalendar.fixedOffset(of: FixedOffsetCalendar.utc) == 0)
        #expect(FixedOffsetCalendar.fixedOffset(of: TimeZone(secondsFromGMT: -34_200)!) == -34_200)
    }

    @Test func zonesWithRulesAreLeftToCalendar() throws {
        for name in ["America/New_York", "Europe/London", "Asia/Shanghai", "Etc/GMT+5", "Australia/Lord_Howe"] {
            let zone = try #require(TimeZone(identifier: name))
            #expect(FixedOffsetCalendar.fixedOffset(of: zone) == nil, "\(name)")
            #expect(FixedOffsetCalendar.adding(days: 1, to: Date(timeIntervalSince1970: 1_800_000_000), in: zone) == nil)
        }
    }

    @Test func randomDatesAndPeriodsMatchCalendar() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 11
        }
        var compared = 0
        for zone in Self.zones {
            let calendar = Self.calendar(zone)
            for _ in 0..<1_500 {
                // 1600 to 2400, whole seconds and a few with fractions.
                let seconds = -11_676_096_000 + Double(next() % 13_253_932_800) + (next() % 4 == 0 ? Double(next() % 1_000) / 1_000 : 0)
                let date = Date(timeIntervalSince1970: seconds)
                let amount = Int(next() % 40) + 1
                var parts = DateComponents()
                let mine: Date?
                switch next() % 3 {
                case 0: parts.day = amount; mine = FixedOffsetCalendar.adding(days: amount, to: date, in: zone)
                case 1: parts.month = amount; mine = FixedOffsetCalendar.adding(months: amount, to: date, in: zone)
                default: parts.year = amount; mine = FixedOffsetCalendar.adding(years: amount, to: date, in: zone)
                }
                let reference = calendar.date(byAdding: parts, to: date)
                #expect(mine == reference, "\(date.timeIntervalSince1970) + \(parts) in \(zone.identifier): \(mine.map { $0.timeIntervalSince1970 - (reference?.timeIntervalSince1970 ?? 0) } ?? 0)")
                compared += 1
            }
        }
        #expect(compared == Self.zones.count * 1_500)
    }

    /// Month ends, leap days and the edges of a day in each zone, where a hand calculation goes wrong first.
    @Test func monthEndsAndLeapDaysMatchCalendar() {
        let starts = ["2024-01-31T23:59:59Z", "2024-02-29T00:00:00Z", "2023-01-31T12:00:00Z", "2100-02-28T23:00:00Z",
                      "2000-02-29T05:30:00Z", "2026-12-31T23:59:59Z", "2026-03-31T00:00:01Z", "1999-12-31T23:00:00Z"]
        for zone in Self.zones {
            let calendar = Self.calendar(zone)
            for text in starts {
                let date = ISO8601.parseUTCSeconds(text)!
                for amount in [1, 2, 3, 11, 12, 13, 48] {
                    #expect(FixedOffsetCalendar.adding(months: amount, to: date, in: zone) == calendar.date(byAdding: .month, value: amount, to: date), "\(text) + \(amount) months in \(zone.identifier)")
                    #expect(FixedOffsetCalendar.adding(years: amount, to: date, in: zone) == calendar.date(byAdding: .year, value: amount, to: date), "\(text) + \(amount) years in \(zone.identifier)")
                    #expect(FixedOffsetCalendar.adding(days: amount * 7, to: date, in: zone) == calendar.date(byAdding: .day, value: amount * 7, to: date), "\(text) + \(amount) weeks in \(zone.identifier)")
                }
            }
        }
    }

    /// A fraction within a rounding step of the next second: counted from 1970 it rounds up to
    /// that second, so the whole seconds are taken from the seconds since 2001, as `Calendar` takes them.
    static let edgeDates: [Date] = ([792_616_065.999_999_881, -0.000_000_013] + (0..<2_000).map { Double(780_000_000 + $0 * 86_399).nextDown })
        .map { Date(timeIntervalSinceReferenceDate: $0) }

    @Test func fractionsNextToAWholeSecondMatchCalendar() {
        // The dates are such edges: counted from 1970 they land on the next second.
        #expect(Self.edgeDates.filter { $0.timeIntervalSince1970.rounded(.down) != ISO8601.wholeSeconds($0) }.count > 1_000)
        for zone in Self.zones {
            let calendar = Self.calendar(zone)
            for date in Self.edgeDates {
                #expect(FixedOffsetCalendar.adding(days: 12, to: date, in: zone) == calendar.date(byAdding: .day, value: 12, to: date), "\(date.timeIntervalSinceReferenceDate) in \(zone.identifier)")
                #expect(FixedOffsetCalendar.adding(months: 1, to: date, in: zone) == calendar.date(byAdding: .month, value: 1, to: date), "\(date.timeIntervalSinceReferenceDate) in \(zone.identifier)")
                #expect(FixedOffsetCalendar.adding(years: 1, to: date, in: zone) == calendar.date(byAdding: .year, value: 1, to: date), "\(date.timeIntervalSinceReferenceDate) in \(zone.identifier)")
            }
        }
    }

    @Test func datesOutsideTheCoveredYearsAreLeftToCalendar() {
        let early = Date(timeIntervalSince1970: -13_000_000_000)   // 1558
        #expect(FixedOffsetCalendar.adding(days: 1, to: early, in: FixedOffsetCalendar.utc) == nil)
        let late = ISO8601.parseUTCSeconds("9999-06-01T00:00:00Z")!
        #expect(FixedOffsetCalendar.adding(years: 1, to: late, in: FixedOffsetCalendar.utc) == nil)
        #expect(FixedOffsetCalendar.adding(days: 1, to: Date(timeIntervalSince1970: .infinity), in: FixedOffsetCalendar.utc) == nil)
    }
}
