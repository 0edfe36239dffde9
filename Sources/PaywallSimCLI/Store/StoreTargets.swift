import Foundation
import PaywallCore
import StoreSim

/// Resolves a control's optional argument to the request, group or transaction it names.
enum StoreTargets {
    /// The Ask to Buy request with this id or for this product; the oldest when `target` is nil.
    static func askToBuyRequest(_ target: String?, in store: SimulatedStore) throws -> PendingPurchase {
        let requests = store.pendingPurchases.filter { $0.kind == .askToBuy }
        guard let target else {
            guard let oldest = requests.first else { throw StoreCLIError("no Ask to Buy request is waiting; expected one made with Ask to Buy on (see `store transactions`)") }
            return oldest
        }
        if let request = requests.first(where: { $0.requestID == target || $0.productID == target }) { return request }
        if requests.isEmpty { throw StoreCLIError("no Ask to Buy request is waiting for \(target); expected one made with Ask to Buy on") }
        throw StoreCLIError("no Ask to Buy request \(target); expected one of: \(requests.map { "\($0.requestID) (\($0.productID))" }.joined(separator: ", "))")
    }

    /// The group `target` names (a group id or one of its products); else the latest subscription's group.
    static func group(_ target: String?, in store: SimulatedStore) throws -> String {
        let catalog = store.catalog
        if let target {
            if catalog.group(target) != nil { return target }
            if let product = catalog.product(target) {
                guard let group = product.subscription?.groupID else {
                    throw StoreCLIError("\(target) is not an auto-renewable subscription in \(catalog.displayName); expected a subscription product or group")
                }
                return group
            }
            let known = catalog.groups.map(\.id) + catalog.products.filter { $0.subscription != nil }.map(\.id)
            throw StoreCLIError("unknown product or group \(target) in \(catalog.displayName); expected one of: \(known.joined(separator: ", "))")
        }
        for transaction in store.allTransactions.reversed() {
            if let group = store.payload(transactionID: transaction.id)?.subscriptionGroupIdentifier { return group }
        }
        throw StoreCLIError("no subscription has been bought yet; expected a subscription in the store (see `store transactions`)")
    }

    /// The transaction `target` names (an id), or the latest unrevoked one of that product, or the latest unrevoked one.
    static func refundable(_ target: String?, in store: SimulatedStore) throws -> SignedTransaction {
        let live = store.allTransactions.filter { store.payload(transactionID: $0.id)?.revocationDate == nil }
        if let target, let transaction = store.allTransactions.first(where: { $0.id == target }) {
            guard live.contains(transaction) else { throw StoreCLIError("transaction \(target) is already refunded") }
            return transaction
        }
        if let target {
            let known = store.catalog.product(target) != nil || store.allTransactions.contains { $0.productID == target }
            guard known else {
                throw StoreCLIError("unknown transaction or product \(target); expected a transaction id or a product of \(store.catalog.displayName)")
            }
            guard let latest = live.last(where: { $0.productID == target }) else { throw StoreCLIError("nothing to refund for \(target)") }
            return latest
        }
        guard let latest = live.last else { throw StoreCLIError("nothing to refund: no transaction that is not revoked already") }
        return latest
    }

    /// Refuses a product id the catalog does not sell.
    static func requireProduct(_ id: String, in catalog: StoreCatalog) throws {
        guard catalog.product(id) == nil else { return }
        throw StoreCLIError("unknown product \(id) in \(catalog.displayName); expected one of: \(catalog.products.map(\.id).joined(separator: ", "))")
    }
}

extension StoreCatalog {
    /// How errors name the catalog: its file, or "the embedded catalog".
    var displayName: String { origin == "embedded" ? "the embedded catalog" : origin }
}
