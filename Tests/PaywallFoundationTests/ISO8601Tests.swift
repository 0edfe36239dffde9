import Foundation
import Testing
@testable import PaywallFoundation

/// The hand-read and hand-written common form agrees with Foundation's ISO 8601 formatter.
@Suite("ISO 8601 instants")
struct ISO8601Tests {
    static func formatter() -> ISO8601DateFormatter {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        return f
    }

    @Test func writingAndReadingMatchTheFormatterOverTheSupportedRange() {
        let reference = Self.formatter()
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Double(seed % 253_402_300_800) + Double(seed % 1000) / 1000
            let date = Date(timeIntervalSince1970: seconds)
            let written = ISO8601.string(date)
            #expect(written == reference.string(from: date))
            #expect(ISO8601.parseUTCSeconds(written) == reference.date(from: written))
        }
    }

    /// The store's and backend's log lines used `Date.formatted(.iso8601)`; `string(_:)` writes the same.
    @Test func writingMatchesTheISO8601FormatStyle() {
        var seed: UInt64 = 0x0DDB_1A5E_5BAD_5EED
        for _ in 0..<2_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // 1583 to 9999, with fractions of a second.
            let seconds = -12_212_553_600 + Double(seed % 265_614_854_400) + Double(seed % 997) / 997
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISO8601.string(date) == date.formatted(.iso8601), "\(seconds)")
        }
    }

    /// A fraction within a rounding step of the next second (the next second when counted from
    /// 1970): written as `.iso8601` and `JSONEncoder`'s `.iso8601` write it, and as our strategy.
    @Test func fractionsNextToAWholeSecondAreWrittenAsTheFormatStyleWritesThem() throws {
        let dates = ([792_616_065.999_999_881, -0.000_000_013] + (0..<500).map { Double(780_000_000 + $0 * 86_399).nextDown })
            .map { Date(timeIntervalSinceReferenceDate: $0) }
        #expect(dates.filter { $0.timeIntervalSince1970.rounded(.down) != ISO8601.wholeSeconds($0) }.count > 250)
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .iso8601
        let ours = JSONEncoder()
        ours.dateEncodingStrategy = ISO8601.encodingStrategy
        for date in dates {
            #expect(ISO8601.string(date) == date.formatted(.iso8601), "\(date.timeIntervalSinceReferenceDate)")
        }
        #expect(try ours.encode(dates) == foundation.encode(dates))
    }

    /// State files and event lines are written with `ISO8601.encodingStrategy`: byte for byte what
    /// Foundation's `.iso8601` strategy writes, fractions of a second included.
    @Test func theEncodingStrategyWritesWhatFoundationsDoes() throws {
        struct Stamped: Encodable { var at: Date; var until: Date?; var list: [Date] }
        let mine = JSONEncoder()
        mine.dateEncodingStrategy = ISO8601.encodingStrategy
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .iso8601
        for encoder in [mine, foundation] { encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes] }
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for index in 0..<1_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Double(seed % 253_402_300_800) + Double(seed % 1000) / 1000
            let value = Stamped(at: Date(timeIntervalSince1970: seconds),
                                until: index % 3 == 0 ? nil : Date(timeIntervalSince1970: seconds / 2 + 0.999),
                                list: [Date(timeIntervalSince1970: Double(index)), Date(timeIntervalSince1970: 1_769_763_600)])
            let written = try mine.encode(value)
            #expect(written == (try foundation.encode(value)), "\(String(decoding: written, as: UTF8.self))")
        }
    }

    /// Written as `String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ")` wrote it, for any year
    /// (`Date.distantPast`, years before 1 and after 9999 included).
    @Test func writingMatchesTheFormatStringForAnyYear() {
        for seconds in [-62_135_596_800.0, -62_135_596_801, -62_198_755_200, -99_999_999_999, 253_402_300_800, 300_000_000_000,
                        Date.distantPast.timeIntervalSince1970, Date.distantFuture.timeIntervalSince1970, 0, 1_769_763_600.5] {
            var value = time_t(seconds.rounded(.down))
            var t = tm()
            gmtime_r(&value, &t)
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", t.tm_year + 1900, t.tm_mon + 1, t.tm_mday,
                                  t.tm_hour, t.tm_min, t.tm_sec)
            #expect(ISO8601.string(Date(timeIntervalSince1970: seconds)) == expected, "\(seconds)")
        }
    }

    @Test(arguments: ["2026-02-29T00:00:00Z", "2024-02-29T23:59:59Z", "2026-13-01T00:00:00Z", "2026-04-31T10:00:00Z",
                      "2026-01-30T24:00:00Z", "2026-01-30T09:00:60Z", "1969-12-31T23:59:59Z", "2026-01-30T09:00:00+09:00",
                      "2026-01-30T09:00:00.250Z", "2026-1-30T09:00:00Z", "not a date"])
    func everyOtherFormIsLeftToTheFormatter(_ text: String) {
        if let fast = ISO8601.parseUTCSeconds(text) {
            #expect(fast == Self.formatter().date(from: text))
        }
        // Whatever path reads it, parse answers what it answered before the fast path.
        let reference = Self.formatter()
        var expected = reference.date(from: text)
        if expected == nil {
            reference.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            expected = reference.date(from: text)
        }
        // …except a day its month does not have, which the formatter rolls forward and parse refuses.
        #expect(ISO8601.parse(text) == (ISO8601.impossibleDay(text) == nil ? expected : nil))
    }

    @Test(arguments: ["2026-02-30T00:00:00Z", "2026-04-31T00:00:00Z", "2026-02-29T00:00:00+01:00", "2025-02-29T12:00:00.5Z"])
    func anImpossibleDayIsRefusedNotRolledForward(_ text: String) {
        // Foundation's formatter reads these as the next month's first days; a date is not a suggestion.
        #expect(ISO8601.parse(text) == nil)
        #expect(ISO8601.clockProblem(text)?.hasPrefix("no such day: ") == true, "\(ISO8601.clockProblem(text) ?? "nil")")
    }

    @Test func theMessageSaysWhichDaysTheMonthHas() {
        #expect(ISO8601.clockProblem("2026-02-30T00:00:00Z") == "no such day: 2026-02 has days 01 to 28")
        #expect(ISO8601.clockProblem("2028-02-30T00:00:00Z") == "no such day: 2028-02 has days 01 to 29")
        #expect(ISO8601.parse("2028-02-29T00:00:00+01:00") != nil)
    }
}
