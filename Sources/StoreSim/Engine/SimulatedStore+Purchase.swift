import Foundation
import PaywallFoundation
import StoreKitVocabulary

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
        if let forced = settings.forcedError(.purchase) { return refuse(forced, "forced error") }
        if let quantity = options.quantity, quantity != 1 {
            guard product.kind == .consumable, (1...10).contains(quantity) else {
                return refuse("invalidQuantity", product.kind == .consumable ? "quantity \(quantity); expected 1 to 10" : "quantity \(quantity) of a product that is not consumable")
            }
        }
        if let offerID = options.winBackOfferID {
            guard let group = product.subscription?.groupID, product.subscription?.winbackOffers.contains(where: { $0.offerID == offerID }) == true else {
                return refuse("invalidOfferIdentifier", "no win-back offer \(offerID)")
            }
            guard isEligibleForWinBack(groupID: group) else { return refuse("ineligibleForOffer", "win-back offers are for lapsed subscribers of \(group)") }
        }
        if let jws = options.introductoryOfferEligibility {
            let key: OfferSigningKey
            do { key = try offerSigningKey() } catch { return refuse("systemError", "\(error)") }
            switch OfferSignatureVerifier(key: key, bundleID: bundleID).verifyIntroEligibility(jws, productID: productID, now: clock.now()) {
            case let .failure(why):
                return refuse("invalidOfferSignature", "introductory offer eligibility: \(why)")
            case let .success(claims):
                // Apple: the transaction id of any transaction that belongs to the customer.
                guard let id = claims.transactionId, record(id) != nil else {
                    return refuse("invalidOfferSignature", "introductory offer eligibility: transactionId \(claims.transactionId ?? "missing") is not one of this customer's transactions")
                }
            }
        }
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
            result = (try append(product, purchase: now, expires: nil, original: nil, token: options.appAccountToken,
                                 quantity: options.quantity ?? 1), true)
        case .nonConsumable:
            if let owned = state.records.positions(where: { $0.contains(.owned) && !$0.contains(.revoked) }).lazy
                .map({ self.state.records[$0] }).first(where: { $0.payload.productId == productID }) {
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
        // The customer's own subscription (a family member's share beside it is not changed by a purchase).
        let active = state.lines[info.groupID].flatMap { line -> SubscriptionLine? in
            guard let status = lineStatus(key: info.groupID), status.state != .expired, status.state != .revoked else { return nil }
            return line
        }
        if var line = active, let current = catalog.product(line.productID)?.subscription, let latest = record(line.latestTransactionID) {
            if line.productID == product.id {
                line.autoRenewProductID = product.id
                line.autoRenew = true
                state.lines[info.groupID] = line
                return (latest, false)
            }
            if PlanChangeStart.waitsForRenewal(from: current, to: info) {
                // Downgrade, or crossgrade to another period: takes effect at the next renewal.
                line.autoRenewProductID = product.id
                line.autoRenew = true
                state.lines[info.groupID] = line
                note("\(product.id): \(info.level > current.level ? "downgrade" : "crossgrade") at next renewal \(line.expires)")
                return (latest, false)
            }
            // Upgrade, or crossgrade with the same period: at once; the old transaction is marked
            // upgraded and arrives on `Transaction.updates` (reason `upgrade`).
            if let old = try amend(latest.payload.transactionId, redeliver: false, { $0.isUpgraded = true }) {
                updates.append(update(.upgrade, old))
            }
            let expires = renewalRate.advance(now, by: info.period)
            let record = try append(product, purchase: now, expires: expires, original: line.originalTransactionID,
                                    token: options.appAccountToken ?? line.appAccountToken, ownership: line.ownership)
            line.productID = product.id
            line.autoRenewProductID = product.id
            line.latestTransactionID = record.payload.transactionId
            line.expires = expires
            line.autoRenew = true
            line.introPeriodsLeft = 0
            line.offerType = nil; line.offerID = nil; line.renewalPrice = nil; line.priceIncrease = nil
            line.retryStartedAt = nil; line.graceEnds = nil; line.retryEnds = nil
            state.lines[info.groupID] = line
            note("\(product.id): upgrade at once; \(latest.payload.productId) marked upgraded")
            return (record, true)
        }
        return try startSubscription(product, info: info, offer: try chooseOffer(product, info: info, options: options),
                                     token: options.appAccountToken, at: now)
    }

    /// The offer a new subscription gets: the promotional or win-back offer asked for, else the
    /// introductory offer when the user is eligible (the team server's signed answer overrides the App Store's rule).
    private func chooseOffer(_ product: StoreProduct, info: SubscriptionInfo, options: StorePurchaseOptions) throws -> SubscriptionOffer? {
        if let id = options.promotionalOfferID, let promo = info.promotionalOffer(id) { return promo }
        if let id = options.winBackOfferID, let offer = info.winbackOffers.first(where: { $0.offerID == id }) { return offer }
        guard let intro = info.introductoryOffer else { return nil }
        var eligible = isEligibleForIntroOffer(groupID: info.groupID)
        if let jws = options.introductoryOfferEligibility,
           case let .success(claims) = OfferSignatureVerifier(key: try offerSigningKey(), bundleID: bundleID)
               .verifyIntroEligibility(jws, productID: product.id, now: clock.now()) {
            eligible = claims.allowIntroductoryOffer == true
        }
        return eligible ? intro : nil
    }

    /// A new subscription (or a resubscription after expiry) from `start`, with `offer` if any, kept
    /// under `lineKey` (nil: the group's own line).
    func startSubscription(_ product: StoreProduct, info: SubscriptionInfo, offer: SubscriptionOffer?, token: UUID?, at start: Date,
                           ownership: String? = nil, lineKey: String? = nil) throws -> (TransactionRecord, isNew: Bool) {
        let key = lineKey ?? info.groupID
        var expires = renewalRate.advance(start, by: info.period)
        var periodsLeft = 0
        if let o = offer {
            let count = o.paymentMode == .payAsYouGo ? 1 : max(o.numberOfPeriods, 1)
            expires = renewalRate.advance(start, by: o.period, count: count)
            periodsLeft = o.paymentMode == .payAsYouGo ? max(o.numberOfPeriods - 1, 0) : 0
        }
        let previous = state.lines[key]
        // A gap over 60 days starts a new run of continuous service (`recentSubscriptionStartDate`).
        let continuous = previous.map { start.timeIntervalSince($0.expires) <= renewalRate.billingRetryPeriod } ?? false
        let record = try append(product, purchase: start, expires: expires, original: previous?.originalTransactionID,
                                token: token, offer: offer, ownership: ownership)
        state.lines[key] = SubscriptionLine(
            groupID: info.groupID, originalTransactionID: record.payload.originalTransactionId, productID: product.id,
            autoRenewProductID: product.id, latestTransactionID: record.payload.transactionId, expires: expires, autoRenew: true,
            appAccountToken: token, introPeriodsLeft: periodsLeft,
            retryStartedAt: nil, graceEnds: nil, retryEnds: nil,
            offerType: offer.map(\.offerType), offerID: offer?.transactionIdentifier, ownership: ownership,
            recentStart: continuous ? previous?.recentStart : start)
        return (record, true)
    }

    /// An app account token as payloads write it (lowercase), one copy per token: a user's every
    /// transaction carries the same one.
    static func tokenText(_ token: UUID) -> String { tokenTexts.value(for: token) { token.uuidString.lowercased() } }

    private static let tokenTexts = BoundedCache<UUID, String>(limit: 64)

    /// Appends a new signed transaction to the ledger (not saved yet).
    /// An offer's duration as Apple writes `offerPeriod`: its period, times its periods when paid
    /// as you go (`P3M` for three months at a monthly price).
    static func offerPeriod(_ offer: SubscriptionOffer) -> String {
        let count = offer.paymentMode == .payAsYouGo ? max(offer.numberOfPeriods, 1) : 1
        return BillingPeriod(value: offer.period.value * count, unit: offer.period.unit).iso8601
    }

    func append(_ product: StoreProduct, purchase: Date, expires: Date?, original: String?, token: UUID?,
                offer: SubscriptionOffer? = nil, renewal: Bool = false, quantity: Int = 1, ownership: String? = nil,
                price: Decimal? = nil) throws -> TransactionRecord {
        let number = state.nextTransactionNumber
        state.nextTransactionNumber += 1
        let id = String(2_000_000_000_000_000 + number)
        let originalID = original ?? id
        let originalDate = original.flatMap { self.record($0)?.payload.purchaseDate }
        let storefront = Storefront.resolve(settings.storefront)
        let unitPrice = offer?.price(in: settings.storefront) ?? price ?? product.price(in: settings.storefront)
        let payload = TransactionPayload(
            transactionId: id, originalTransactionId: originalID,
            webOrderLineItemId: product.kind == .autoRenewable ? String(1_000_000_000_000_000 + number) : nil,
            bundleId: bundleID, productId: product.id, subscriptionGroupIdentifier: product.subscription?.groupID,
            purchaseDate: TransactionPayload.millis(purchase),
            originalPurchaseDate: originalDate ?? TransactionPayload.millis(purchase),
            expiresDate: expires.map(TransactionPayload.millis), quantity: quantity,
            type: TransactionPayload.typeName(product.kind), appAccountToken: token.map(Self.tokenText),
            inAppOwnershipType: ownership ?? "PURCHASED", signedDate: TransactionPayload.millis(storeNow()),
            revocationReason: nil, revocationDate: nil, isUpgraded: nil,
            offerType: offer?.offerType, offerIdentifier: offer?.transactionIdentifier, offerDiscountType: offer?.discountTypeName,
            environment: environment, storefront: settings.storefront, storefrontId: storefront.storefrontID,
            transactionReason: renewal ? "RENEWAL" : "PURCHASE",
            price: TransactionPayload.milliunits(unitPrice * Decimal(quantity)), currency: storefront.currencyCode,
            appTransactionId: appTransactionID, offerPeriod: offer.map(Self.offerPeriod))
        let record = try sign(payload)
        state.records.append(record)
        repository.recordChanged(record.payload.transactionId)
        let extras = (quantity > 1 ? " ×\(quantity)" : "") + (ownership == nil ? "" : " family shared")
        note("transaction \(id) \(product.id)\(renewal ? " renewal" : "")\(extras)\(record.verified ? "" : " UNVERIFIED")")
        return record
    }
}
