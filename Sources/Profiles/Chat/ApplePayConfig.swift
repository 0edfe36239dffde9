import Foundation

/// How an app offers Apple Pay (seed 001's `PKPaymentRequest` settings).
public struct ApplePayConfig: Hashable, Codable, Sendable {
    /// `merchant.com.paywallsim.chat`.
    public var merchantIdentifier: String
    /// Card networks the merchant accepts.
    public var supportedNetworks: [PaymentNetwork]
    /// ISO-3166 alpha-2 country of the merchant (`CN`).
    public var countryCode: String
    /// ISO-4217 currency of the charge (`CNY`).
    public var currencyCode: String
    /// Whether the app offers Apple Pay for subscriptions (what Guideline 3.1.1 forbids for digital goods).
    public var forSubscriptions: Bool

    public init(merchantIdentifier: String, supportedNetworks: [PaymentNetwork], countryCode: String,
                currencyCode: String, forSubscriptions: Bool = true) {
        self.merchantIdentifier = merchantIdentifier
        self.supportedNetworks = supportedNetworks
        self.countryCode = countryCode
        self.currencyCode = currencyCode
        self.forSubscriptions = forSubscriptions
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case merchantIdentifier, supportedNetworks, countryCode, currencyCode, forSubscriptions
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(merchantIdentifier: try c.decode(String.self, forKey: .merchantIdentifier),
                  supportedNetworks: try c.decode([PaymentNetwork].self, forKey: .supportedNetworks),
                  countryCode: try c.decode(String.self, forKey: .countryCode),
                  currencyCode: try c.decode(String.self, forKey: .currencyCode),
                  forSubscriptions: try c.decodeIfPresent(Bool.self, forKey: .forSubscriptions) ?? true)
    }

    /// The keys a profile file's `applePay` object may hold.
    static let fileKeys = CodingKeys.allCases.map(\.rawValue)
}

/// A card network Apple Pay can charge (`PKPaymentNetwork`).
public enum PaymentNetwork: String, Hashable, Codable, Sendable, CaseIterable {
    case visa, masterCard, chinaUnionPay, amex, discover, jcb, maestro
}
