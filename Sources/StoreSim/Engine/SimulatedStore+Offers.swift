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
        return try exclusive {
            guard let product = catalog.product(productID) else { throw StoreControlError("no product \(productID) in the catalog") }
            guard options.quantity == 1 || (product.kind == .consumable && (1...10).contains(options.quantity)) else {
                throw StoreControlError("invalidQuantity: quantity \(options.quantity)\(product.kind == .consumable ? "; expected 1 to 10" : " of a product that is not consumable")")
            }
            let start = options.purchaseDate ?? clock.now()
            if let group = product.subscription?.groupID, options.offerID != nil || options.purchaseDate != nil,
               let live = lineStatus(key: group)?.state, live != .expired, live != .revoked {
                throw StoreControlError("group \(group) already has a live subscription; an offer or purchase date starts a new one (expire it first, or Redeem an offer code)")
            }
            var record: TransactionRecord
            var isNew = true
            var reason = TransactionUpdate.Reason.outsideApp
            if let info = product.subscription, let offerID = options.offerID {
                let offer = try offerForBuy(offerID, product: product, info: info)
                if offer.kind == .winback, !isEligibleForWinBack(groupID: info.groupID) {
                    throw StoreControlError("ineligibleForOffer: win-back offer \(offerID) is for lapsed subscribers of \(info.groupID)")
                }
                reason = offer.kind == .code ? .offerCode : offer.kind == .winback ? .winBack : .outsideApp
                record = try startSubscription(product, info: info, offer: offer, token: options.appAccountToken, at: start).0
            } else if options.offerID != nil {
                throw StoreControlError("\(productID) is not an auto-renewable subscription: it has no offers")
            } else if product.kind == .autoRenewable, options.purchaseDate != nil, let info = product.subscription {
                let eligible = isEligibleForIntroOffer(groupID: info.groupID)
                record = try startSubscription(product, info: info, offer: eligible ? info.introductoryOffer : nil,
                                               token: options.appAccountToken, at: start).0
            } else {
                var purchase = StorePurchaseOptions(appAccountToken: options.appAccountToken)
                purchase.quantity = options.quantity
                let delivered = try deliver(productID: productID, options: purchase, reason: nil)
                record = delivered.0
                isNew = delivered.isNew
            }
            if !options.autoRenew, let group = product.subscription?.groupID, var line = state.lines[group] {
                line.autoRenew = false
                state.lines[group] = line
            }
            // A deferred change (a downgrade or crossgrade at the renewal) or a product already owned
            // makes no transaction: nothing arrives on `Transaction.updates`.
            if isNew { updates.append(update(reason, record)) }
            try save()
            return signed(record)
        }
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
            throw StoreControlError("invalidOfferIdentifier: a signature is for a promotional offer of \(productID); expected offer=ID naming one")
        }
        let request = StorePurchaseOptions(appAccountToken: options.appAccountToken,
                                            promotionalOfferID: promotional ? options.offerID : nil,
                                            promotionalOfferSignature: options.offerSignature,
                                            introductoryOfferEligibility: options.introEligibility,
                                            quantity: options.quantity == 1 ? nil : options.quantity)
        switch purchase(productID: productID, options: request) {
        case let .success(signed, _):
            // Bought by another run of the app: the running one hears of it on Transaction.updates.
            try exclusive {
                if let record = record(signed.id) { updates.append(update(.outsideApp, record)) }
            }
            return signed
        case let .failed(error):
            let why = log.last?.components(separatedBy: "refused: ").last ?? error
            throw StoreControlError(why.hasPrefix(error) ? why : "\(error): \(why)")
        case .pending, .userCancelled:
            throw StoreControlError("the purchase did not complete (Ask to Buy or an interrupted purchase is on)")
        }
    }

    /// The offer `id` names for a Transaction Manager buy: `intro`, a promotional or win-back offer
    /// id, or an offer code's reference name.
    private func offerForBuy(_ id: String, product: StoreProduct, info: SubscriptionInfo) throws -> SubscriptionOffer {
        if id.lowercased() == "intro", let intro = info.introductoryOffer { return intro }
        let all = info.promotionalOffers + info.winbackOffers + info.codeOffers
        if let offer = all.first(where: { $0.offerID == id || ($0.kind == .code && $0.referenceName == id) }) { return offer }
        let names = (info.introductoryOffer == nil ? [] : ["intro"]) + all.compactMap(\.transactionIdentifier)
        throw StoreControlError("invalidOfferIdentifier: \(product.id) has no offer \(id); expected one of: \(names.isEmpty ? "(none)" : names.joined(separator: ", "))")
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
        return try exclusive {
            let matches = catalog.codeOffers.filter { ($0.offer.referenceName == code || $0.offer.offerID == code) && (productID == nil || $0.productID == productID) }
            guard let (id, offer) = matches.first, let product = catalog.product(id), let info = product.subscription else {
                let names = catalog.codeOffers.map { "\($0.offer.referenceName.isEmpty ? ($0.offer.offerID ?? "?") : $0.offer.referenceName) (\($0.productID))" }
                throw StoreControlError("no offer code \(code)\(productID.map { " for \($0)" } ?? "") in \(catalog.displayName); expected one of: \(names.isEmpty ? "(none: the catalog has no codeOffers)" : names.joined(separator: ", "))")
            }
            // The customer's own standing (a family member's share is not theirs).
            let status = lineStatus(key: info.groupID)?.state
            let standing: String
            switch status {
            case nil: standing = "new"
            case .expired?, .revoked?: standing = "expired"
            default: standing = "existing"
            }
            let allowed = offer.eligibility.isEmpty ? ["new", "existing", "expired"] : offer.eligibility
            guard allowed.contains(standing) else {
                throw StoreControlError("ineligibleForOffer: offer code \(code) is for \(allowed.joined(separator: ", ")) subscribers; this customer is \(standing)")
            }
            if standing == "existing", var line = state.lines[info.groupID] {
                line.nextRenewalOffer = RenewalOffer(type: 3, offerID: offer.transactionIdentifier ?? code)
                line.autoRenewProductID = product.id
                line.autoRenew = true
                state.lines[info.groupID] = line
                try save()
                note("offer code \(code): applies at the next renewal (\(ISO8601.string(line.expires)))")
                return nil
            }
            let record = try startSubscription(product, info: info, offer: offer, token: nil, at: clock.now()).0
            updates.append(update(.offerCode, record))
            try save()
            note("offer code \(code) redeemed for \(product.id)")
            return signed(record)
        }
    }

    /// Whether a lapsed subscriber of `groupID` may take a win-back offer (subscribed before, expired, not revoked).
    public func isEligibleForWinBack(groupID: String) -> Bool {
        guard let status = subscriptionStatus(groupID: groupID) else { return false }
        return status.state == .expired && !catalog.winBackOffers(groupID: groupID).isEmpty
    }

    /// Takes a win-back offer (from its StoreKit message): a new subscription at the offer's terms, as an update.
    @discardableResult
    public func takeWinBackOffer(productID: String, offerID: String) throws -> SignedTransaction {
        try buy(productID: productID, options: StoreBuyOptions(offerID: offerID))
    }

    /// App Store Connect schedules a price increase for `productID`. With `needsConsent`, subscribers
    /// see the price-increase message and must agree before their next renewal; without, they are told.
    public func schedulePriceIncrease(productID: String, newPrice: Decimal, needsConsent: Bool) throws -> [String] {
        try exclusive {
            guard let product = catalog.product(productID), let info = product.subscription else {
                throw StoreControlError("\(productID) is not an auto-renewable subscription in \(catalog.displayName)")
            }
            guard newPrice > 0 else { throw StoreControlError("price \(newPrice): expected a price above zero") }
            var touched: [String] = []
            for key in state.lineKeys(of: info.groupID) {
                guard var line = state.lines[key], line.autoRenewProductID == productID,
                      let status = lineStatus(key: key)?.state, status != .expired, status != .revoked else { continue }
                // Only the subscriber who bought it is asked; a family-shared subscription follows
                // its purchaser's answer, which this customer never sees (taken as agreed).
                let shared = line.ownership == "FAMILY_SHARED"
                line.priceIncrease = PriceIncrease(newPrice: newPrice, needsConsent: needsConsent, consented: needsConsent && !shared ? nil : true)
                state.lines[key] = line
                if needsConsent, !shared {
                    queueMessage(StoreMessage(reason: .priceIncreaseConsent, groupID: info.groupID, productID: productID, price: "\(newPrice)"))
                }
                if !touched.contains(info.groupID) { touched.append(info.groupID) }
            }
            try save()
            note("price increase for \(productID) to \(newPrice) \(needsConsent ? "needing consent" : "without consent")")
            return touched
        }
    }

    /// The subscriber answers the price-increase message: agreed renews at the new price; declined
    /// lets the subscription run to the end of its period, where it expires (expiration intent 3,
    /// `EXPIRED`/`PRICE_INCREASE` then, as Apple sends it at the subscription's end, not at the answer).
    public func respondToPriceIncrease(groupID: String, consent: Bool) throws {
        try exclusive {
            guard var line = state.lines[groupID], var increase = line.priceIncrease, increase.needsConsent else {
                throw StoreControlError("no price increase needing consent is waiting in group \(groupID)")
            }
            increase.consented = consent
            line.priceIncrease = increase
            state.lines[groupID] = line
            try save()
            note("\(groupID): price increase \(consent ? "agreed" : "declined")")
        }
    }

    /// A family member bought `productID` (it must be `familyShareable`): this user gets their own
    /// transaction with `inAppOwnershipType` `FAMILY_SHARED`, as an update.
    @discardableResult
    public func familyShare(productID: String) throws -> SignedTransaction {
        try exclusive {
            let shareable = catalog.products.filter(\.familyShareable).map(\.id)
            guard let product = catalog.product(productID) else {
                throw StoreControlError("no product \(productID) in \(catalog.displayName); expected a familyShareable one: "
                    + (shareable.isEmpty ? "none is" : shareable.joined(separator: ", ")))
            }
            guard product.familyShareable else {
                throw StoreControlError("\(productID) is not family shareable (familyShareable is false in \(catalog.displayName))")
            }
            let record: TransactionRecord
            switch product.kind {
            case .autoRenewable:
                guard let info = product.subscription else { throw StoreControlError("\(productID) has no subscription info") }
                // Beside the customer's own subscription, if any (Apple's status is an array of both).
                let key = StoreState.familyLineKey(info.groupID)
                if let status = lineStatus(key: key)?.state, status != .expired, status != .revoked {
                    throw StoreControlError("group \(info.groupID) is already shared with this customer by a family member (RevokeFamily ends it)")
                }
                record = try startSubscription(product, info: info, offer: nil, token: nil, at: clock.now(), ownership: "FAMILY_SHARED", lineKey: key).0
            case .nonConsumable:
                record = try append(product, purchase: clock.now(), expires: nil, original: nil, token: nil, ownership: "FAMILY_SHARED")
            case .consumable, .nonRenewingSubscription:
                throw StoreControlError("\(productID) cannot be family shared: only non-consumables and auto-renewable subscriptions can")
            }
            updates.append(update(.familyShared, record))
            try save()
            return signed(record)
        }
    }

    /// The family member stops sharing (or leaves the family): the shared transaction is revoked.
    @discardableResult
    public func revokeFamilyShare(productID: String) throws -> SignedTransaction {
        try exclusive {
            guard let shared = state.records.last(where: { $0.payload.productId == productID && $0.payload.inAppOwnershipType == "FAMILY_SHARED" && $0.payload.revocationDate == nil }) else {
                throw StoreControlError("no family-shared \(productID) to revoke; expected one given with FamilyShare")
            }
            let now = clock.now()
            guard let record = try amend(shared.payload.transactionId, { $0.revocationDate = TransactionPayload.millis(now) }) else {
                throw StoreControlError("no transaction \(shared.payload.transactionId)")
            }
            if let key = state.lineKey(for: record.payload), var line = state.lines[key], line.latestTransactionID == record.payload.transactionId {
                line.autoRenew = false
                line.expires = min(line.expires, now)
                state.lines[key] = line
            }
            updates.append(update(.revocation, record))
            try save()
            note("family sharing of \(productID) revoked")
            return signed(record)
        }
    }

    /// Hands the app the StoreKit messages waiting for it (`Message.messages`), oldest first, once.
    ///
    /// `checkingDisk: false` when the caller has just let the store fold in what other processes
    /// saved (`process(now:)` or any operation does, under the lock): the session asks after every
    /// step, and a second look at the ledger's files there would find what the first one found.
    public func takeMessages(checkingDisk: Bool = true) -> [StoreMessage] {
        guard state.messages?.isEmpty == false || (checkingDisk && repository.changedOnDisk()) else { return [] }
        return (try? exclusive { () -> [StoreMessage] in
            let messages = state.messages ?? []
            guard !messages.isEmpty else { return [] }
            state.messages = nil
            try save()
            return messages
        }) ?? []
    }

    /// Price increases the customer has not answered yet, as the messages the App Store shows again
    /// each time the app comes to the foreground (`showPriceConsentIfNeeded`: "the subscriber hasn't
    /// yet responded"). Only the subscriber who bought the subscription is asked, never a family member.
    public func unansweredPriceIncreaseMessages() -> [StoreMessage] {
        state.lines.keys.sorted().compactMap { key -> StoreMessage? in
            guard let line = state.lines[key], let increase = line.priceIncrease, increase.needsConsent,
                  increase.consented == nil, line.ownership != "FAMILY_SHARED",
                  let status = lineStatus(key: key)?.state, status != .expired, status != .revoked else { return nil }
            let groupID = line.groupID
            return StoreMessage(reason: .priceIncreaseConsent, groupID: groupID, productID: line.autoRenewProductID, price: "\(increase.newPrice)")
        }
    }

    /// StoreKit messages not yet shown, for `store transactions` and the debug view.
    public var waitingMessages: [StoreMessage] { state.messages ?? [] }
}
