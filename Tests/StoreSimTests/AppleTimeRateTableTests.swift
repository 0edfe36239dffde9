import Foundation
import PaywallCore
import Testing
import TestSupport
@testable import StoreSim

/// Every `SKTestSession.TimeRate` row of Apple's tables, copied as Apple's pages write them
/// (developer.apple.com/documentation/storekittest/sktestsession/timerate-swift.enum/<case>), checked
/// against what the store does: the renewal time of each period, both grace periods and billing retry.
@Suite("Apple's time rate tables")
struct AppleTimeRateTableTests {
    /// One case's page: "Subscription renewal period | Renewal time" and "Type | Time period".
    struct Page: Sendable, CustomTestStringConvertible {
        var rate: TimeRate
        /// Weekly, Monthly, Bimonthly, Quarterly, Semiannually, Annually (nil: "regardless of actual renewal periods").
        var renewal: [String]?
        var every: String?
        var weeklyGrace: String
        var grace: String
        var retry: String
        var testDescription: String { "\(rate)" }
    }

    static let pages: [Page] = [
        Page(rate: .monthlyRenewalEveryHour,
             renewal: ["15 minutes", "1 hour", "2 hours", "3 hours", "6 hours", "12 hours"],
             weeklyGrace: "12 minutes 51 seconds", grace: "30 minutes", retry: "2 hours"),
        Page(rate: .monthlyRenewalEveryThirtyMinutes,
             renewal: ["10 minutes", "30 minutes", "1 hour", "1 hour 30 minutes", "3 hours", "6 hours"],
             weeklyGrace: "8 minutes 34 seconds", grace: "15 minutes", retry: "1 hour"),
        Page(rate: .monthlyRenewalEveryFifteenMinutes,
             renewal: ["5 minutes", "15 minutes", "30 minutes", "45 minutes", "1 hour 30 minutes", "3 hours"],
             weeklyGrace: "4 minutes 17 seconds", grace: "7 minutes 30 seconds", retry: "30 minutes"),
        Page(rate: .monthlyRenewalEveryFiveMinutes,
             renewal: ["3 minutes", "5 minutes", "10 minutes", "15 minutes", "30 minutes", "1 hour"],
             weeklyGrace: "2 minutes 34 seconds", grace: "2 minutes 30 seconds", retry: "10 minutes"),
        Page(rate: .monthlyRenewalEveryThirtySeconds,
             renewal: ["10 seconds", "30 seconds", "1 minute", "1 minute 30 seconds", "3 minutes", "6 minutes"],
             weeklyGrace: "9 seconds", grace: "15 seconds", retry: "1 minute"),
        Page(rate: .oneRenewalEveryFifteenMinutes, every: "15 minutes", weeklyGrace: "15 minutes", grace: "15 minutes", retry: "30 minutes"),
        Page(rate: .oneRenewalEveryFiveMinutes, every: "5 minutes", weeklyGrace: "5 minutes", grace: "5 minutes", retry: "10 minutes"),
        Page(rate: .oneRenewalEveryOneMinute, every: "1 minute", weeklyGrace: "1 minute", grace: "1 minute", retry: "2 minutes"),
        Page(rate: .oneRenewalEveryThirtySeconds, every: "30 seconds", weeklyGrace: "30 seconds", grace: "30 seconds", retry: "1 minute"),
        Page(rate: .oneRenewalEveryTenSeconds, every: "10 seconds", weeklyGrace: "10 seconds", grace: "10 seconds", retry: "20 seconds"),
        Page(rate: .oneRenewalEveryTwoSeconds, every: "2 seconds", weeklyGrace: "2 seconds", grace: "2 seconds", retry: "4 seconds"),
    ]

    /// "1 hour 30 minutes" → 5400.
    static func seconds(_ text: String) -> TimeInterval {
        let words = text.split(separator: " ")
        var total: TimeInterval = 0
        for index in stride(from: 0, to: words.count - 1, by: 2) {
            let n = TimeInterval(words[index])!
            let unit = words[index + 1]
            total += n * (unit.hasPrefix("hour") ? 3600 : unit.hasPrefix("minute") ? 60 : 1)
        }
        return total
    }

