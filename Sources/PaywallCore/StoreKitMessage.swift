import Foundation

/// A StoreKit message the App Store sent the app (`StoreKit.Message`), shown over the current
/// screen until the user answers: Enter accepts (update payment, agree, take the offer), Esc declines.
public struct StoreKitMessage: Hashable, Sendable {
    /// `Message.Reason`.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        case billingIssue, priceIncreaseConsent, winBackOffer
    }

    public var reason: Reason
    public var groupID: String
    public var productID: String
    /// The product's localized name.
    public var productName: String
    /// The new price (price increase), localized.
    public var displayPrice: String?
    /// The win-back offer's terms (price, period, count).
    public var offer: TrialTerms?
    public var offerID: String?

    public init(reason: Reason, groupID: String, productID: String, productName: String,
                displayPrice: String? = nil, offer: TrialTerms? = nil, offerID: String? = nil) {
        self.reason = reason
        self.groupID = groupID
        self.productID = productID
        self.productName = productName
        self.displayPrice = displayPrice
        self.offer = offer
        self.offerID = offerID
    }
}
