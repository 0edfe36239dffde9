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
            lastPurchaseRefusal = (error, why)
            return .failed(error: error)
        }
        if let open = sheet { return refuse("purchaseInProgress", "the purchase of \(open.productID) is still in flight") }
        do { try lock.withLock { try refreshLocked() } } catch { return refuse("systemError", "\(error)") }
        guard let product = catalog.product(productID) else { return refuse("productUnavailable", "not in the catalog") }
        if let forced = settings.forcedError(.purchase) { return refuse(forced, "forced error") }
        // Off sale, the App Store does not sell it (StoreKit's `Product.PurchaseError.productUnavailable`).
        if settings.isOffSale(productID) { return refuse("productUnavailable", "removed from sale") }
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
                    rules.pend(open.productID, options: open.options, kind: kind)
                    try save()
                    return .pending
                }
                let key = try offerKey(for: open.options)
                let (record, _) = try rules.deliver(productID: open.productID, options: open.options, reason: nil, offerKey: key)
                try save()
                return .success(signed(record), verified: record.verified)
            }
        } catch {
            note("purchase \(open.productID) failed: \(error)")
            lastPurchaseRefusal = ("systemError", "\(error)")
            return .failed(error: "systemError")
        }
    }

    /// The key an introductory offer eligibility signature in `options` is checked against (nil: none to check).
    func offerKey(for options: StorePurchaseOptions) throws -> OfferSigningKey? {
        options.introductoryOfferEligibility == nil ? nil : try offerSigningKey()
    }
}
