import Foundation

/// A StoreKit error by its case name (`StoreKitError`, `Product.PurchaseError`,
/// `VerificationResult.VerificationError`, `Transaction.RefundRequestError`, or a v2 file's
/// `SKError.Code`): what a refusal, a simulated error or a `.storekit` file's forced error names.
public struct StoreKitErrorName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The case name, e.g. `productUnavailable`.
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let systemError: Self = "systemError"
    public static let unknown: Self = "unknown"
    public static let invalidQuantity: Self = "invalidQuantity"
    public static let productUnavailable: Self = "productUnavailable"
    public static let ineligibleForOffer: Self = "ineligibleForOffer"
    public static let invalidOfferIdentifier: Self = "invalidOfferIdentifier"
    public static let invalidSignature: Self = "invalidSignature"
    public static let duplicateRequest: Self = "duplicateRequest"
}
