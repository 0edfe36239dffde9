import Foundation
import StoreSim

/// `store transactions`: the store's ledger, newest first (the latest 50 unless `--limit` says), and pending requests.
struct TransactionsReport: StoreOutput {
    /// One transaction row (Apple's decoded payload, plus the store's finished flag).
    struct Transaction: Encodable {
        var id: String
        var originalID: String
        var productID: String
        var type: String
        var reason: String
        var purchaseDate: String
        @Nullable var expiresDate: String?
        @Nullable var revocationDate: String?
        var revoked: Bool
        var finished: Bool
        var ownership: String
        var price: Int64
        var currency: String
        /// The storefront (alpha-3) the customer was charged in, as signed.
        var storefront: String
        /// The environment and bundle id the transaction is signed for.
        var environment: String
        var bundleId: String
        @Nullable var offerType: Int?
        @Nullable var offerIdentifier: String?
        var quantity: Int
        var verified: Bool
        @Nullable var isUpgraded: Bool?
        @Nullable var revocationReason: Int?
        @Nullable var appAccountToken: String?
        /// An upgraded transaction's prorated refund, in `price`'s milliunits (nil: not upgraded).
        @Nullable var proratedRefund: Int64?
        /// The order ID on the customer's receipt email (the App Store Server API's Look Up Order ID).
        var orderId: String
        /// The JWS as the App Store gives it (only with `--signed`: it changes with every signing).
        var signedTransaction: String?
    }

    /// A purchase waiting outside the app.
    struct Pending: Encodable {
        var requestID: String
        var kind: String
        var productID: String
        var requestedAt: String
    }

    var now: String
    /// What the state's clock is (`pinned`, `wall clock +8d`).
    var clock = "pinned"

    mutating func stamp(clock: String) { self.clock = clock }
    /// The transactions shown, newest first (`--limit`, `--since`).
    var transactions: [Transaction]
    /// How many transactions match (`--since`), shown or not.
    var total: Int
    var pending: [Pending]
    /// Ask to Buy requests a parent declined (the app is never told).
    var declined: [Declined]
    /// StoreKit messages waiting for the app (billing issue, price increase, win-back).
    var messages: [Message]
    /// Refund requests made from the app's sheet; Apple decides later.
    var refundRequests: [RefundRequested]

    struct Message: Encodable {
        var reason: String
        var productID: String
        @Nullable var offerID: String?
    }

    struct RefundRequested: Encodable {
        var transactionID: String
        var productID: String
        var requestedAt: String
        /// `pending`, `approved`, `declined` or `reversed`.
        var decision: String
        @Nullable var decidedAt: String?
        @Nullable var reason: String?
        /// The team's Send Consumption Information answer, as the state keeps it.
        @Nullable var consumption: ConsumptionAnswer?
    }

    struct Declined: Encodable {
        var requestID: String
        var productID: String
        var requestedAt: String
        var declinedAt: String
    }

