import Foundation

/// What a team's server sends the App Store after a CONSUMPTION_REQUEST (Apple's
/// `ConsumptionRequest`, Send Consumption Information v2), with Apple's documented rules: the
/// customer consented, a delivery status, an optional refund preference and consumed share.
public struct ConsumptionInformation: Hashable, Sendable {
    /// `deliveryStatus`: whether the app delivered an In-App Purchase that works properly.
    public enum DeliveryStatus: String, Hashable, Sendable, WordNamed {
        case delivered = "DELIVERED"
        case undeliveredQualityIssue = "UNDELIVERED_QUALITY_ISSUE"
        case undeliveredWrongItem = "UNDELIVERED_WRONG_ITEM"
        case undeliveredServerOutage = "UNDELIVERED_SERVER_OUTAGE"
        case undeliveredOther = "UNDELIVERED_OTHER"
    }

    /// `refundPreference`: the outcome the team prefers.
    public enum RefundPreference: String, Hashable, Sendable, WordNamed {
        case decline = "DECLINE"
        case grantFull = "GRANT_FULL"
        case grantProrated = "GRANT_PRORATED"
    }

    public var deliveryStatus: DeliveryStatus
    /// `consumptionPercentage`: the share consumed in milliunits (45200 is 45.2%), 0…100000.
    public var consumptionPercentage: Int?
    public var refundPreference: RefundPreference?
    /// `sampleContentProvided`: a free sample, trial or description was offered before the purchase.
    public var sampleContentProvided: Bool

    public init(deliveryStatus: DeliveryStatus, consumptionPercentage: Int? = nil, refundPreference: RefundPreference? = nil,
                sampleContentProvided: Bool = false) {
        self.deliveryStatus = deliveryStatus
        self.consumptionPercentage = consumptionPercentage
        self.refundPreference = refundPreference
        self.sampleContentProvided = sampleContentProvided
    }

    /// Milliunits for a percentage written as a person writes it (`45.2`, `30`, `100`), or nil
    /// for anything but a number from 0 to 100 with at most three decimals.
    public static func milliunits(percent text: String) -> Int? {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value >= 0, value <= 100 else { return nil }
        var scaled = value * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled else { return nil }
        return NSDecimalNumber(decimal: rounded).intValue
    }

    /// Why Apple refuses this for a product of `productType` (`Auto-Renewable Subscription`,
    /// `Consumable`, …), or nil. From Apple's `refundPreference` and `consumptionPercentage`
    /// pages: with `GRANT_PRORATED`, an auto-renewable subscription sends no percentage ("the
    /// system calculates the consumption automatically") and any other product one above 0.
    public func problem(productType: String) -> String? {
        if let consumptionPercentage, !(0...100_000).contains(consumptionPercentage) {
            return "consumptionPercentage is in milliunits, 0 to 100000"
        }
        guard refundPreference == .grantProrated else { return nil }
        if productType == "Auto-Renewable Subscription" {
            return consumptionPercentage == nil ? nil
                : "GRANT_PRORATED for an auto-renewable subscription takes no consumptionPercentage (the App Store calculates it)"
        }
        return (consumptionPercentage ?? 0) > 0 ? nil : "GRANT_PRORATED needs a consumptionPercentage greater than 0"
    }

    /// The answer as the state keeps it, received at `now`.
    public func answer(at now: Date) -> ConsumptionAnswer {
        ConsumptionAnswer(version: 2, receivedAt: now, deliveryStatus: deliveryStatus.rawValue, consumptionPercentage: consumptionPercentage,
                          refundPreference: refundPreference?.rawValue, sampleContentProvided: sampleContentProvided)
    }
}
