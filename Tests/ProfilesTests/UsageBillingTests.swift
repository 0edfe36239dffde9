import Foundation
import Testing
@testable import Profiles

@Suite struct UsageBillingTests {
    static func d(_ text: String) -> Decimal { Decimal(string: text)! }

    /// (tier, minutes, GB, expected total)
    static let table: [(SubscriptionTier, Int, Double, String)] = [
        (.free, 0, 0, "0"),
        (.free, 100, 1.0, "0"),            // exactly at the allowance
        (.free, 101, 1.0, "0.05"),         // one minute over
        (.free, 150, 0.5, "2.5"),          // 50 × 0.05
        (.free, 100, 1.5, "1"),            // 0.5 GB × 2.00
        (.free, 130, 3.25, "6"),           // 30 × 0.05 + 2.25 × 2.00 = 1.5 + 4.5
        (.basic, 999, 5, "0"),
        (.basic, 1_200, 5, "6"),           // 200 × 0.03
        (.basic, 1_000, 6.2, "1.8"),       // 1.2 × 1.50, exactly
        (.basic, 1_010, 5.1, "0.45"),      // 0.30 + 0.15
        (.premium, 1_000_000, 20, "0"),    // unlimited minutes
        (.premium, 50_000, 21.5, "1.5"),   // 1.5 × 1.00
        (.business, Int.max, 100, "0"),
        (.business, 10, 140.3, "20.15"),   // 40.3 × 0.50
    ]

    @Test func theSeedsBillForEveryCase() {
        for (tier, minutes, gb, expected) in Self.table {
            let bill = UsageBasedBilling.calculateMonthlyBill(usage: MonthlyUsage(totalMinutes: minutes, totalDataGB: gb),
                                                              plan: .forTier(tier))
            #expect(bill == Self.d(expected), "\(tier) \(minutes) min \(gb) GB: \(bill)")
        }
    }

    @Test func unlimitedTiersNeverBillMinutes() {
        for tier in [SubscriptionTier.premium, .business] {
            let bill = UsageBasedBilling.itemize(usage: MonthlyUsage(totalMinutes: Int.max, totalDataGB: 0), plan: .forTier(tier))
            #expect(bill.overageMinutes == 0)
            #expect(bill.minutesCharge == 0)
        }
    }

    @Test func billLinesNameEachCharge() {
        let plan = UsageBasedBilling.UsageRate.forTier(.basic)
        let bill = UsageBasedBilling.itemize(usage: MonthlyUsage(totalMinutes: 1_010, totalDataGB: 5.1), plan: plan)
        let lines = UsageBasedBilling.lines(for: bill, plan: plan) { "$\($0)" }
        #expect(lines.map(\.key) == ["voip.bill.minutes", "voip.bill.data", "voip.bill.total"])
        #expect(lines[0].arguments == [.integer(10), "$0.03", "$0.3"])
        #expect(lines[1].arguments == ["0.1", "$1.5", "$0.15"])
        #expect(lines[2].arguments == ["$0.45"])
        let none = UsageBasedBilling.lines(for: UsageBasedBilling.itemize(usage: MonthlyUsage(), plan: plan), plan: plan) { "\($0)" }
        #expect(none.map(\.key) == ["voip.bill.none"])
    }

    @Test func theMeterCountsPerMonthAndAddsAdMinutes() {
        let utc = TimeZone(identifier: "UTC")!
        let may31 = Date(timeIntervalSince1970: 1_780_185_600)   // 2026-05-31T00:00:00Z
        var meter = UsageMeter()
        meter.recordCall(minutes: 40, dataGB: 0.25, now: may31, timeZone: utc)
        meter.recordCall(minutes: 70, dataGB: 0.5, now: may31, timeZone: utc)
        meter.addBonus(minutes: 20, now: may31, timeZone: utc)
        #expect(meter.month == "2026-05")
        #expect(meter.usage == MonthlyUsage(totalMinutes: 110, totalDataGB: 0.75))
        #expect(meter.remainingMinutes(allowance: .minutes(100)) == 10)
        #expect(meter.remainingMinutes(allowance: .unlimited) == nil)
        meter.recordCall(minutes: -5, dataGB: .nan, now: may31, timeZone: utc)
        #expect(meter.usage.totalMinutes == 110)
        meter.recordCall(minutes: 3, dataGB: 0, now: may31.addingTimeInterval(86_400), timeZone: utc)
        #expect(meter.month == "2026-06")
        #expect(meter.usage.totalMinutes == 3)
        #expect(meter.bonusMinutes == 0)
        // In Shanghai 2026-05-31T20:00Z is already June.
        var shanghai = UsageMeter()
        shanghai.recordCall(minutes: 1, dataGB: 0, now: may31.addingTimeInterval(20 * 3600), timeZone: TimeZone(identifier: "Asia/Shanghai")!)
        #expect(shanghai.month == "2026-06")
    }
}
