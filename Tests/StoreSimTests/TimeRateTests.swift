import Foundation
import PaywallCore
import Testing
@testable import StoreSim

@Suite("Time rates")
struct TimeRateTests {
    let week = BillingPeriod(value: 1, unit: .week)
    let month = BillingPeriod(value: 1, unit: .month)
    let year = BillingPeriod(value: 1, unit: .year)

    @Test func nIsOneDayRates() {
        #expect(TimeRate.oneSecondIsOneDay.scaledDuration(of: week) == 7)
        #expect(TimeRate.oneSecondIsOneDay.scaledDuration(of: month) == 30)
        #expect(TimeRate.oneMinuteIsOneDay.scaledDuration(of: year) == TimeInterval(365 * 60))
        #expect(TimeRate.oneHourIsOneDay.scaledDuration(of: BillingPeriod(value: 3, unit: .day)) == TimeInterval(3 * 3600))
    }

    @Test func monthlyRenewalEveryThirtySeconds() {
        let rate = TimeRate.monthlyRenewalEveryThirtySeconds
        #expect(rate.scaledDuration(of: month) == 30)
        #expect(rate.scaledDuration(of: week) == 10)
        #expect(rate.scaledDuration(of: year) == 360)
        #expect(TimeRate.monthlyRenewalEveryHour.scaledDuration(of: month) == 3600)
    }

    @Test func oneRenewalEveryRatesIgnoreThePeriod() {
        #expect(TimeRate.oneRenewalEveryTwoSeconds.scaledDuration(of: week) == 2)
        #expect(TimeRate.oneRenewalEveryTwoSeconds.scaledDuration(of: year) == 2)
        #expect(TimeRate.oneRenewalEveryTenSeconds.scaledDuration(of: month) == 10)
    }

    @Test func realTimeUsesTheCalendar() {
        #expect(TimeRate.realTime.scaledDuration(of: month) == nil)
        let jan31 = Date(timeIntervalSince1970: 1_769_817_600) // 2026-01-31T00:00Z
        let next = TimeRate.realTime.advance(jan31, by: month)
        #expect(next == Date(timeIntervalSince1970: 1_772_236_800)) // 2026-02-28T00:00Z
        #expect(TimeRate.realTime.scaledDays(16) == 16 * 86_400)
        #expect(TimeRate.oneSecondIsOneDay.scaledDays(16) == 16)
    }
}
