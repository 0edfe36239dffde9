import Foundation
import StoreSim

/// A simulated Apple Pay sheet (seed 001's `purchaseWithApplePay`): the request it shows and how it ends.
public enum ApplePaySheet {
    /// One line of the sheet's summary (`PKPaymentSummaryItem`).
    public struct SummaryItem: Hashable, Sendable {
        public var label: String
        public var amount: Decimal
        public init(label: String, amount: Decimal) {
            self.label = label
            self.amount = amount
        }
    }

    /// The payment request (`PKPaymentRequest`) for one product.
    public struct Request: Hashable, Sendable {
        public var merchantIdentifier: String
        public var supportedNetworks: [PaymentNetwork]
        /// Always 3-D Secure, as in the seed.
        public var merchantCapabilities: [String]
        public var countryCode: String
        public var currencyCode: String
        public var summaryItems: [SummaryItem]
        /// The product being paid for.
        public var productID: String

        /// The amount the sheet charges: the last summary item, as Apple Pay shows the total.
        public var total: Decimal { summaryItems.last?.amount ?? 0 }
    }

    /// How the sheet ended.
    public enum Outcome: Hashable, Sendable {
        /// Face ID / Touch ID authorised the payment; `token` is a simulated payment token id.
        case authorized(token: String)
        case cancelled
        /// The sheet could not be shown or the payment failed (`reason` for the message).
        case failed(reason: String)
    }

    /// What the simulated user does with the sheet.
    public enum Action: Hashable, Sendable {
        case authorize, cancel
        /// Authorisation fails, e.g. `cardDeclined`.
        case fail(String)
    }

    /// Whether the device can pay with any of `requested` (`canMakePayments(usingNetworks:)`).
    public static func canMakePayments(deviceNetworks: Set<PaymentNetwork>, requested: [PaymentNetwork]) -> Bool {
        requested.contains { deviceNetworks.contains($0) }
    }

    /// The request for `product`: the config's merchant, networks, country and currency; one summary
    /// item with the product's name in `locale` and its price in `storefront`.
    public static func request(for product: StoreProduct, config: ApplePayConfig, storefront: String,
                               locale: String) -> Request {
        Request(merchantIdentifier: config.merchantIdentifier, supportedNetworks: config.supportedNetworks,
                merchantCapabilities: ["capability3DS"], countryCode: config.countryCode,
                currencyCode: config.currencyCode,
                summaryItems: [SummaryItem(label: product.displayName(for: locale), amount: product.price(in: storefront))],
                productID: product.id)
    }

    /// Plays the sheet: refused when the device cannot pay with the request's networks
    /// (`applePay.unavailable`), otherwise the user's action decides. `tokenID` is injected for determinism.
    public static func present(_ request: Request, deviceNetworks: Set<PaymentNetwork>, action: Action,
                               tokenID: () -> String) -> Outcome {
        guard canMakePayments(deviceNetworks: deviceNetworks, requested: request.supportedNetworks) else {
            return .failed(reason: "unavailable")
        }
        guard request.total > 0 else { return .failed(reason: "invalidAmount") }
        switch action {
        case .authorize: return .authorized(token: tokenID())
        case .cancel: return .cancelled
        case .fail(let reason): return .failed(reason: reason)
        }
    }

    /// The message for an outcome: `applePay.authorized`, `applePay.cancelled`, `applePay.unavailable`
    /// or `applePay.failed` [reason].
    public static func copy(for outcome: Outcome) -> CopyLine {
        switch outcome {
        case .authorized: return CopyLine("applePay.authorized")
        case .cancelled: return CopyLine("applePay.cancelled")
        case .failed("unavailable"): return CopyLine("applePay.unavailable")
        case .failed(let reason): return CopyLine("applePay.failed", .string(reason))
        }
    }
}
