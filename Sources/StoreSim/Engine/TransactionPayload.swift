import Foundation

/// The fields of Apple's `JWSTransactionDecodedPayload`, with Apple's names; dates in ms since 1970.
public struct TransactionPayload: Codable, Hashable, Sendable {
    public var transactionId: String
    public var originalTransactionId: String
    public var webOrderLineItemId: String?
    public var bundleId: String
    public var productId: String
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Int64
    public var originalPurchaseDate: Int64
    public var expiresDate: Int64?
    public var quantity: Int
    /// `Auto-Renewable Subscription`, `Non-Consumable`, `Consumable`, `Non-Renewing Subscription`.
    public var type: String
    public var appAccountToken: String?
    /// `PURCHASED` or `FAMILY_SHARED`.
    public var inAppOwnershipType: String
    public var signedDate: Int64
    /// 0: other, 1: an issue with the app (Apple's refund reasons).
    public var revocationReason: Int?
    public var revocationDate: Int64?
    public var isUpgraded: Bool?
    /// 1: introductory, 2: promotional, 3: offer code.
    public var offerType: Int?
    public var offerIdentifier: String?
    /// `FREE_TRIAL`, `PAY_AS_YOU_GO`, `PAY_UP_FRONT`.
    public var offerDiscountType: String?
    /// `Xcode`, `Sandbox` or `Production`.
    public var environment: String
    public var storefront: String
    public var storefrontId: String
    /// `PURCHASE` or `RENEWAL`.
    public var transactionReason: String
    /// The price in milliunits of `currency` (9.99 USD is 9990).
    public var price: Int64
    public var currency: String
    /// The app's `AppTransaction` id (Apple's 2025 field), the same in every transaction of the app.
    public var appTransactionId: String? = nil
    /// The offer's duration, ISO-8601 (`P1W`), when an offer applies (Apple's 2025 field).
    public var offerPeriod: String? = nil

    /// `date` as Apple's milliseconds since 1970.
    public static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    /// Apple's milliseconds since 1970 as a date.
    public static func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

    public var purchase: Date { Self.date(purchaseDate) }
    public var expires: Date? { expiresDate.map(Self.date) }
    public var revoked: Date? { revocationDate.map(Self.date) }

    /// The payload's JSON, keys sorted so the bytes repeat (as `JSONEncoder` writes it; see `sortedKeyJSON`).
    public func encoded() throws -> Data { sortedKeyJSON() }

    /// A price in milliunits, as Apple writes it.
    public static func milliunits(_ price: Decimal) -> Int64 {
        NSDecimalNumber(decimal: price * 1000).rounding(accordingToBehavior: nil).int64Value
    }

    /// Apple's `type` string for a product kind.
    public static func typeName(_ kind: StoreProduct.Kind) -> String {
        switch kind {
        case .consumable: return "Consumable"
        case .nonConsumable: return "Non-Consumable"
        case .nonRenewingSubscription: return "Non-Renewing Subscription"
        case .autoRenewable: return "Auto-Renewable Subscription"
        }
    }
}
