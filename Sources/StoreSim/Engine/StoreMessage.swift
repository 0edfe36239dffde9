import Foundation

/// A StoreKit message (`StoreKit.Message`) the App Store has for the app to show over its screen.
public struct StoreMessage: Codable, Hashable, Sendable {
    /// `Message.Reason`: the three kinds the App Store sends.
    public enum Reason: String, Codable, Sendable, Hashable, CaseIterable {
        /// A renewal failed: update the payment method.
        case billingIssue
        /// A price increase that needs the customer's consent.
        case priceIncreaseConsent
        /// A lapsed subscriber may come back with a win-back offer.
        case winBackOffer
    }

    public var reason: Reason
    public var groupID: String
    public var productID: String
    /// The new price (price increase) or the offer price (win-back), as a decimal string.
    public var price: String?
    /// The win-back offer's identifier.
    public var offerID: String?

    public init(reason: Reason, groupID: String, productID: String, price: String? = nil, offerID: String? = nil) {
        self.reason = reason
        self.groupID = groupID
        self.productID = productID
        self.price = price
        self.offerID = offerID
    }
}

/// A price increase App Store Connect scheduled for a subscription.
public struct PriceIncrease: Codable, Hashable, Sendable {
    /// The price renewals bill from the next one on.
    public var newPrice: Decimal
    /// Whether the customer must agree (else the App Store only tells them).
    public var needsConsent: Bool
    /// nil: no answer yet; true: agreed; false: declined (the subscription ends with its period).
    public var consented: Bool?
}
