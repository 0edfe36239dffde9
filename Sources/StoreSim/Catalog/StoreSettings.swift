import Foundation

/// The test-environment switches of a `.storekit` file's `settings` block, and the simulator's own.
public struct StoreSettings: Hashable, Codable, Sendable {
    /// ISO-3166 alpha-3 storefront, e.g. `USA`, `CHN`, `KOR`.
    public var storefront: String
    /// Locale in `.storekit` style (`en_US`, `zh_Hans`).
    public var locale: String
    public var timeRate: TimeRate
    public var askToBuyEnabled: Bool
    public var failTransactionsEnabled: Bool
    /// StoreKit errors forced per API (`Purchase` → `networkError`), when enabled.
    public var forcedErrors: [String: String]
    public var billingIssuesEnabled: Bool
    public var renewalBillingIssuesEnabled: Bool
    public var billingGracePeriodEnabled: Bool
    /// Days of the billing grace period when it is on: 3, 16 or 28 (App Store Connect's choices);
    /// nil: 16, what `_billingGracePeriodEnabled` gives.
    public var gracePeriodDays: Int?
    /// The simulator's switch: sign purchases with a key the backend does not trust.
    public var unverifiedTransactions: Bool
    /// The simulator's switch: purchases are interrupted (need an action outside the app).
    public var interruptedPurchases: Bool
    /// `_disableDialogs`: complete purchases without showing the App Store sheet.
    public var disableDialogs: Bool
    /// v3+ `_storeKitErrors`: every per-API entry of the file, enabled or not.
    public var storeKitErrors: [StoreKitErrorSetting]
    /// v2 `_storeKitError`: the `SKError.Code` failing transactions return (0 = unknown).
    public var legacyStoreKitErrorCode: Int?
    /// `_compatibilityTimeRate`: the legacy rate code older readers use (kept, not used for timing).
    public var compatibilityTimeRate: Int?
    /// How Apple's sandbox answers refund requests ("depending on your testing setup", Apple's
    /// "Testing refund requests"): true declines them, nil or false approves them. Only a
    /// `Sandbox` store reads it (Xcode approves at once; Production waits for a decision).
    public var sandboxDeclinesRefunds: Bool? = nil
    /// Products taken off sale in App Store Connect, by id (nil: none): they are not sold, and
    /// their subscribers expire at the end of the period (`EXPIRED`/`PRODUCT_NOT_FOR_SALE`).
    public var offSale: [String]? = nil

    public init(storefront: String = "USA", locale: String = "en_US", timeRate: TimeRate = .realTime,
                askToBuyEnabled: Bool = false, failTransactionsEnabled: Bool = false,
                forcedErrors: [String: String] = [:], billingIssuesEnabled: Bool = false,
                renewalBillingIssuesEnabled: Bool = false, billingGracePeriodEnabled: Bool = false,
                unverifiedTransactions: Bool = false, interruptedPurchases: Bool = false,
                disableDialogs: Bool = false, storeKitErrors: [StoreKitErrorSetting] = [],
                legacyStoreKitErrorCode: Int? = nil, compatibilityTimeRate: Int? = nil) {
        self.storefront = storefront
        self.locale = locale
        self.timeRate = timeRate
        self.askToBuyEnabled = askToBuyEnabled
        self.failTransactionsEnabled = failTransactionsEnabled
        self.forcedErrors = forcedErrors
        self.billingIssuesEnabled = billingIssuesEnabled
        self.renewalBillingIssuesEnabled = renewalBillingIssuesEnabled
        self.billingGracePeriodEnabled = billingGracePeriodEnabled
        self.unverifiedTransactions = unverifiedTransactions
        self.interruptedPurchases = interruptedPurchases
        self.disableDialogs = disableDialogs
        self.storeKitErrors = storeKitErrors
        self.legacyStoreKitErrorCode = legacyStoreKitErrorCode
        self.compatibilityTimeRate = compatibilityTimeRate
    }

    /// The grace period's length in days when on (16 unless set).
    public var effectiveGracePeriodDays: Int { gracePeriodDays ?? 16 }

    /// Whether `productID` was taken off sale.
    public func isOffSale(_ productID: String) -> Bool { offSale?.contains(productID) ?? false }

    /// App Store Connect's billing grace period choices, in days.
    public static let gracePeriodChoices = [3, 16, 28]
}

/// One entry of `_storeKitErrors`: an API (`Purchase`, `Load Products`, …) and the error Xcode remembers for it.
public struct StoreKitErrorSetting: Hashable, Codable, Sendable {
    /// The API as Xcode names it, e.g. `Purchase`, `Load Products`, `App Store Sync`.
    public var name: String
    /// Whether the error is forced now.
    public var enabled: Bool
    /// The error family of the remembered choice: `generic`, `purchase` or `verification`.
    public var errorType: String?
    /// The index of the remembered choice within its family.
    public var errorIndex: Int?

    public init(name: String, enabled: Bool, errorType: String? = nil, errorIndex: Int? = nil) {
        self.name = name
        self.enabled = enabled
        self.errorType = errorType
        self.errorIndex = errorIndex
    }

    /// A StoreKit 2 error name for the remembered choice, e.g. `networkError`, `productUnavailable`.
    ///
    /// Apple does not document the index order; this follows the order of the StoreKit 2 error
    /// enums (`StoreKitError`, `Product.PurchaseError`, `VerificationResult.VerificationError`),
    /// which is an inference. Unknown families or indexes read as `unknown`.
    public var errorName: String? {
        guard let errorType, let errorIndex else { return nil }
        let names: [String]
        switch errorType {
        case "generic":
            names = ["unknown", "systemError", "networkError", "notAvailableInStorefront", "notEntitled", "unsupported"]
        case "purchase":
            names = ["invalidQuantity", "productUnavailable", "purchaseNotAllowed", "ineligibleForOffer",
                     "invalidOfferIdentifier", "invalidOfferPrice", "invalidOfferSignature", "missingOfferParameters"]
        case "verification":
            names = ["revokedCertificate", "invalidCertificateChain", "invalidDeviceVerification", "invalidEncoding",
                     "invalidSignature", "missingRequiredProperties"]
        default:
            names = []
        }
        return names.indices.contains(errorIndex) ? names[errorIndex] : "unknown"
    }

    /// The name of a v2 `_storeKitError` code (`SKError.Code` raw value), e.g. 0 → `unknown`, 11 → `invalidOfferIdentifier`.
    public static func legacyErrorName(_ code: Int) -> String {
        let names = ["unknown", "clientInvalid", "paymentCancelled", "paymentInvalid", "paymentNotAllowed",
                     "storeProductNotAvailable", "cloudServicePermissionDenied", "cloudServiceNetworkConnectionFailed",
                     "cloudServiceRevoked", "privacyAcknowledgementRequired", "unauthorizedRequestData",
                     "invalidOfferIdentifier", "invalidSignature", "missingOfferParams", "invalidOfferPrice"]
        return names.indices.contains(code) ? names[code] : "unknown"
    }
}
