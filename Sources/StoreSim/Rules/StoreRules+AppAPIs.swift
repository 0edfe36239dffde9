import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// Why StoreKit refuses a purchase before its sheet opens: the error the app gets (`productUnavailable`,
/// `invalidOfferSignature`, …) and, for the store's log, why.
struct PurchaseRefusal: Hashable, Sendable {
    var error: StoreKitErrorName
    var why: String
}

/// The answers of the StoreKit calls that change nothing, as the App Store gives them at `now`:
/// whether a purchase's sheet opens, `AppStore.sync()`, and `AppTransaction.shared`'s payload.
/// The shell reads files and keys for them and carries out what they say.
extension StoreRules {
    /// Why `Product.purchase` of `productID` with `options` is refused now, in the order StoreKit
    /// checks (nil: the sheet opens). `offerKey` is the key offer signatures are checked against,
    /// which the shell reads when `options` carry a signature.
    mutating func purchaseRefusal(productID: String, options: StorePurchaseOptions, offerKey: OfferSigningKey?) -> PurchaseRefusal? {
        func refuse(_ error: StoreKitErrorName, _ why: String) -> PurchaseRefusal { PurchaseRefusal(error: error, why: why) }
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
        if let jws = options.introductoryOfferEligibility, let offerKey {
            switch OfferSignatureVerifier(key: offerKey, bundleID: bundleID).verifyIntroEligibility(jws, productID: productID, now: now) {
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
            guard let jws = options.promotionalOfferSignature, let offerKey else {
                return refuse("missingOfferParameters", "offer \(offerID) without its signature (compactJWS)")
            }
            if case .failure(let why) = OfferSignatureVerifier(key: offerKey, bundleID: bundleID).verify(jws, productID: productID, offerID: offerID, now: now) {
                return refuse("invalidOfferSignature", "offer \(offerID): \(why)")
            }
        }
        return nil
    }

    /// `AppStore.sync()` as the App Store answers it now: the forced error, nothing to restore, or
    /// the current entitlements to deliver again.
    mutating func syncAnswer() -> StoreSyncResult {
        if let forced = settings.forcedError(.appStoreSync) { return .failed(error: forced) }
        let current = currentEntitlements()
        return current.isEmpty ? .nothingToRestore : .restored(current)
    }

    /// `AppTransaction.shared`'s payload now: the app's purchase, this state's `appTransactionId`,
    /// and the app's Apple ID in Production.
    func appTransactionPayload() -> AppTransactionPayload {
        let purchase = appPurchase
        return AppTransactionPayload(
            receiptType: environment, appAppleId: signedAppAppleID ?? 0, bundleId: bundleID, applicationVersion: purchase.applicationVersion,
            versionExternalIdentifier: 0, receiptCreationDate: TransactionPayload.millis(now),
            originalPurchaseDate: TransactionPayload.millis(purchase.originalPurchaseDate),
            originalApplicationVersion: purchase.originalApplicationVersion,
            deviceVerification: CompactJWS.base64url(Data(utf8: "\(bundleID)|\(purchase.originalPurchaseDate.timeIntervalSince1970)")),
            deviceVerificationNonce: "00000000-0000-4000-8000-000000000000",
            appTransactionId: appTransactionID,
            originalPlatform: "iOS")
    }

    /// Answers `query` as of `now`: the time is the query's input and is not left in the rules
    /// (a command's time is set by `SimulatedStore.exclusive` for the command).
    mutating func reading<T>(at now: Date, _ query: (inout StoreRules) -> T) -> T {
        let before = self.now
        self.now = now
        defer { self.now = before }
        return query(&self)
    }
}
