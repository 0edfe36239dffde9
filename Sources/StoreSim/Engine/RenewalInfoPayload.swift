import Foundation

/// The fields of Apple's `JWSRenewalInfoDecodedPayload` (StoreKit's `Product.SubscriptionInfo.RenewalInfo`),
/// with Apple's names and codes; dates in ms since 1970. Signed like transactions.
public struct RenewalInfoPayload: Codable, Hashable, Sendable {
    /// Why the subscription expired: 1 cancelled (auto-renew off), 2 billing error,
    /// 3 did not consent to a price increase, 4 product not available, 5 other. Nil while it renews.
    public var expirationIntent: Int?
    public var originalTransactionId: String
    /// The product the next renewal bills (another after a downgrade or crossgrade).
    public var autoRenewProductId: String
    public var productId: String
    /// 1: renews at the end of the period; 0: auto-renew is off.
    public var autoRenewStatus: Int
    public var isInBillingRetryPeriod: Bool?
    /// 0: the customer has not answered a price increase that needs consent; 1: consented, or told of
    /// one that needs none. Absent when no increase is pending.
    public var priceIncreaseStatus: Int?
    public var gracePeriodExpiresDate: Int64?
    /// The offer the next renewal applies: 1 introductory, 2 promotional, 3 offer code, 4 win-back.
    public var offerType: Int?
    public var offerIdentifier: String?
    public var offerDiscountType: String?
    public var signedDate: Int64
    public var environment: String
    /// The start of the latest run of continuous subscription (no gap over 60 days).
    public var recentSubscriptionStartDate: Int64
    /// When the subscription renews (its current expiry).
    public var renewalDate: Int64?
    public var currency: String
    /// The price of the next renewal in milliunits of `currency`.
    public var renewalPrice: Int64
    /// Win-back offers the customer may redeem now (a lapsed subscriber).
    public var eligibleWinBackOfferIds: [String]?
    public var appAccountToken: String?
    /// The app's `AppTransaction` id (Apple's 2025 field).
    public var appTransactionId: String? = nil
    /// The duration of the offer the next renewal applies, ISO-8601 (Apple's 2025 field).
    public var offerPeriod: String? = nil

    /// The payload's JSON, keys sorted so the bytes repeat.
    public func encoded() throws -> Data { try CompactJWS.encoder.encode(self) }

    /// StoreKit's name for `expirationIntent` (`RenewalInfo.ExpirationReason`).
    public var expirationReasonName: String? {
        expirationIntent.map { ["autoRenewDisabled", "billingError", "didNotConsentToPriceIncrease", "productUnavailable", "unknown"][max(1, min($0, 5)) - 1] }
    }
}
