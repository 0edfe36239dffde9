import Foundation

/// Introductory offer terms: a free trial, pay as you go or pay up front.
public struct TrialTerms: Hashable, Codable, Sendable {
    /// How an introductory offer is paid, as `.storekit` files name it.
    public enum PaymentMode: String, Codable, Sendable {
        case free, payAsYouGo, payUpFront
    }

    public var paymentMode: PaymentMode
    /// Length of one offer period (the whole trial for `free` and `payUpFront`).
    public var period: BillingPeriod
    /// How many periods the offer lasts (payAsYouGo); 1 otherwise.
    public var numberOfPeriods: Int
    /// The localized offer price; nil for free trials.
    public var displayPrice: String?

    public init(paymentMode: PaymentMode, period: BillingPeriod, numberOfPeriods: Int = 1, displayPrice: String? = nil) {
        self.paymentMode = paymentMode
        self.period = period
        self.numberOfPeriods = numberOfPeriods
        self.displayPrice = displayPrice
    }
}
