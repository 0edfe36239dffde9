import Foundation
import PaywallCore

extension SimulatedStore {
    /// `Product.purchase(options:)` with the sheet decision in `options`: begin, then resolve the sheet.
    public func purchase(productID: String, options: StorePurchaseOptions = StorePurchaseOptions()) -> StorePurchaseResult {
        if let refused = beginPurchase(productID: productID, options: options) { return refused }
        return resolveSheet(options.sheet)
    }

    /// Opens the purchase sheet; returns a failure when refused (another purchase in flight, bad product or offer, forced error).
    public func beginPurchase(productID: String, options: StorePurchaseOptions = StorePurchaseOptions()) -> StorePurchaseResult? {
        func refuse(_ error: String, _ why: String) -> StorePurchaseResult {
            note("purchase \(productID) refused: \(error) (\(why))")
            return .failed(error: error)
        }
        if let open = sheet { return refuse("purchaseInProgress", "the purchase of \(open.productID) is still in flight") }
        do { try lock.withLock { try refreshLocked() } } catch { return refuse("systemError", "\(error)") }
        guard let product = catalog.product(productID) else { return refuse("productUnavailable", "not in the catalog") }
        if let forced = settings.forcedErrors["Purchase"] { return refuse(forced, "forced error") }
        if settings.failTransactionsEnabled { return refuse("unknown", "fail transactions is on") }
        if let offerID = options.promotionalOfferID {
            guard product.subscription?.promotionalOffers.contains(where: { $0.offerID == offerID }) == true else {
                return refuse("invalidOfferIdentifier", "no promotional offer \(offerID)")
            }
            guard let jws = options.promotionalOfferSignature else {
                return refuse("missingOfferParameters", "offer \(offerID) without its signature (compactJWS)")
            }
            let key: OfferSigningKey
            do { key = try offerSigningKey() } catch { return refuse("systemError", "\(error)") }
            if case .failure(let why) = OfferSignatureVerifier(key: key, bundleID: bundleID).verify(jws, productID: productID, offerID: offerID, now: clock.now()) {
                return refuse("invalidOfferSignature", "offer \(offerID): \(why)")
            }
        }
        sheet = (productID, options)
        return nil
    }

    /// Resolves the open sheet: cancel → `userCancelled`; Ask to Buy or interrupted → `pending`; else the transaction.
    public func resolveSheet(_ decision: PurchaseSheetDecision) -> StorePurchaseResult {
        guard let open = sheet else { note("no purchase sheet is open"); return .failed(error: "unknown") }
        sheet = nil
        if decision == .cancel { note("purchase \(open.productID): user cancelled"); return .userCancelled }
        do {
            return try exclusive {
                let kind: PendingPurchase.Kind? = settings.askToBuyEnabled ? .askToBuy : (settings.interruptedPurchases ? .interrupted : nil)
                if let kind {
                    let request = PendingPurchase(requestID: "req-\(state.nextRequestNumber)", kind: kind, productID: open.productID,
                                                  options: open.options, requestedAt: clock.now())
                    state.nextRequestNumber += 1
                    state.pending.append(request)
                    try save()
                    note("purchase \(open.productID) pending: \(kind.rawValue) \(request.requestID)")
                    return .pending
                }
                let (record, _) = try deliver(productID: open.productID, options: open.options, reason: nil)
                try save()
                return .success(signed(record), verified: record.verified)
            }
        } catch {
            note("purchase \(open.productID) failed: \(error)")
            return .failed(error: "systemError")
        }
    }

    /// Makes the transaction a confirmed purchase produces (or returns the one that already covers it).
    /// `reason` non-nil queues it as an update. The caller saves.
    func deliver(productID: String, options: StorePurchaseOptions, reason: TransactionUpdate.Reason?) throws
        -> (TransactionRecord, isNew: Bool) {
        guard let product = catalog.product(productID) else { throw StoreControlError("no product \(productID) in the catalog") }
        let now = clock.now()
        var result: (TransactionRecord, isNew: Bool)
        switch product.kind {
        case .consumable:
            result = (try append(product, purchase: now, expires: nil, original: nil, token: options.appAccountToken), true)
        case .nonConsumable:
            if let owned = state.records.first(where: { $0.payload.productId == productID && $0.payload.revocationDate == nil }) {
                result = (owned, false)
            } else {
                result = (try append(product, purchase: now, expires: nil, original: nil, token: options.appAccountToken), true)
            }
        case .nonRenewingSubscription:
            // Apple's non-renewing transactions carry no expiration: how long they last is the app's call.
            result = (try append(product, purchase: now, expires: nil, original: nil, token: options.appAccountToken), true)
        case .autoRenewable:
            result = try subscribe(product, options: options, now: now)
        }
        if let reason { updates.append(update(reason, result.0)) }
        return result
    }

