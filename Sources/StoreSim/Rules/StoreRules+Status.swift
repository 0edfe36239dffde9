import Crypto
import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// What the state says as of the store's present: subscription statuses, renewal info,
/// entitlements and eligibility (StoreKit's answers, read without changing anything but the index).
extension StoreRules {
    /// The status of the line kept under `key` (a group, or its family-shared key).
    mutating func lineStatus(key: String) -> SubscriptionGroupStatus? {
        guard let line = state.lines[key], let record = record(line.latestTransactionID) else { return nil }
        let state = subscriptionState(line, record: record, now: storeNow())
        let renewal = renewalInfo(line, record: record, state: state)
        return SubscriptionGroupStatus(groupID: line.groupID, state: state, productID: line.productID, transaction: signed(record),
                                       willAutoRenew: line.autoRenew && state != .revoked, autoRenewProductID: line.autoRenewProductID,
                                       expiresDate: line.expires, gracePeriodExpiresDate: line.graceEnds,
                                       renewalInfo: renewal,
                                       isFamilyShared: line.ownership == "FAMILY_SHARED")
    }

    /// Where `line` stands at `now`: revoked, subscribed, in grace or billing retry, or expired.
    func subscriptionState(_ line: SubscriptionLine, record: TransactionRecord, now: Date) -> SubscriptionState {
        if record.payload.revocationDate != nil { return .revoked }
        if line.expires > now { return .subscribed }
        if line.retryStartedAt != nil, let retryEnds = line.retryEnds, now < retryEnds {
            if let grace = line.graceEnds, now < grace { return .inGracePeriod }
            return .inBillingRetryPeriod
        }
        return .expired
    }

    /// `RenewalInfo` as the App Store would sign it for `line` in `state`.
    mutating func renewalInfo(_ line: SubscriptionLine, record: TransactionRecord, state: SubscriptionState) -> RenewalInfoPayload {
        let storefront = settings.storefront
        let renewing = catalog.product(line.autoRenewProductID)
        var offer: (type: Int, id: String?, discount: String?, price: Decimal?, period: String)?
        if let next = line.nextRenewalOffer, let o = catalog.subscriptionOffer(next.offerID, type: next.type, productID: line.autoRenewProductID) {
            offer = (next.type, next.offerID, o.discountTypeName, o.price(in: storefront), Self.offerPeriod(o))
        } else if line.introPeriodsLeft > 0, line.autoRenewProductID == line.productID,
                  let o = catalog.subscriptionOffer(line.offerID, type: line.offerType ?? 1, productID: line.productID) {
            offer = (line.offerType ?? 1, line.offerID, o.discountTypeName, o.price(in: storefront), Self.offerPeriod(o))
        }
        let basePrice = line.priceIncrease.flatMap { $0.needsConsent && $0.consented != true ? nil : $0.newPrice }
            ?? line.renewalPrice ?? renewing?.price(in: storefront) ?? 0
        var expirationIntent: Int?
        if state == .expired { expirationIntent = line.expirationIntent ?? (line.autoRenew ? 5 : 1) }
        var winBack: [String]?
        if state == .expired {
            let ids = catalog.winBackOffers(groupID: line.groupID).compactMap(\.offer.offerID)
            winBack = ids.isEmpty ? nil : ids
        }
        let recentStart = line.recentStart ?? self.record(line.originalTransactionID)?.payload.purchase ?? record.payload.purchase
        return RenewalInfoPayload(
            expirationIntent: expirationIntent, originalTransactionId: line.originalTransactionID,
            autoRenewProductId: line.autoRenewProductID, productId: line.productID,
            autoRenewStatus: line.autoRenew && state != .revoked ? 1 : 0,
            isInBillingRetryPeriod: state == .inBillingRetryPeriod || state == .inGracePeriod,
            priceIncreaseStatus: line.priceIncrease.map { $0.needsConsent && $0.consented != true ? 0 : 1 },
            gracePeriodExpiresDate: state == .inGracePeriod ? line.graceEnds.map(TransactionPayload.millis) : nil,
            offerType: offer?.type, offerIdentifier: offer?.type == 1 ? nil : offer?.id, offerDiscountType: offer?.discount,
            signedDate: TransactionPayload.millis(storeNow()), environment: environment,
            recentSubscriptionStartDate: TransactionPayload.millis(recentStart),
            // Apple: "always present … even for expired subscriptions".
            renewalDate: TransactionPayload.millis(line.expires),
            currency: Storefront.resolve(storefront).currencyCode,
            renewalPrice: TransactionPayload.milliunits(offer?.price ?? basePrice),
            eligibleWinBackOfferIds: winBack, appAccountToken: line.appAccountToken?.uuidString.lowercased(),
            appTransactionId: appTransactionID, offerPeriod: offer?.period)
    }

