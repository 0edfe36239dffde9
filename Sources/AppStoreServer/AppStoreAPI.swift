import Foundation
import PaywallCore
import PaywallFoundation
import StoreSim
import TeamServer

/// The App Store Server API's answers at Apple's paths, with Apple's JSON shapes, from the
/// simulated store (so Apple's `AppStoreServerAPIClient` works against it unchanged).
public struct AppStoreAPI: Sendable {
    let server: ServerStore
    /// Mass extension requests, for their status.
    let massExtensions = MassExtensionRequests()
    /// Transactions per history page, as Apple's.
    static let pageSize = 20
    /// The environment of the Apple host the request named (`ProxyHosts.environment(of:)`); nil:
    /// `serve` was asked directly, and the state's own environment answers.
    public private(set) var hostEnvironment: String?

    public init(server: ServerStore) { self.server = server }

    /// The API as reached at `authority` (a request's `Host`): Apple's production host answers only
    /// for a Production state, its sandbox host only for a Sandbox state; the other environment
    /// knows none of the state's transactions, as Apple's ("You're making the request in the same
    /// environment, production or sandbox, that generated the transaction ID" — TransactionIdNotFoundError).
    public func reached(at authority: String?) -> AppStoreAPI {
        var api = self
        api.hostEnvironment = ProxyHosts.environment(of: authority)
        return api
    }

    /// Whether the store's transactions are this environment's: always when `serve` is asked
    /// directly; through Apple's host, only when it is the store's environment.
    func answersFor(_ store: SimulatedStore) -> Bool {
        hostEnvironment.map { $0 == store.environment } ?? true
    }

    /// `GET /inApps/v1/transactions/{transactionId}`.
    public func transactionInfo(_ id: String) -> APIReply {
        reply { store, _, _ in
            guard answersFor(store), let signed = store.signedTransaction(id: id) else { return Self.notFound(id) }
            return .json(["signedTransactionInfo": signed.jws])
        }
    }

