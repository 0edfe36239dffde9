import Foundation
import PaywallFoundation

/// A renewal-date extension refused because the subscription already had two in the past 365 days
/// (the App Store Server API's `SubscriptionMaxExtensionError`).
public struct RenewalExtensionLimitReached: Error, Hashable, Sendable, CustomStringConvertible {
    public var originalTransactionID: String
    /// The extensions of the past 365 days.
    public var dates: [Date]

    public var description: String {
        "subscription \(originalTransactionID) was extended twice in the past 365 days (\(dates.map(ISO8601.string).joined(separator: ", "))); a third is refused"
    }
}
