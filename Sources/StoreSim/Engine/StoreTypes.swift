import Foundation
import StoreKitVocabulary

/// What the simulated App Store sheet answers: the user confirms or cancels.
public enum PurchaseSheetDecision: String, Codable, Sendable, Hashable {
    case confirm, cancel
}

/// `Product.PurchaseOption`s: sheet decision, app account token, promotional offer.
public struct StorePurchaseOptions: Codable, Sendable, Hashable {
    public var sheet: PurchaseSheetDecision
    public var appAccountToken: UUID?
    /// A promotional offer to redeem, by identifier.
    public var promotionalOfferID: String?
    /// The offer's compact JWS from the team's server (`promotionalOffer(_:compactJWS:)`), checked
    /// against the team's In-App Purchase key; missing → `missingOfferParameters`, wrong → `invalidOfferSignature`.
    public var promotionalOfferSignature: String?
    /// A win-back offer to redeem (`winBackOffer(_:)`), by identifier.
    public var winBackOfferID: String?
    /// The team server's answer on the introductory offer (`introductoryOfferEligibility(compactJWS:)`):
    /// it overrides the App Store's own rule of once per group.
    public var introductoryOfferEligibility: String?
    /// How many of a consumable (`quantity(_:)`, 1...10); nil: 1.
    public var quantity: Int?

    public init(sheet: PurchaseSheetDecision = .confirm, appAccountToken: UUID? = nil,
                promotionalOfferID: String? = nil, promotionalOfferSignature: String? = nil,
                winBackOfferID: String? = nil, introductoryOfferEligibility: String? = nil, quantity: Int? = nil) {
        self.sheet = sheet
        self.appAccountToken = appAccountToken
        self.promotionalOfferID = promotionalOfferID
        self.promotionalOfferSignature = promotionalOfferSignature
        self.winBackOfferID = winBackOfferID
        self.introductoryOfferEligibility = introductoryOfferEligibility
        self.quantity = quantity
    }
}

/// The Transaction Manager's buy options (Xcode's "Buy" with options), for purchases made outside the app.
public struct StoreBuyOptions: Hashable, Sendable {
    /// An offer by identifier: promotional, win-back, an offer code's reference name, or `intro`.
    public var offerID: String?
    public var quantity: Int
    /// Auto-renew off from the start ("don't renew").
    public var autoRenew: Bool
    /// The purchase date (nil: now).
    public var purchaseDate: Date?
    public var appAccountToken: UUID?
    /// The promotional offer's compact JWS from the team's server (`promotionalOffer(_:compactJWS:)`).
    /// With it (or `introEligibility`) the buy goes through the purchase API and the App Store
    /// checks the signature; without, it is the Transaction Manager's buy, which checks none.
    public var offerSignature: String?
    /// The team server's signed answer on the introductory offer (`introductoryOfferEligibility(compactJWS:)`).
    public var introEligibility: String?

    public init(offerID: String? = nil, quantity: Int = 1, autoRenew: Bool = true, purchaseDate: Date? = nil, appAccountToken: UUID? = nil,
                offerSignature: String? = nil, introEligibility: String? = nil) {
        self.offerID = offerID
        self.quantity = quantity
        self.autoRenew = autoRenew
        self.purchaseDate = purchaseDate
        self.appAccountToken = appAccountToken
        self.offerSignature = offerSignature
        self.introEligibility = introEligibility
    }

    /// Whether the buy carries a signature the App Store must check.
    public var isSigned: Bool { offerSignature != nil || introEligibility != nil }
}

/// A named StoreKit error (`StoreKitError` / `Product.PurchaseError` case names).
public struct StoreKitFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var name: StoreKitErrorName
    public init(_ name: StoreKitErrorName) { self.name = name }
    public var description: String { name.rawValue }
}

/// One element of the `Transaction.updates` stream, as a queue the runner drains.
public struct TransactionUpdate: Hashable, Sendable {
    /// Why the update arrived.
    public enum Reason: String, Codable, Sendable, Hashable {
        case askToBuyApproved, interruptedCompleted, renewal, revocation, expiry
        case redelivery, outsideApp, upgrade, restore
        /// An offer code redeemed (the sheet or a code outside the app).
        case offerCode
        /// A family member's purchase shared with this user.
        case familyShared
        /// A win-back offer taken from its StoreKit message.
        case winBack
        /// A refund reversed (REFUND_REVERSED): the transaction is no longer revoked.
        case refundReversed
    }

    public var reason: Reason
    public var productID: String
    /// The transaction (every update carries one; optional for the queue's older shape).
    public var transaction: SignedTransaction?
    /// False when the transaction's signature does not verify with the store key.
    public var verified: Bool
}