    /// `GET /inApps/v2/history/{transactionId}` (and v1): the customer's transactions, 20 a page,
    /// with `revision` paging and Apple's filters (`startDate`, `endDate`, `productId`,
    /// `productType`, `sort`, `subscriptionGroupIdentifier`, `inAppOwnershipType`, `revoked`).
    /// V1 leaves out the consumables the app finished (unless refunded or revoked), as Apple's does.
    public func history(_ id: String, query: [String: [String]], version: Int = 2) -> APIReply {
        reply { store, _, _ in
            guard answersFor(store), store.knowsTransaction(id) else {
                return Self.notFound(id)
            }
            let offset: Int
            if let revision = query["revision"]?.first {
                guard let value = Int(revision), value >= 0 else { return .appleError(400, code: 4000005, "Invalid revision.") }
                offset = value
            } else { offset = 0 }
            struct History: Encodable {
                var revision: String
                var hasMore: Bool
                /// The app's Apple ID, in Production only (as Apple's HistoryResponse).
                var appAppleId: Int64?
                var bundleId: String
                var environment: String
                var signedTransactions: [String]
            }
            // Only dates asked for (what a backend's sync does): ordered from the record index, and
            // only the page's transactions read.
            let payloadFilters = ["productId", "productType", "subscriptionGroupIdentifier", "inAppOwnershipType", "revoked"]
            if version >= 2, !payloadFilters.contains(where: { !(query[$0] ?? []).isEmpty }) {
                let (page, total) = store.transactionHistoryPage(
                    signedFrom: query["startDate"]?.first.flatMap(Int64.init), before: query["endDate"]?.first.flatMap(Int64.init),
                    descending: query["sort"]?.first == "DESCENDING", offset: offset, limit: Self.pageSize)
                let next = offset + page.count
                return .json(History(revision: String(next), hasMore: next < total, appAppleId: store.signedAppAppleID, bundleId: store.bundleID,
                                     environment: store.environment, signedTransactions: page.map(\.jws)))
            }
            // Filtered on the payloads; only the page's JWS are made.
            var payloads = store.transactionPayloads.map { ((), $0) }
            if version < 2 {
                let finished = store.finishedConsumableIDs
                if !finished.isEmpty { payloads = payloads.filter { !finished.contains($0.1.transactionId) } }
            }
            if let start = query["startDate"]?.first.flatMap(Int64.init) { payloads = payloads.filter { $0.1.signedDate >= start } }
            if let end = query["endDate"]?.first.flatMap(Int64.init) { payloads = payloads.filter { $0.1.signedDate < end } }
            if let products = query["productId"], !products.isEmpty { payloads = payloads.filter { products.contains($0.1.productId) } }
            if let types = query["productType"], !types.isEmpty {
                let names = ["AUTO_RENEWABLE": "Auto-Renewable Subscription", "NON_RENEWABLE": "Non-Renewing Subscription",
                             "CONSUMABLE": "Consumable", "NON_CONSUMABLE": "Non-Consumable"]
                let wanted = Set(types.compactMap { names[$0.uppercased()] })
                payloads = payloads.filter { wanted.contains($0.1.type) }
            }
            if let groups = query["subscriptionGroupIdentifier"], !groups.isEmpty {
                payloads = payloads.filter { $0.1.subscriptionGroupIdentifier.map(groups.contains) ?? false }
            }
            if let ownership = query["inAppOwnershipType"]?.first { payloads = payloads.filter { $0.1.inAppOwnershipType == ownership } }
            if let revoked = query["revoked"]?.first?.lowercased() {
                guard revoked == "true" || revoked == "false" else { return .appleError(400, code: 4000000, "revoked: expected true or false") }
                payloads = payloads.filter { ($0.1.revocationDate != nil) == (revoked == "true") }
            }
            // Apple orders by modification; the simulator by signing date, then id.
            payloads.sort { ($0.1.signedDate, $0.1.transactionId) < ($1.1.signedDate, $1.1.transactionId) }
            if query["sort"]?.first == "DESCENDING" { payloads.reverse() }
            let page = Array(payloads.dropFirst(offset).prefix(Self.pageSize))
            let next = offset + page.count
            return .json(History(revision: String(next), hasMore: next < payloads.count, appAppleId: store.signedAppAppleID, bundleId: store.bundleID,
                                 environment: store.environment, signedTransactions: page.compactMap { store.signedTransaction(id: $0.1.transactionId)?.jws }))
        }
    }

    /// `GET /inApps/v1/subscriptions/{transactionId}`: every group's status with its last
    /// transaction and renewal info, signed (`status` query: 1 active … 5 revoked).
    public func subscriptionStatuses(_ id: String, query: [String: [String]]) -> APIReply {
        reply { store, _, _ in
            guard answersFor(store), store.knowsTransaction(id) else {
                return Self.notFound(id)
            }
            struct LastTransaction: Encodable {
                var status: Int
                var originalTransactionId: String
                var signedTransactionInfo: String
                var signedRenewalInfo: String
            }
            struct Group: Encodable {
                var subscriptionGroupIdentifier: String
                var lastTransactions: [LastTransaction]
            }
            struct Statuses: Encodable {
                var environment: String
                /// The app's Apple ID, in Production only (as Apple's StatusResponse).
                var appAppleId: Int64?
                var bundleId: String
                var data: [Group]
            }
            let wanted = Set((query["status"] ?? []).compactMap(Int.init))
            var groups: [Group] = []
            for groupID in store.catalog.groups.map(\.id) {
                // One entry per subscription of the group: the customer's own and a family-shared one.
                var last: [LastTransaction] = []
                for status in store.subscriptionStatuses(groupID: groupID) {
                    let code = SimulatedStore.statusCode(status.state)
                    if !wanted.isEmpty, !wanted.contains(code) { continue }
                    let original = store.payload(transactionID: status.transaction.id)?.originalTransactionId ?? status.transaction.id
                    last.append(LastTransaction(status: code, originalTransactionId: original,
                                                signedTransactionInfo: status.transaction.jws, signedRenewalInfo: try store.signedRenewalInfo(status)))
                }
                if !last.isEmpty { groups.append(Group(subscriptionGroupIdentifier: groupID, lastTransactions: last)) }
            }
            return .json(Statuses(environment: store.environment, appAppleId: store.signedAppAppleID, bundleId: store.bundleID, data: groups))
        }
    }