    static let periods = [BillingPeriod(value: 1, unit: .week), BillingPeriod(value: 1, unit: .month), BillingPeriod(value: 2, unit: .month),
                          BillingPeriod(value: 3, unit: .month), BillingPeriod(value: 6, unit: .month), BillingPeriod(value: 1, unit: .year)]

    @Test("renewal time of every period", arguments: pages)
    func renewalTimes(page: Page) {
        for (index, period) in Self.periods.enumerated() {
            let expected = page.renewal.map { Self.seconds($0[index]) } ?? Self.seconds(page.every!)
            #expect(page.rate.scaledDuration(of: period) == expected, "\(page.rate) \(period)")
        }
    }

    @Test("grace periods and billing retry", arguments: pages)
    func graceAndRetry(page: Page) {
        // The length App Store Connect sets does not change the test environment's tables.
        for chosen in [3, 16, 28] {
            #expect(page.rate.gracePeriod(renewingEvery: Self.periods[0], chosenDays: chosen) == Self.seconds(page.weeklyGrace))
            for period in Self.periods.dropFirst() {
                #expect(page.rate.gracePeriod(renewingEvery: period, chosenDays: chosen) == Self.seconds(page.grace), "\(period)")
            }
        }
        #expect(page.rate.billingRetryPeriod == Self.seconds(page.retry))
    }

    /// `realTime`'s page: "Grace period … weekly renewal period | 6 days", "… all other renewal
    /// periods | 16 days", "Billing retry period | 60 days"; App Store Connect offers 3 or 6 days
    /// for weekly subscriptions and 3, 16 or 28 days for the others.
    @Test func realTime() {
        let day: TimeInterval = 86_400
        let rate = TimeRate.realTime
        #expect(rate.gracePeriod(renewingEvery: Self.periods[0], chosenDays: 16) == 6 * day)
        #expect(rate.gracePeriod(renewingEvery: Self.periods[1], chosenDays: 16) == 16 * day)
        #expect(rate.gracePeriod(renewingEvery: Self.periods[0], chosenDays: 3) == 3 * day)
        #expect(rate.gracePeriod(renewingEvery: Self.periods[0], chosenDays: 28) == 6 * day)
        #expect(rate.gracePeriod(renewingEvery: Self.periods[5], chosenDays: 28) == 28 * day)
        #expect(rate.billingRetryPeriod == 60 * day)
    }

    @Test func everyCaseWithATableHasAPage() {
        let withTables = Set(TimeRate.allCases.filter { $0.appleTable != nil })
        #expect(withTables == Set(Self.pages.map(\.rate)))
    }

    /// The table in `docs/reference/storekit-support.md` is the one in the code, row by row.
    @Test func theDocsShowThisTable() throws {
        let page = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/reference/storekit-support.md"), encoding: .utf8)
        var rows = 0
        for line in page.split(separator: "\n") where line.hasPrefix("| 1") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 11, let code = Int(cells[0]), let rate = TimeRate(rawValue: code) else { continue }
            rows += 1
            #expect(cells[1] == "\(rate)")
            for (index, period) in Self.periods.enumerated() {
                #expect(rate.scaledDuration(of: period) == Self.seconds(cells[2 + index]), "\(rate) \(period)")
            }
            #expect(rate.gracePeriod(renewingEvery: Self.periods[0], chosenDays: 16) == Self.seconds(cells[8]), "\(rate)")
            #expect(rate.gracePeriod(renewingEvery: Self.periods[1], chosenDays: 16) == Self.seconds(cells[9]), "\(rate)")
            #expect(rate.billingRetryPeriod == Self.seconds(cells[10]), "\(rate)")
        }
        #expect(rows == Self.pages.count)
    }
}
