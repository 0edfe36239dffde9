import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// What a confirmed purchase makes: a consumable, a non-consumable owned once, a non-renewing
/// subscription, or a subscription started, upgraded at once or changed at the next renewal.
extension StoreRules {
    /// Makes the transaction a confirmed purchase produces (or returns the one that already covers it).
    /// `reason` non-nil queues it as an update. `offerKey` checks the options' introductory offer
    /// eligibility signature, when they have one.
    mutating func deliver(productID: String, options: StorePurchaseOptions, reason: TransactionUpdate.Reason?,
                          offerKey: OfferSigningKey? = nil) throws -> (TransactionRecord, isNew: Bool) {
        guard let product = catalog.product(productID) else { throw StoreControlError("no product \(productID) in the catalog") }
        let now = now
        var result: (TransactionRecord, isNew: Bool)
        switch product.kind {
        case .consumable:
            result = (try append(product, purchase: now, expires: nil, original: nil, token: options.appAccountToken,
                                 quantity: options.quantity ?? 1), true)
        case .nonConsumable:
            if let owned = ownedRecord(productID) {
                result = (owned, false)
            } else {
                result = (try append(product, purchase: now, expires: nil, original: nil, token: options.appAccountToken), true)
            }
        case .nonRenewingSubscription:
            // Apple's non-renewing transactions carry no expiration: how long they last is the app's call.
            result = (try append(product, purchase: now, expires: nil, original: nil, token: options.appAccountToken), true)
        case .autoRenewable:
            result = try subscribe(product, options: options, now: now, offerKey: offerKey)
        }
        if let reason { effects.updates.append(update(reason, result.0)) }
        return result
    }

    /// The unrevoked transaction that owns `productID`, if any.
    private func ownedRecord(_ productID: String) -> TransactionRecord? {
        let records = state.records
        return records.positions(where: { $0.contains(.owned) && !$0.contains(.revoked) }).lazy
            .map { records[$0] }.first { $0.payload.productId == productID }
    }

    /// A new subscription, upgrade, downgrade or crossgrade within the product's group.
    private mutating func subscribe(_ product: StoreProduct, options: StorePurchaseOptions, now: Date,
                                    offerKey: OfferSigningKey?) throws -> (TransactionRecord, isNew: Bool) {
        guard let info = product.subscription else { throw StoreControlError("\(product.id) has no subscription info") }
        // The customer's own subscription (a family member's share beside it is not changed by a purchase).
        var active: SubscriptionLine?
        if let line = state.lines[info.groupID], let status = lineStatus(key: info.groupID), status.state != .expired, status.state != .revoked {
            active = line
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
                effects.updates.append(update(.upgrade, old))
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
        return try startSubscription(product, info: info, offer: try chooseOffer(product, info: info, options: options, offerKey: offerKey),
                                     token: options.appAccountToken, at: now)
    }

    /// The offer a new subscription gets: the promotional or win-back offer asked for, else the
    /// introductory offer when the user is eligible (the team server's signed answer overrides the App Store's rule).
    private mutating func chooseOffer(_ product: StoreProduct, info: SubscriptionInfo, options: StorePurchaseOptions,
                                      offerKey: OfferSigningKey?) throws -> SubscriptionOffer? {
        if let id = options.promotionalOfferID, let promo = info.promotionalOffer(id) { return promo }
        if let id = options.winBackOfferID, let offer = info.winbackOffers.first(where: { $0.offerID == id }) { return offer }
        guard let intro = info.introductoryOffer else { return nil }
        var eligible = isEligibleForIntroOffer(groupID: info.groupID)
        if let jws = options.introductoryOfferEligibility, let offerKey,
           case let .success(claims) = OfferSignatureVerifier(key: offerKey, bundleID: bundleID)
               .verifyIntroEligibility(jws, productID: product.id, now: now) {
            eligible = claims.allowIntroductoryOffer == true
        }
        return eligible ? intro : nil
    }

    /// A new subscription (or a resubscription after expiry) from `start`, with `offer` if any, kept
    /// under `lineKey` (nil: the group's own line).
    mutating func startSubscription(_ product: StoreProduct, info: SubscriptionInfo, offer: SubscriptionOffer?, token: UUID?, at start: Date,
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

    /// Appends a new signed transaction to the ledger (written with the change's save).
    mutating func append(_ product: StoreProduct, purchase: Date, expires: Date?, original: String?, token: UUID?,
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
        if offer?.offerType == 1, ownership == nil, let group = product.subscription?.groupID, var used = state.introOfferGroups, !used.contains(group) {
            used.append(group)
            state.introOfferGroups = used.sorted()
        }
        effects.changedRecords.append(record.payload.transactionId)
        let extras = (quantity > 1 ? " ×\(quantity)" : "") + (ownership == nil ? "" : " family shared")
        note("transaction \(id) \(product.id)\(renewal ? " renewal" : "")\(extras)\(record.verified ? "" : " UNVERIFIED")")
        return record
    }
}
