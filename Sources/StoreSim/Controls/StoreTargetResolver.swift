import Foundation
import StoreKitVocabulary

/// The one resolver of a control's optional argument (a tape's `Store …` line, `paywall-sim
/// store …`, the session): the product, request, group or transaction it names, or the obvious one.
public struct StoreTargetResolver {
    let store: SimulatedStore

    public init(store: SimulatedStore) { self.store = store }

    /// The Ask to Buy request with this id or for this product; the oldest when `target` is nil.
    public func askToBuyRequest(_ target: String?) throws -> PendingPurchase {
        let requests = store.pendingPurchases.filter { $0.kind == .askToBuy }
        guard let target else {
            guard let oldest = requests.first else { throw StoreControlError("no Ask to Buy request is waiting; expected one made with Ask to Buy on (see `store transactions`)") }
            return oldest
        }
        if let request = requests.first(where: { $0.requestID == target || $0.productID == target }) { return request }
        if requests.isEmpty { throw StoreControlError("no Ask to Buy request is waiting for \(target); expected one made with Ask to Buy on") }
        throw StoreControlError("no Ask to Buy request \(target); expected one of: \(requests.map { "\($0.requestID) (\($0.productID))" }.joined(separator: ", "))")
    }

    /// The group `target` names (a group id or one of its products); else the latest subscription's group.
    public func group(_ target: String?) throws -> String {
        let catalog = store.catalog
        if let target {
            if catalog.group(target) != nil { return target }
            if let product = catalog.product(target) {
                guard let group = product.subscription?.groupID else {
                    throw StoreControlError("\(target) is not an auto-renewable subscription in \(catalog.displayName); expected a subscription product or group")
                }
                return group
            }
            let known = catalog.groups.map(\.id) + catalog.products.filter { $0.subscription != nil }.map(\.id)
            throw StoreControlError("unknown product or group \(target) in \(catalog.displayName); expected one of: \(known.joined(separator: ", "))")
        }
        for transaction in store.allTransactions.reversed() {
            if let group = store.payload(transactionID: transaction.id)?.subscriptionGroupIdentifier { return group }
        }
        throw StoreControlError("no subscription has been bought yet; expected a subscription in the store (see `store transactions`)")
    }

    /// The transaction `target` names (an id), or the latest unrevoked one of that product, or the latest unrevoked one.
    public func refundable(_ target: String?) throws -> SignedTransaction {
        let live = store.allTransactions.filter { store.payload(transactionID: $0.id)?.revocationDate == nil }
        if let target, let transaction = store.allTransactions.first(where: { $0.id == target }) {
            guard live.contains(transaction) else { throw StoreControlError("transaction \(target) is already refunded") }
            return transaction
        }
        if let target {
            let known = store.catalog.product(target) != nil || store.allTransactions.contains { $0.productID == target }
            guard known else {
                throw StoreControlError("unknown transaction or product \(target); expected a transaction id or a product of \(store.catalog.displayName)")
            }
            guard let latest = live.last(where: { $0.productID == target }) else { throw StoreControlError("nothing to refund for \(target)", refusal: .nothingToRefund) }
            return latest
        }
        guard let latest = live.last else { throw StoreControlError("nothing to refund: no transaction that is not revoked already", refusal: .nothingToRefund) }
        return latest
    }

    /// The refund request waiting for Apple's decision for the transaction `target` names (its id
    /// or its product); the oldest waiting one when `target` is nil.
    public func pendingRefundRequest(_ target: String?) throws -> RefundRequest {
        let waiting = store.refundRequests.filter { $0.state == .pending }
        if let target, let request = waiting.first(where: { $0.transactionID == target || $0.productID == target }) { return request }
        guard target == nil, let oldest = waiting.first else {
            let decided = target.flatMap { t in store.refundRequests.last { $0.transactionID == t || $0.productID == t } }
            if let decided { throw StoreControlError("the refund request for transaction \(decided.transactionID) (\(decided.productID)) was \(decided.state.rawValue) already") }
            throw StoreControlError("no refund request is waiting\(target.map { " for \($0)" } ?? ""); expected one made with RefundRequest in Production "
                + "(Xcode approves at once; the sandbox answers by itself)")
        }
        return oldest
    }

