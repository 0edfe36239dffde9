import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// Purchases that do not start on the app's paywall, as rules: the Transaction Manager's buy with
/// options, offer codes, Family Sharing, price increases and the messages they queue.
extension StoreRules {
    /// The Transaction Manager's "Buy" without a signed offer (see `SimulatedStore.buy`).
    mutating func buy(productID: String, options: StoreBuyOptions) throws -> TransactionRecord {
        guard let product = catalog.product(productID) else { throw StoreControlError("no product \(productID) in the catalog") }
        try refuseOffSale(productID)
        guard options.quantity == 1 || (product.kind == .consumable && (1...10).contains(options.quantity)) else {
            throw StoreControlError("invalidQuantity: quantity \(options.quantity)\(product.kind == .consumable ? "; expected 1 to 10" : " of a product that is not consumable")", storeKitError: .invalidQuantity)
        }
        let start = options.purchaseDate ?? now
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
                throw StoreControlError("ineligibleForOffer: win-back offer \(offerID) is for lapsed subscribers of \(info.groupID)",
                                        refusal: .ineligibleForOffer, storeKitError: .ineligibleForOffer)
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
        if isNew { effects.updates.append(update(reason, record)) }
        return record
    }

    /// The offer `id` names for a Transaction Manager buy: `intro`, a promotional or win-back offer
    /// id, or an offer code's reference name.
    private func offerForBuy(_ id: String, product: StoreProduct, info: SubscriptionInfo) throws -> SubscriptionOffer {
        if id.lowercased() == "intro", let intro = info.introductoryOffer { return intro }
        let all = info.promotionalOffers + info.winbackOffers + info.codeOffers
        if let offer = all.first(where: { $0.offerID == id || ($0.kind == .code && $0.referenceName == id) }) { return offer }
        let names = (info.introductoryOffer == nil ? [] : ["intro"]) + all.compactMap(\.transactionIdentifier)
        throw StoreControlError("invalidOfferIdentifier: \(product.id) has no offer \(id); expected one of: \(names.isEmpty ? "(none)" : names.joined(separator: ", "))", storeKitError: .invalidOfferIdentifier)
    }

