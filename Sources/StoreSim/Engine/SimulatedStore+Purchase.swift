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
        func refuse(_ error: StoreKitErrorName, _ why: String) -> StorePurchaseResult {
            note("purchase \(productID) refused: \(error) (\(why))")
            lastPurchaseRefusal = (error, why)
            return .failed(error: error)
        }
        if let open = sheet { return refuse("purchaseInProgress", "the purchase of \(open.productID) is still in flight") }
        do { try lock.withLock { try refreshLocked() } } catch { return refuse("systemError", "\(error)") }
        // The key offer signatures are checked against: a file the shell reads (made the first time).
        var key: OfferSigningKey?
        if options.introductoryOfferEligibility != nil || options.promotionalOfferSignature != nil {
            do { key = try offerSigningKey() } catch { return refuse("systemError", "\(error)") }
        }
        let now = clock.now()
        if let refusal = rules.reading(at: now, { $0.purchaseRefusal(productID: productID, options: options, offerKey: key) }) {
            return refuse(refusal.error, refusal.why)
        }
        sheet = (productID, options)
        return nil
    }

    /// Resolves the open sheet: cancel → `userCancelled`; Ask to Buy or interrupted → `pending`; else the transaction.
    public func resolveSheet(_ decision: PurchaseSheetDecision) -> StorePurchaseResult {
        guard let open = sheet else { note("no purchase sheet is open"); return .failed(error: .unknown) }
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
            lastPurchaseRefusal = (.systemError, "\(error)")
            return .failed(error: .systemError)
        }
    }

    /// The key an introductory offer eligibility signature in `options` is checked against (nil: none to check).
    func offerKey(for options: StorePurchaseOptions) throws -> OfferSigningKey? {
        options.introductoryOfferEligibility == nil ? nil : try offerSigningKey()
    }
}
