import Foundation
import StoreKitVocabulary

/// The nine APIs StoreKit Testing can make fail (`SKTestSession.setSimulatedError(_:forAPI:)`,
/// the `.storekit` file's `_storeKitErrors`), with the errors each one may be given.
public enum StoreKitTestAPI: String, CaseIterable, Sendable, Hashable {
    case loadProducts, purchase, verification, appStoreSync, subscriptionStatus, appTransaction
    case manageSubscriptions, refundRequest, offerCodeRedeem

    /// The API as Xcode names it in `_storeKitErrors` (the key of `StoreSettings.forcedErrors`).
    public var xcodeName: String {
        switch self {
        case .loadProducts: return "Load Products"
        case .purchase: return "Purchase"
        case .verification: return "Verification"
        case .appStoreSync: return "App Store Sync"
        case .subscriptionStatus: return "Subscription Status"
        case .appTransaction: return "App Transaction"
        case .manageSubscriptions: return "Manage Subscriptions Sheet"
        case .refundRequest: return "Refund Request Sheet"
        case .offerCodeRedeem: return "Offer Code Redeem Sheet"
        }
    }

    /// `StoreKitError` cases: every API may fail with one (`SKTestFailures.generic`).
    public static let genericErrors = ["unknown", "userCancelled", "networkError", "systemError",
                                       "notAvailableInStorefront", "notEntitled", "unsupported"]
    /// `Product.PurchaseError` cases (`SKTestFailures.Purchase`).
    public static let purchaseErrors = ["invalidQuantity", "productUnavailable", "purchaseNotAllowed", "ineligibleForOffer",
                                        "invalidOfferIdentifier", "invalidOfferPrice", "invalidOfferSignature", "missingOfferParameters"]
    /// `VerificationResult.VerificationError` cases.
    public static let verificationErrors = ["revokedCertificate", "invalidCertificateChain", "invalidDeviceVerification",
                                            "invalidEncoding", "invalidSignature", "missingRequiredProperties"]
    /// `Transaction.RefundRequestError` cases.
    public static let refundRequestErrors = ["duplicateRequest", "failed"]

    /// The error names this API may be given, as `SKTestFailures` groups them per API.
    public var allowedErrors: [String] {
        switch self {
        case .purchase: return Self.genericErrors + Self.purchaseErrors
        case .verification: return Self.verificationErrors
        case .appTransaction: return Self.genericErrors + Self.verificationErrors
        case .refundRequest: return Self.genericErrors + Self.refundRequestErrors
        case .loadProducts, .appStoreSync, .subscriptionStatus, .manageSubscriptions, .offerCodeRedeem: return Self.genericErrors
        }
    }

    /// The API whose tape and CLI name is `name` (case-insensitive).
    public init?(name: String) {
        guard let api = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = api
    }
}

extension StoreSettings {
    /// The error forced on `api` now, if any.
    public func forcedError(_ api: StoreKitTestAPI) -> StoreKitErrorName? { forcedErrors[api.xcodeName].map(StoreKitErrorName.init(rawValue:)) }
}

extension StoreSettings {
    /// Simulated errors to set or clear per API (`""` clears), as `store error` and `Set Store Error` change them.
    public struct Errors: Sendable, Hashable {
        var errors: [StoreKitTestAPI: String] = [:]

        public init() {}

        public subscript(api: StoreKitTestAPI) -> String? {
            get { errors[api] }
            set { errors[api] = newValue }
        }

        /// `settings` with these errors applied; the purchase API also drives `failTransactionsEnabled`.
        public func applied(to settings: StoreSettings) -> StoreSettings {
            var s = settings
            for (api, error) in errors {
                if error.isEmpty { s.forcedErrors.removeValue(forKey: api.xcodeName) } else { s.forcedErrors[api.xcodeName] = error }
                if api == .purchase { s.failTransactionsEnabled = !error.isEmpty }
            }
            return s
        }
    }
}
