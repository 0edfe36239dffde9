import Foundation
import PaywallCore

/// The plans of the embedded catalog as the paywall shows them in the USA storefront, for tests
/// that build flow models and screens without a store.
public enum TestPlans {
    public static let weekly = Plan(id: "weekly_9_99", displayName: "Weekly", price: Decimal(string: "9.99") ?? 0,
                                    currencyCode: "USD", displayPrice: "$9.99", period: BillingPeriod(value: 1, unit: .week))
    public static let monthly = Plan(id: "monthly_14_99", displayName: "Monthly", price: Decimal(string: "14.99") ?? 0,
                                     currencyCode: "USD", displayPrice: "$14.99", period: BillingPeriod(value: 1, unit: .month),
                                     equivalent: PriceEquivalent(unit: .week, displayPrice: "$3.46"))
    public static let yearly = Plan(id: "yearly_59_99", displayName: "Yearly", price: Decimal(string: "59.99") ?? 0,
                                    currencyCode: "USD", displayPrice: "$59.99", period: BillingPeriod(value: 1, unit: .year),
                                    trial: TrialTerms(paymentMode: .free, period: BillingPeriod(value: 1, unit: .week)),
                                    isBestValue: true, equivalent: PriceEquivalent(unit: .week, displayPrice: "$1.15"))
    /// A plan no offer of the embedded config names.
    public static let yearlyDiscount = Plan(id: "yearly_39_99", displayName: "Yearly (offer)", price: Decimal(string: "39.99") ?? 0,
                                            currencyCode: "USD", displayPrice: "$39.99", period: BillingPeriod(value: 1, unit: .year))
}
