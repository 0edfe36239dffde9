import Foundation
import Testing
@testable import PaywallScreens

/// Long dates and numbers in US English are written without ICU: exactly what ICU's formatters give.
@Suite struct EnglishFormatTests {
    static func icuDate(_ date: Date, locale: String, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = timeZone
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }

    static func icuNumber(_ value: Double, locale: String, fractionDigits: Int) -> String? {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = fractionDigits
        formatter.maximumFractionDigits = fractionDigits
        return formatter.string(from: NSNumber(value: value))
    }

    @Test(arguments: ["en", "en-US", "en_US"])
    func longDatesMatchICU(locale: String) throws {
        let zones = try ["UTC", "America/Los_Angeles", "Asia/Tokyo", "Pacific/Kiritimati", "America/St_Johns"]
            .map { try #require(TimeZone(identifier: $0)) }
        var seed: UInt64 = 0x5851_F42D_4C95_7F2D
        var compared = 0
        for index in 0..<600 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = index < 5 ? [0, 86_399.9, 1_780_000_000, 253_402_200_000, 1_798_761_599][index] : Double(seed % 4_102_444_800) + 0.5
            let date = Date(timeIntervalSince1970: seconds)
            for zone in zones {
                let fast = try #require(FormatterCache.englishLongDate(date, locale: locale, timeZone: zone))
                #expect(fast == Self.icuDate(date, locale: locale, timeZone: zone), "\(seconds) \(zone.identifier)")
                compared += 1
            }
        }
        #expect(compared == 600 * zones.count)
        #expect(FormatterCache.englishLongDate(Date(), locale: "en-GB", timeZone: .gmt) == nil)
        // Outside the years 1583–9999 ICU writes it: before the Gregorian calendar, and the year 10000 in Tokyo.
        #expect(FormatterCache.englishLongDate(Date(timeIntervalSince1970: -13_000_000_000), locale: locale, timeZone: .gmt) == nil)
        #expect(FormatterCache.englishLongDate(Date(timeIntervalSince1970: 253_402_300_799), locale: locale, timeZone: zones[2]) == nil)
    }

    @Test(arguments: ["en", "en-US", "en_US"])
    func numbersMatchICU(locale: String) throws {
        var generator = SystemRandomNumberGenerator()
        var values: [(Double, Int)] = [(0, 0), (4.8, 1), (250_000, 0), (999, 0), (1_000, 0), (1_234_567, 0), (0.5, 1), (10, 1), (4.25, 2)]
        for _ in 0..<1_500 {
            values.append((Double(Int.random(in: 0...2_000_000_000, using: &generator)), 0))
            values.append((Double(Int.random(in: 0...100_000, using: &generator)) / 10, 1))
        }
        var fastOnes = 0
        for (value, digits) in values {
            guard let fast = FormatterCache.englishNumber(value, locale: locale, fractionDigits: digits) else { continue }
            #expect(fast == Self.icuNumber(value, locale: locale, fractionDigits: digits), "\(value) with \(digits)")
            fastOnes += 1
        }
        #expect(fastOnes >= 3_000)   // the one-decimal values that need rounding (0.3 is not 3/10 in binary) go to ICU
        #expect(FormatterCache.englishNumber(4.8, locale: "de", fractionDigits: 1) == nil)
        #expect(FormatterCache.englishNumber(-2, locale: locale, fractionDigits: 0) == nil)
        #expect(FormatterCache.englishNumber(0.15, locale: locale, fractionDigits: 1) == nil)   // ICU rounds it
        #expect(FormatterCache.englishNumber(-0.0, locale: locale, fractionDigits: 0) == nil)   // ICU writes "-0"
        #expect(FormatterCache.englishNumber(.nan, locale: locale, fractionDigits: 0) == nil)
    }
}
