import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// Purchases that do not start on the app's paywall: the Transaction Manager's buy with options,
/// offer codes, win-back offers, Family Sharing, and price increases.
extension SimulatedStore {
    /// The Transaction Manager's "Buy" (a purchase outside the app) with its options: offer,
    /// quantity, "don't renew", purchase date, app account token. Arrives as an update.
    @discardableResult
    public func buy(productID: String, options: StoreBuyOptions = StoreBuyOptions()) throws -> SignedTransaction {
        if options.isSigned { return try buySigned(productID: productID, options: options) }
        return signed(try change { try $0.buy(productID: productID, options: options) })
    }

    /// A buy with the team server's signature: through the purchase API, as
    /// `promotionalOffer(_:compactJWS:)` and `introductoryOfferEligibility(compactJWS:)` are, so the
    /// App Store checks it. A refusal names StoreKit's error and why, e.g.
    /// `invalidOfferSignature (offer X: iat … is more than a day …)`.
    private func buySigned(productID: String, options: StoreBuyOptions) throws -> SignedTransaction {
        guard options.purchaseDate == nil, options.autoRenew else {
            throw StoreControlError("a signed offer is bought through the app's purchase API, which takes no purchase date and no 'don't renew'")
        }
        let promotional = options.offerID.map { id in catalog.product(productID)?.subscription?.promotionalOffer(id) != nil } ?? false
        if options.offerSignature != nil, !promotional {
            throw StoreControlError("invalidOfferIdentifier: a signature is for a promotional offer of \(productID); expected offer=ID naming one", storeKitError: .invalidOfferIdentifier)
        }
        let request = StorePurchaseOptions(appAccountToken: options.appAccountToken,
                                            promotionalOfferID: promotional ? options.offerID : nil,
                                            promotionalOfferSignature: options.offerSignature,
                                            introductoryOfferEligibility: options.introEligibility,
                                            quantity: options.quantity == 1 ? nil : options.quantity)
        lastPurchaseRefusal = nil
        switch purchase(productID: productID, options: request) {
        case let .success(signed, _):
            // Bought by another run of the app: the running one hears of it on Transaction.updates.
            try exclusive {
                if let record = rules.record(signed.id) { updates.append(.record(.outsideApp, record)) }
            }
            return signed
        case let .failed(error):
            throw StoreControlError(lastPurchaseRefusal.map { "\($0.error) (\($0.reason))" } ?? error.rawValue, storeKitError: lastPurchaseRefusal?.error ?? error)
        case .pending, .userCancelled:
            throw StoreControlError("the purchase did not complete (Ask to Buy or an interrupted purchase is on)")
        }
    }

    /// Redeems an offer code by its reference name (from the app's redeem sheet when `fromSheet`,
    /// where the `offerCodeRedeem` simulated error applies). Eligibility follows the code's
    /// `eligibility`: `new` (never subscribed to the group), `existing` (subscribed now: the code
    /// applies at the next renewal), `expired` (lapsed). Returns the transaction, or nil when it waits for the renewal.
    @discardableResult
    public func redeemOfferCode(_ code: String, productID: String? = nil, fromSheet: Bool = true) throws -> SignedTransaction? {
        if fromSheet, let forced = settings.forcedError(.offerCodeRedeem) {
            note("offer code redeem sheet refused: forced \(forced)")
            throw StoreKitFailure(forced)
        }
        return try change { try $0.redeemOfferCode(code, productID: productID) }.map(signed)
    }

    /// Whether a lapsed subscriber of `groupID` may take a win-back offer (subscribed before, expired, not revoked).
    public func isEligibleForWinBack(groupID: String) -> Bool {
        rules.reading(at: clock.now()) { $0.isEligibleForWinBack(groupID: groupID) }
    }

    /// Takes a win-back offer (from its StoreKit message): a new subscription at the offer's terms, as an update.
    @discardableResult
    public func takeWinBackOffer(productID: String, offerID: String) throws -> SignedTransaction {
        try buy(productID: productID, options: StoreBuyOptions(offerID: offerID))
    }

    /// App Store Connect schedules a price increase for `productID`. With `needsConsent`, subscribers
    /// see the price-increase message and must agree before their next renewal; without, they are told.
    public func schedulePriceIncrease(productID: String, newPrice: Decimal, needsConsent: Bool) throws -> [String] {
        try change { try $0.schedulePriceIncrease(productID: productID, newPrice: newPrice, needsConsent: needsConsent) }
    }

    /// The subscriber answers the price-increase message: agreed renews at the new price; declined
    /// lets the subscription run to the end of its period, where it expires (expiration intent 3,
    /// `EXPIRED`/`PRICE_INCREASE` then, as Apple sends it at the subscription's end, not at the answer).
    public func respondToPriceIncrease(groupID: String, consent: Bool) throws {
        try change { try $0.respondToPriceIncrease(groupID: groupID, consent: consent) }
    }

    /// A family member bought `productID` (it must be `familyShareable`): this user gets their own
    /// transaction with `inAppOwnershipType` `FAMILY_SHARED`, as an update.
    @discardableResult
    public func familyShare(productID: String) throws -> SignedTransaction {
        signed(try change { try $0.familyShare(productID: productID) })
    }

    /// The family member stops sharing (or leaves the family): the shared transaction is revoked.
    @discardableResult
    public func revokeFamilyShare(productID: String) throws -> SignedTransaction {
        signed(try change { try $0.revokeFamilyShare(productID: productID) })
    }

    /// Hands the app the StoreKit messages waiting for it (`Message.messages`), oldest first, once.
    ///
    /// `checkingDisk: false` when the caller has just let the store fold in what other processes
    /// saved (`process(now:)` or any operation does, under the lock): the session asks after every
    /// step, and a second look at the ledger's files there would find what the first one found.
    public func takeMessages(checkingDisk: Bool = true) -> [StoreMessage] {
        guard state.messages?.isEmpty == false || (checkingDisk && repository.changedOnDisk()) else { return [] }
        return (try? exclusive { () -> [StoreMessage] in
            let messages = rules.takeMessages()
            if !messages.isEmpty { try save() }
            return messages
        }) ?? []
    }

    /// Price increases the customer has not answered yet, as the messages the App Store shows again
    /// each time the app comes to the foreground (`showPriceConsentIfNeeded`: "the subscriber hasn't
    /// yet responded"). Only the subscriber who bought the subscription is asked, never a family member.
    public func unansweredPriceIncreaseMessages() -> [StoreMessage] {
        rules.reading(at: clock.now()) { $0.unansweredPriceIncreaseMessages() }
    }

    /// StoreKit messages not yet shown, for `store transactions` and the debug view.
    public var waitingMessages: [StoreMessage] { state.messages ?? [] }
}
