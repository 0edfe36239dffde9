import Foundation
import PaywallFoundation
import StoreKitVocabulary

extension SimulatedStore {
    /// What a buy did when it made no transaction, or nil when it made one: a downgrade or
    /// crossgrade waits for the renewal (the auto-renew preference changes), a product already
    /// owned stays as it is. `answered` is the transaction the buy came back with; ids only grow,
    /// so one no newer than `newestBefore` (the ledger's newest before the buy) is not new.
    public func noNewTransaction(_ product: String, answered existing: SignedTransaction, newestBefore: String?) -> String? {
        guard let newest = newestBefore, let id = Int64(existing.id), let last = Int64(newest), id <= last else { return nil }
        let renewal = existing.expirationDate.map { " on \(ISO8601.string($0))" } ?? ""
        if existing.productID != product {
            return "\(product) will start at the renewal\(renewal) (a downgrade or crossgrade waits for it): the auto-renew "
                + "preference is now \(product); \(existing.productID) stays until then (transaction \(existing.id)). No new transaction."
        }
        return catalog.product(product)?.kind == .autoRenewable
            ? "Already subscribed to \(product) (transaction \(existing.id)); auto-renew is on\(renewal.isEmpty ? "" : ", next renewal\(renewal)"). No new transaction."
            : "\(product) is already owned (transaction \(existing.id)). No new transaction."
    }
}