/// An update in the store's queue: a record as it was when queued, or an update made already.
enum QueuedUpdate {
    case record(TransactionUpdate.Reason, TransactionRecord)
    /// (Boxed, as the list below: a queue of 20,000 renewals holds one word and an id each.)
    indirect case made(TransactionUpdate)
    /// Redeliveries of the records at these positions of the list as it was when queued (a
    /// launch on a state with 20,000 unfinished renewals queues positions, not records read).
    indirect case redeliveries(RecordList, [Int])
    /// The transaction with this id as it is when the update is taken: a renewal, which a catch-up
    /// of 20,000 queues without holding 20,000 records (a deleted one is not delivered).
    case current(TransactionUpdate.Reason, String)

    /// How many updates this stands for.
    var count: Int {
        if case let .redeliveries(_, positions) = self { return positions.count }
        return 1
    }
}

/// An Ask to Buy request the parent declined. StoreKit tells the app nothing of it: the purchase
/// simply never completes (no transaction, no update); the store keeps the record for QA.
public struct DeclinedRequest: Codable, Hashable, Sendable {
    public var requestID: String
    public var productID: String
    public var requestedAt: Date
    public var declinedAt: Date
}

/// A purchase waiting outside the app: an Ask to Buy request or an interrupted purchase.
public struct PendingPurchase: Codable, Hashable, Sendable {
    /// Why a purchase is waiting.
    public enum Kind: String, Codable, Sendable { case askToBuy, interrupted }
    public var requestID: String
    public var kind: Kind
    public var productID: String
    public var options: StorePurchaseOptions
    public var requestedAt: Date
}

/// `Product.SubscriptionInfo.RenewalState`.
public enum SubscriptionState: String, Codable, Sendable, Hashable {
    case subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked
}

/// A subscription group's status: state, latest transaction and renewal info.
public struct SubscriptionGroupStatus: Hashable, Sendable {
    public var groupID: String
    public var state: SubscriptionState
    public var productID: String
    public var transaction: SignedTransaction
    public var willAutoRenew: Bool
    /// The product the next renewal bills (differs after a downgrade).
    public var autoRenewProductID: String
    public var expiresDate: Date
    public var gracePeriodExpiresDate: Date?
    /// `RenewalInfo`, decoded (`SimulatedStore.signedRenewalInfo` signs it).
    public var renewalInfo: RenewalInfoPayload
    /// A family member's subscription shared with the customer (`inAppOwnershipType` `FAMILY_SHARED`).
    public var isFamilyShared = false

    /// Subscribed or in its grace period: it gives access.
    public var isActive: Bool { state == .subscribed || state == .inGracePeriod }
}

/// What `AppStore.sync()` (restore) came back with.
public enum StoreSyncResult: Hashable, Sendable {
    /// The current entitlements were re-delivered through the updates queue.
    case restored([SignedTransaction])
    /// The sync worked and there is nothing to restore.
    case nothingToRestore
    /// The sync failed with a named StoreKit error.
    case failed(error: StoreKitErrorName)
}

/// A control refused (unknown request, product or transaction), with the reason: the sentence
/// says it to a person; `refusal` and `storeKitError` say it to code, which never reads the sentence.
public struct StoreControlError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Refusals a screen or a tape tells apart, by name (`ExpectStoreError nothingToExpire Expire`).
    public enum Refusal: String, Sendable, Hashable, CaseIterable {
        /// Nothing the customer has can be refunded (none bought, or all refunded already).
        case nothingToRefund
        /// The customer is not eligible for the offer (a code, a win-back).
        case ineligibleForOffer
        /// The product was taken off sale (StoreKit's `productUnavailable`).
        case offSale
        /// The subscription is over already (refunded or expired): nothing to expire.
        case nothingToExpire
        /// The product is not `familyShareable`, so a family member cannot share it.
        case notFamilyShareable
        /// Consumption information that breaks Apple's rule for the product's type (`GRANT_PRORATED`
        /// with a subscription's percentage, or a consumable's without one).
        case invalidConsumption
    }

    public var description: String
    /// What kind of refusal it is, when a screen or tape tells it apart; nil: any other.
    public var refusal: Refusal?
    /// The StoreKit error the app would get (`invalidOfferIdentifier`, `productUnavailable`, …), when there is one.
    public var storeKitError: StoreKitErrorName?
    public init(_ description: String, refusal: Refusal? = nil, storeKitError: StoreKitErrorName? = nil) {
        self.description = description
        self.refusal = refusal
        self.storeKitError = storeKitError
    }

    /// Whether `name` is this refusal's StoreKit error or refusal.
    public func isNamed(_ name: StoreErrorName) -> Bool {
        (name.storeKitError != nil && storeKitError == name.storeKitError) || (name.refusal != nil && refusal == name.refusal)
    }
}