    /// `Product.SubscriptionInfo.status` for a group, as Apple's array: the customer's own
    /// subscription first, then one a family member shares; empty if neither.
    mutating func subscriptionStatuses(groupID: String) -> [SubscriptionGroupStatus] {
        state.lineKeys(of: groupID).compactMap { lineStatus(key: $0) }
    }

    /// The group's status that gives the customer the most: the first that is subscribed or in
    /// grace, else the customer's own; nil if never subscribed or shared.
    mutating func subscriptionStatus(groupID: String) -> SubscriptionGroupStatus? {
        let statuses = subscriptionStatuses(groupID: groupID)
        return statuses.first(where: \.isActive) ?? statuses.first
    }

    /// `Transaction.currentEntitlements` (see `SimulatedStore.currentEntitlements()`).
    mutating func currentEntitlements() -> [SignedTransaction] {
        var result: [SignedTransaction] = []
        for position in state.records.positions(where: { $0.contains(.owned) && !$0.contains(.revoked) }) {
            let record = state.records[position]
            switch record.payload.type {
            case "Non-Consumable": result.append(signed(record))
            case "Non-Renewing Subscription": result.append(signed(record))
            default: break
            }
        }
        for key in state.lines.keys.sorted() {
            guard let status = lineStatus(key: key), status.isActive else { continue }
            result.append(status.transaction)
        }
        return result
    }

    /// Whether the user may still get `group`'s introductory offer: until they received one in the group.
    ///
    /// Apple ("Implementing introductory offers in your app"): "You can make introductory offers to
    /// customers who haven't previously received an introductory offer for the given product, or
    /// for any products in the same subscription group": a lapsed subscriber who never had one is
    /// eligible. A ledger from before the groups were kept counts any purchase in the group.
    mutating func isEligibleForIntroOffer(groupID: String) -> Bool {
        guard let used = state.introOfferGroups else { return !recordIndex.hasGroup(groupID, in: state.records) }
        return !used.contains(groupID)
    }

    /// Whether a lapsed subscriber of `groupID` may take a win-back offer (subscribed before, expired, not revoked).
    mutating func isEligibleForWinBack(groupID: String) -> Bool {
        guard let status = subscriptionStatus(groupID: groupID) else { return false }
        return status.state == .expired && !catalog.winBackOffers(groupID: groupID).isEmpty
    }

    /// The app's own purchase: what was set, else version 1.0 bought when the store was first opened.
    var appPurchase: AppPurchase {
        state.appPurchase ?? AppPurchase(originalApplicationVersion: "1.0",
                                         originalPurchaseDate: state.records.first?.payload.purchase ?? state.lastProcessed ?? now,
                                         applicationVersion: "1.0")
    }

    /// The app's `AppTransaction` id for the Apple Account of a state directory (see
    /// `StoreRules.appTransactionID`): the bundle id and the root certificate the directory made
    /// at random when first opened (kept by every reset), hashed. Pure.
    static func appTransactionID(bundleID: String, keys: StoreSigningKeys) -> String {
        let digest = SHA256.hash(data: Data(utf8: bundleID + "\n" + (keys.chain.x5c.last ?? "")))
        let number = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return String(7_000_000_000_000_000 + number % 1_000_000_000_000_000)
    }

    /// An offer's duration as Apple writes `offerPeriod`: its period, times its periods when paid
    /// as you go (`P3M` for three months at a monthly price).
    static func offerPeriod(_ offer: SubscriptionOffer) -> String {
        let count = offer.paymentMode == .payAsYouGo ? max(offer.numberOfPeriods, 1) : 1
        return BillingPeriod(value: offer.period.value * count, unit: offer.period.unit).iso8601
    }

    /// Apple's subscription status numbers: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
    static func statusCode(_ state: SubscriptionState) -> Int {
        switch state {
        case .subscribed: return 1
        case .expired: return 2
        case .inBillingRetryPeriod: return 3
        case .inGracePeriod: return 4
        case .revoked: return 5
        }
    }
}