    /// Redeems an offer code by its reference name (see `SimulatedStore.redeemOfferCode`): the
    /// transaction, or nil when the code waits for the next renewal.
    mutating func redeemOfferCode(_ code: String, productID: String?) throws -> TransactionRecord? {
        let matches = catalog.codeOffers.filter { ($0.offer.referenceName == code || $0.offer.offerID == code) && (productID == nil || $0.productID == productID) }
        guard let (id, offer) = matches.first, let product = catalog.product(id), let info = product.subscription else {
            let names = catalog.codeOffers.map { "\($0.offer.referenceName.isEmpty ? ($0.offer.offerID ?? "?") : $0.offer.referenceName) (\($0.productID))" }
            throw StoreControlError("no offer code \(code)\(productID.map { " for \($0)" } ?? "") in \(catalog.displayName); expected one of: \(names.isEmpty ? "(none: the catalog has no codeOffers)" : names.joined(separator: ", "))")
        }
        try refuseOffSale(product.id)
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
            throw StoreControlError("ineligibleForOffer: offer code \(code) is for \(allowed.joined(separator: ", ")) subscribers; this customer is \(standing)",
                                    refusal: .ineligibleForOffer, storeKitError: .ineligibleForOffer)
        }
        if standing == "existing", var line = state.lines[info.groupID] {
            line.nextRenewalOffer = RenewalOffer(type: 3, offerID: offer.transactionIdentifier ?? code)
            line.autoRenewProductID = product.id
            line.autoRenew = true
            state.lines[info.groupID] = line
            note("offer code \(code): applies at the next renewal (\(ISO8601.string(line.expires)))")
            return nil
        }
        let record = try startSubscription(product, info: info, offer: offer, token: nil, at: now).0
        effects.updates.append(update(.offerCode, record))
        note("offer code \(code) redeemed for \(product.id)")
        return record
    }

    /// Refuses a product taken off sale, as StoreKit refuses it (`productUnavailable`).
    func refuseOffSale(_ productID: String) throws {
        guard settings.isOffSale(productID) else { return }
        throw StoreControlError("productUnavailable: \(productID) is off sale (`store on-sale \(productID)` puts it back)", refusal: .offSale, storeKitError: .productUnavailable)
    }

    /// App Store Connect schedules a price increase (see `SimulatedStore.schedulePriceIncrease`);
    /// returns the groups it touched.
    mutating func schedulePriceIncrease(productID: String, newPrice: Decimal, needsConsent: Bool) throws -> [String] {
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
        note("price increase for \(productID) to \(newPrice) \(needsConsent ? "needing consent" : "without consent")")
        return touched
    }

    /// The subscriber answers the price-increase message.
    mutating func respondToPriceIncrease(groupID: String, consent: Bool) throws {
        guard var line = state.lines[groupID], var increase = line.priceIncrease, increase.needsConsent else {
            throw StoreControlError("no price increase needing consent is waiting in group \(groupID)")
        }
        increase.consented = consent
        line.priceIncrease = increase
        state.lines[groupID] = line
        note("\(groupID): price increase \(consent ? "agreed" : "declined")")
    }

    /// A family member bought `productID`: this user gets their own `FAMILY_SHARED` transaction, as an update.
    mutating func familyShare(productID: String) throws -> TransactionRecord {
        let shareable = catalog.products.filter(\.familyShareable).map(\.id)
        guard let product = catalog.product(productID) else {
            throw StoreControlError("no product \(productID) in \(catalog.displayName); expected a familyShareable one: "
                + (shareable.isEmpty ? "none is" : shareable.joined(separator: ", ")))
        }
        guard product.familyShareable else {
            throw StoreControlError("\(productID) is not family shareable (familyShareable is false in \(catalog.displayName))", refusal: .notFamilyShareable)
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
            record = try startSubscription(product, info: info, offer: nil, token: nil, at: now, ownership: "FAMILY_SHARED", lineKey: key).0
        case .nonConsumable:
            record = try append(product, purchase: now, expires: nil, original: nil, token: nil, ownership: "FAMILY_SHARED")
        case .consumable, .nonRenewingSubscription:
            throw StoreControlError("\(productID) cannot be family shared: only non-consumables and auto-renewable subscriptions can")
        }
        effects.updates.append(update(.familyShared, record))
        return record
    }

    /// The family member stops sharing: the shared transaction is revoked.
    mutating func revokeFamilyShare(productID: String) throws -> TransactionRecord {
        guard let shared = state.records.last(where: { $0.payload.productId == productID && $0.payload.inAppOwnershipType == "FAMILY_SHARED" && $0.payload.revocationDate == nil }) else {
            throw StoreControlError("no family-shared \(productID) to revoke; expected one given with FamilyShare")
        }
        let now = now
        // Apple (revocationReason): "For Family Sharing transactions, the revocation reason value is
        // 0 if the customer leaves the family group or the owner stops sharing."
        guard let record = try amend(shared.payload.transactionId, { $0.revocationDate = TransactionPayload.millis(now); $0.revocationReason = 0 }) else {
            throw StoreControlError("no transaction \(shared.payload.transactionId)")
        }
        if let key = state.lineKey(for: record.payload), var line = state.lines[key], line.latestTransactionID == record.payload.transactionId {
            line.autoRenew = false
            line.expires = min(line.expires, now)
            state.lines[key] = line
        }
        effects.updates.append(update(.revocation, record))
        note("family sharing of \(productID) revoked")
        return record
    }

    /// Price increases the customer has not answered yet (see `SimulatedStore.unansweredPriceIncreaseMessages`).
    mutating func unansweredPriceIncreaseMessages() -> [StoreMessage] {
        var out: [StoreMessage] = []
        for key in state.lines.keys.sorted() {
            guard let line = state.lines[key], let increase = line.priceIncrease, increase.needsConsent,
                  increase.consented == nil, line.ownership != "FAMILY_SHARED",
                  let status = lineStatus(key: key)?.state, status != .expired, status != .revoked else { continue }
            out.append(StoreMessage(reason: .priceIncreaseConsent, groupID: line.groupID, productID: line.autoRenewProductID,
                                    price: "\(increase.newPrice)"))
        }
        return out
    }
}
