import Foundation
import StoreKitVocabulary

extension StoreCatalog {
    /// A subscription offer of `productID` by Apple's offer type (1 intro, 2 promotional, 3 offer
    /// code by reference name, 4 win-back) and identifier.
    public func subscriptionOffer(_ id: String?, type: Int, productID: String) -> SubscriptionOffer? {
        guard let info = product(productID)?.subscription else { return nil }
        switch type {
        case 1: return info.introductoryOffer
        case 2: return info.promotionalOffers.first { $0.offerID == id }
        case 3: return info.codeOffers.first { $0.referenceName == id || ($0.offerID != nil && $0.offerID == id) }
        case 4: return info.winbackOffers.first { $0.offerID == id }
        default: return nil
        }
    }

    /// Every win-back offer of the group's products, with its product.
    public func winBackOffers(groupID: String) -> [(productID: String, offer: SubscriptionOffer)] {
        guard let group = group(groupID) else { return [] }
        return group.productIDs.flatMap { id in (product(id)?.subscription?.winbackOffers ?? []).map { (id, $0) } }
    }

    /// Every offer code of the catalog, with its product: `(product, offer)` in file order.
    public var codeOffers: [(productID: String, offer: SubscriptionOffer)] {
        products.flatMap { product in (product.subscription?.codeOffers ?? []).map { (product.id, $0) } }
    }
}

extension SubscriptionOffer {
    /// Apple's `offerDiscountType`: `FREE_TRIAL`, `PAY_AS_YOU_GO` or `PAY_UP_FRONT`.
    public var discountTypeName: String {
        switch paymentMode {
        case .free: return "FREE_TRIAL"
        case .payAsYouGo: return "PAY_AS_YOU_GO"
        case .payUpFront: return "PAY_UP_FRONT"
        }
    }

    /// Apple's offer type number for the kind: 1 introductory, 2 promotional, 3 offer code, 4 win-back.
    public var offerType: Int {
        switch kind {
        case .introductory: return 1
        case .promotional: return 2
        case .code: return 3
        case .winback: return 4
        }
    }

    /// The identifier transactions carry: the offer id, or an offer code's reference name; nil for intro offers.
    public var transactionIdentifier: String? {
        switch kind {
        case .introductory: return nil
        case .code: return referenceName.isEmpty ? offerID : referenceName
        case .promotional, .winback: return offerID
        }
    }
}
