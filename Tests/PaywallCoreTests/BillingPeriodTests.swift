import Foundation
import Testing
@testable import PaywallCore

@Suite struct BillingPeriodTests {
    @Test func parsesStoreKitPeriods() {
        #expect(BillingPeriod(iso8601: "P1W") == BillingPeriod(value: 1, unit: .week))
        #expect(BillingPeriod(iso8601: "P3D") == BillingPeriod(value: 3, unit: .day))
        #expect(BillingPeriod(iso8601: "P2M")?.iso8601 == "P2M")
        #expect(BillingPeriod(iso8601: "P1Y")?.unit == .year)
        #expect(BillingPeriod(iso8601: "1Y") == nil)
        #expect(BillingPeriod(iso8601: "P0W") == nil)
        #expect(BillingPeriod(iso8601: "PXW") == nil)
    }
}