    /// `GET /inApps/v2/refund/lookup/{transactionId}`: the customer's refunded transactions.
    public func refundLookup(_ id: String, revision: String?) -> APIReply {
        reply { store, _, _ in
            guard answersFor(store), store.knowsTransaction(id) else { return Self.notFound(id) }
            let refunded = store.refundedTransactions
            let offset = revision.flatMap(Int.init) ?? 0
            let page = Array(refunded.dropFirst(offset).prefix(Self.pageSize))
            struct Refunds: Encodable {
                var signedTransactions: [String]
                var revision: String
                var hasMore: Bool
            }
            return .json(Refunds(signedTransactions: page.map(\.jws), revision: String(offset + page.count),
                                 hasMore: offset + page.count < refunded.count))
        }
    }

    /// `GET /inApps/v1/transactions/appTransactions/{transactionId}`: the signed AppTransaction.
    public func appTransactionInfo(_ id: String) -> APIReply {
        reply { store, _, _ in
            guard answersFor(store) else { return Self.notFound(id) }
            let app = try store.appTransaction()
            guard store.signedTransaction(id: id) != nil || app.payload.appTransactionId == id else { return Self.notFound(id) }
            return .json(["signedAppTransactionInfo": app.jws])
        }
    }

    /// The extension request's body, as Apple's `ExtendRenewalDateRequest`.
    struct ExtendRequest: Decodable {
        var extendByDays: Int?
        var extendReasonCode: Int?
        var requestIdentifier: String?
    }

    /// `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`.
    public func extendRenewalDate(_ originalID: String, body: Data) -> APIReply {
        let request: ExtendRequest
        do { request = try LocatedJSONDecoder().decode(ExtendRequest.self, from: body) } catch {
            return .appleError(400, code: 4000000, "Invalid request body: \(error)")
        }
        guard let days = request.extendByDays, (1...90).contains(days) else { return .appleError(400, code: 4000009, "Invalid extend by days value.") }
        guard let reason = request.extendReasonCode, (0...3).contains(reason) else { return .appleError(400, code: 4000010, "Invalid extend reason code.") }
        guard let identifier = request.requestIdentifier, !identifier.isEmpty else { return .appleError(400, code: 4000011, "Invalid request identifier.") }
        return reply { store, _, _ in
            guard answersFor(store), store.transactionPayloads.contains(where: { $0.originalTransactionId == originalID }) else {
                return .appleError(404, code: 4040005, "Original transaction id not found.")
            }
            do {
                let result = try store.extendRenewalDate(originalTransactionID: originalID, days: days)
                struct Extended: Encodable {
                    var originalTransactionId: String
                    var webOrderLineItemId: String?
                    var success: Bool
                    var effectiveDate: Int64
                }
                return .json(Extended(originalTransactionId: originalID, webOrderLineItemId: result.webOrderLineItemID, success: true,
                                      effectiveDate: TransactionPayload.millis(result.effectiveDate)))
            } catch let error as RenewalExtensionLimitReached {
                // SubscriptionMaxExtensionError: "already received the maximum extensions".
                return .appleError(403, code: 4030005, "Subscription reached the maximum number of extensions: \(error.description)")
            } catch let error as StoreControlError {
                return .appleError(403, code: 4030004, "Subscription not eligible for extension: \(error.description)")
            }
        }
    }

    static func notFound(_ id: String) -> APIReply {
        guard !id.isEmpty, id.allSatisfy(\.isNumber) else { return .appleError(400, code: 4000006, "Invalid transaction id.") }
        return .appleError(404, code: 4040010, "Transaction id not found.")
    }

    /// Runs `body` on the up-to-date store; a failure of the state directory is Apple's 500.
    func reply(_ body: (SimulatedStore, VerificationBackend, Date) throws -> APIReply) -> APIReply {
        do { return try server.access(body) } catch {
            return .appleError(500, code: 5000000, "An unknown error occurred: \(error)")
        }
    }
}