    /// A new subscription, upgrade, downgrade or crossgrade within the product's group.
    private func subscribe(_ product: StoreProduct, options: StorePurchaseOptions, now: Date) throws -> (TransactionRecord, isNew: Bool) {
        guard let info = product.subscription else { throw StoreControlError("\(product.id) has no subscription info") }
        let active = state.lines[info.groupID].flatMap { line -> SubscriptionLine? in
            guard let status = subscriptionStatus(groupID: info.groupID), status.state != .expired, status.state != .revoked else { return nil }
            return line
        }
        if var line = active, let current = catalog.product(line.productID)?.subscription, let latest = record(line.latestTransactionID) {
            let samePeriod = current.period == info.period
            if line.productID == product.id {
                line.autoRenewProductID = product.id
                line.autoRenew = true
                state.lines[info.groupID] = line
                return (latest, false)
            }
            if info.level > current.level || (info.level == current.level && !samePeriod) {
                // Downgrade, or crossgrade to another period: takes effect at the next renewal.
                line.autoRenewProductID = product.id
                line.autoRenew = true
                state.lines[info.groupID] = line
                note("\(product.id): \(info.level > current.level ? "downgrade" : "crossgrade") at next renewal \(line.expires)")
                return (latest, false)
            }
            // Upgrade, or crossgrade with the same period: at once; the old transaction is marked upgraded.
            _ = try amend(latest.payload.transactionId, redeliver: false) { $0.isUpgraded = true }
            let expires = settings.timeRate.advance(now, by: info.period)
            let record = try append(product, purchase: now, expires: expires, original: line.originalTransactionID,
                                    token: options.appAccountToken ?? line.appAccountToken)
            line.productID = product.id
            line.autoRenewProductID = product.id
            line.latestTransactionID = record.payload.transactionId
            line.expires = expires
            line.autoRenew = true
            line.introPeriodsLeft = 0
            line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
            state.lines[info.groupID] = line
            return (record, true)
        }
        // A new subscription (or a resubscription after expiry).
        var offer: (SubscriptionOffer, type: Int)?
        if let offerID = options.promotionalOfferID, let promo = info.promotionalOffers.first(where: { $0.offerID == offerID }) {
            offer = (promo, 2)
        } else if let intro = info.introductoryOffer, isEligibleForIntroOffer(groupID: info.groupID) {
            offer = (intro, 1)
        }
        var expires = settings.timeRate.advance(now, by: info.period)
        var periodsLeft = 0
        if let (o, _) = offer {
            let count = o.paymentMode == .payAsYouGo ? 1 : max(o.numberOfPeriods, 1)
            expires = settings.timeRate.advance(now, by: o.period, count: count)
            periodsLeft = o.paymentMode == .payAsYouGo ? max(o.numberOfPeriods - 1, 0) : 0
        }
        let previous = state.lines[info.groupID]
        let record = try append(product, purchase: now, expires: expires, original: previous?.originalTransactionID,
                                token: options.appAccountToken, offer: offer)
        state.lines[info.groupID] = SubscriptionLine(
            groupID: info.groupID, originalTransactionID: record.payload.originalTransactionId, productID: product.id,
            autoRenewProductID: product.id, latestTransactionID: record.payload.transactionId, expires: expires, autoRenew: true,
            appAccountToken: options.appAccountToken, introPeriodsLeft: offer?.type == 1 ? periodsLeft : 0,
            retryStartedAt: nil, graceEnds: nil, retryEnds: nil)
        return (record, true)
    }

    /// Appends a new signed transaction to the ledger (not saved yet).
    func append(_ product: StoreProduct, purchase: Date, expires: Date?, original: String?, token: UUID?,
                offer: (SubscriptionOffer, type: Int)? = nil, renewal: Bool = false) throws -> TransactionRecord {
        let number = state.nextTransactionNumber
        state.nextTransactionNumber += 1
        let id = String(2_000_000_000_000_000 + number)
        let originalID = original ?? id
        let originalDate = state.records.first { $0.payload.transactionId == originalID }?.payload.purchaseDate
        let discount: String? = offer.map {
            switch $0.0.paymentMode {
            case .free: return "FREE_TRIAL"
            case .payAsYouGo: return "PAY_AS_YOU_GO"
            case .payUpFront: return "PAY_UP_FRONT"
            }
        }
        let payload = TransactionPayload(
            transactionId: id, originalTransactionId: originalID,
            webOrderLineItemId: product.kind == .autoRenewable ? String(1_000_000_000_000_000 + number) : nil,
            bundleId: bundleID, productId: product.id, subscriptionGroupIdentifier: product.subscription?.groupID,
            purchaseDate: TransactionPayload.millis(purchase),
            originalPurchaseDate: originalDate ?? TransactionPayload.millis(purchase),
            expiresDate: expires.map(TransactionPayload.millis), quantity: 1,
            type: TransactionPayload.typeName(product.kind), appAccountToken: token?.uuidString.lowercased(),
            inAppOwnershipType: "PURCHASED", signedDate: TransactionPayload.millis(clock.now()),
            revocationReason: nil, revocationDate: nil, isUpgraded: nil,
            offerType: offer?.type, offerIdentifier: offer?.0.offerID, offerDiscountType: discount,
            environment: environment, storefront: settings.storefront,
            storefrontId: Storefront.resolve(settings.storefront).storefrontID,
            transactionReason: renewal ? "RENEWAL" : "PURCHASE",
            price: TransactionPayload.milliunits(offer?.0.price(in: settings.storefront) ?? product.price(in: settings.storefront)),
            currency: Storefront.resolve(settings.storefront).currencyCode)
        let record = try sign(payload)
        state.records.append(record)
        dirty?.insert(record.payload.transactionId)
        note("transaction \(id) \(product.id)\(renewal ? " renewal" : "")\(record.verified ? "" : " UNVERIFIED")")
        return record
    }
}