    init(store: SimulatedStore, now: Date, includeJWS: Bool = false, limit: Int? = nil, since: Date? = nil) {
        self.now = StoreDate.string(now)
        let trusted = store.keys.trusted.publicKey
        let (page, total) = store.transactionPage(limit: limit, since: since)
        self.total = total
        let refunds = UpgradeRefund.amounts(page.map(\.payload))
        transactions = page.map { entry in
            let payload = entry.payload
            return Transaction(
                id: payload.transactionId, originalID: payload.originalTransactionId, productID: payload.productId,
                type: payload.type, reason: payload.transactionReason, purchaseDate: StoreDate.string(payload.purchase),
                expiresDate: payload.expires.map(StoreDate.string), revocationDate: payload.revoked.map(StoreDate.string),
                revoked: payload.revocationDate != nil, finished: entry.finished,
                ownership: payload.inAppOwnershipType, price: payload.price, currency: payload.currency,
                storefront: payload.storefront, environment: payload.environment, bundleId: payload.bundleId,
                offerType: payload.offerType, offerIdentifier: payload.offerIdentifier, quantity: payload.quantity,
                // The device's check (`VerificationResult`), made again on the JWS as stored.
                verified: (try? CompactJWS.verify(entry.signed.jws, key: trusted)) != nil,
                isUpgraded: payload.isUpgraded, revocationReason: payload.revocationReason, appAccountToken: payload.appAccountToken,
                proratedRefund: refunds[payload.transactionId],
                orderId: OrderID.of(transactionID: payload.transactionId) ?? "",
                signedTransaction: includeJWS ? entry.signed.jws : nil)
        }
        pending = store.pendingPurchases.map {
            Pending(requestID: $0.requestID, kind: $0.kind.rawValue, productID: $0.productID, requestedAt: StoreDate.string($0.requestedAt))
        }
        declined = store.declinedRequests.map {
            Declined(requestID: $0.requestID, productID: $0.productID, requestedAt: StoreDate.string($0.requestedAt),
                     declinedAt: StoreDate.string($0.declinedAt))
        }
        messages = store.waitingMessages.map { Message(reason: $0.reason.rawValue, productID: $0.productID, offerID: $0.offerID) }
        refundRequests = store.refundRequests.map {
            RefundRequested(transactionID: $0.transactionID, productID: $0.productID, requestedAt: StoreDate.string($0.requestedAt),
                            decision: $0.state.rawValue, decidedAt: $0.decidedAt.map(StoreDate.string), reason: $0.reason,
                            consumption: $0.consumption)
        }
    }

    var text: String {
        var lines = ["Simulated time \(now) (\(clock))"]
        if transactions.isEmpty {
            lines.append("No transactions.")
        } else {
            var table = TextTable(["ID", "ORIGINAL ID", "PRODUCT", "PURCHASED", "EXPIRES", "REVOKED", "FINISHED", "OWNERSHIP"])
            for t in transactions {
                table.add([t.id, t.originalID, t.productID, t.purchaseDate, t.expiresDate ?? "-",
                           t.revocationDate ?? "no", t.finished ? "yes" : "no", t.ownership])
            }
            lines += ["", table.render()]
            for t in transactions {
                guard let refund = t.proratedRefund else { continue }
                lines.append("\(t.id) (\(t.productID)) was upgraded: \(UpgradeRefund.text(milliunits: refund)) \(t.currency) refunded, "
                             + "the unused part of its period (\(UpgradeRefund.text(milliunits: t.price)) \(t.currency) paid).")
            }
            if total > transactions.count {
                let older = total - transactions.count
                lines.append("\(older) older transaction\(older == 1 ? "" : "s") not shown (\(total) in all; --limit 0 shows every one).")
            }
        }
        if !pending.isEmpty {
            var table = TextTable(["REQUEST", "KIND", "PRODUCT", "REQUESTED"])
            for p in pending { table.add([p.requestID, p.kind, p.productID, p.requestedAt]) }
            lines += ["", "Waiting outside the app:", table.render()]
        }
        if !declined.isEmpty {
            var table = TextTable(["REQUEST", "PRODUCT", "REQUESTED", "DECLINED"])
            for d in declined { table.add([d.requestID, d.productID, d.requestedAt, d.declinedAt]) }
            lines += ["", "Declined Ask to Buy requests (StoreKit does not tell the app):", table.render()]
        }
        if !messages.isEmpty {
            lines += ["", "StoreKit messages waiting for the app: " + messages.map { "\($0.reason) (\($0.productID))" }.joined(separator: ", ")]
        }
        if !refundRequests.isEmpty {
            var table = TextTable(["TRANSACTION", "PRODUCT", "REQUESTED", "DECISION", "CONSUMPTION INFORMATION"])
            for r in refundRequests {
                table.add([r.transactionID, r.productID, r.requestedAt, r.decision + (r.decidedAt.map { " \($0)" } ?? ""),
                           r.consumption?.summary ?? "-"])
            }
            lines += ["", "Refund requests (store approve-refund / decline-refund answer a pending one):", table.render()]
        }
        return lines.joined(separator: "\n")
    }
}