    /// The refund request `target` names (its transaction id, or the newest of a product); nil:
    /// the newest request still waiting, else the newest.
    public func refundRequest(_ target: String?) throws -> RefundRequest {
        let requests = store.refundRequests
        if let target {
            if let request = requests.last(where: { $0.transactionID == target || $0.productID == target }) { return request }
            throw StoreControlError("no refund request for \(target); the App Store asks for consumption information only after one "
                + "(RefundRequest, or `store refund-request`)")
        }
        guard let request = requests.last(where: { $0.state == .pending }) ?? requests.last else {
            throw StoreControlError("no refund request to answer; the App Store asks for consumption information only after one "
                + "(RefundRequest, or `store refund-request`)")
        }
        return request
    }

    /// The refunded transaction `target` names (an id, or the latest refunded one of a product);
    /// the latest refunded one when `target` is nil. A family member's revoked share is no refund.
    public func refunded(_ target: String?) throws -> SignedTransaction {
        let refunded = store.refundedTransactions.filter { store.payload(transactionID: $0.id)?.inAppOwnershipType != "FAMILY_SHARED" }
        if let target, let transaction = refunded.last(where: { $0.id == target || $0.productID == target }) { return transaction }
        if let target, store.signedTransaction(id: target) != nil { throw StoreControlError("transaction \(target) is not refunded; only a refund can be reversed") }
        if let target, store.catalog.product(target) == nil {
            throw StoreControlError("unknown transaction or product \(target); expected a refunded transaction id or its product")
        }
        guard let latest = refunded.last else { throw StoreControlError("nothing to reverse: no transaction was refunded\(target.map { " for \($0)" } ?? "")") }
        return latest
    }

    /// The interrupted purchase with this id or for this product; the oldest when `target` is nil.
    public func interruptedPurchase(_ target: String?) throws -> PendingPurchase {
        let requests = store.pendingPurchases.filter { $0.kind == .interrupted }
        if let target, let request = requests.first(where: { $0.requestID == target || $0.productID == target }) { return request }
        guard target == nil, let oldest = requests.first else {
            throw StoreControlError("no interrupted purchase\(target.map { " for \($0)" } ?? "") is waiting; expected one made with interrupted purchases on")
        }
        return oldest
    }

    /// The transaction `target` names (an id), or the latest of that product; required.
    public func deletable(_ target: String?) throws -> SignedTransaction {
        guard let target else { throw StoreControlError("delete: expected a transaction id or a product") }
        if let transaction = store.allTransactions.first(where: { $0.id == target }) { return transaction }
        if let latest = store.allTransactions.last(where: { $0.productID == target }) { return latest }
        throw StoreControlError("delete: no transaction \(target); expected a transaction id or a product with a transaction (see `store transactions`)")
    }

    /// The product `target` names, as the catalog sells it; required, as a buy, a price increase or a
    /// sale change needs it.
    public func product(_ target: StoreTarget.Product) throws -> String {
        try Self.requireProduct(target.name, in: store.catalog)
        return target.name
    }

    /// Refuses a product id the catalog does not sell.
    public static func requireProduct(_ id: String, in catalog: StoreCatalog) throws {
        guard catalog.product(id) == nil else { return }
        throw StoreControlError("unknown product \(id) in \(catalog.displayName); expected one of: \(catalog.products.map(\.id).joined(separator: ", "))")
    }
}

extension StoreCatalog {
    /// How errors name the catalog: its file, or "the embedded catalog".
    public var displayName: String { origin == "embedded" ? "the embedded catalog" : origin }
}
