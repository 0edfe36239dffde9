import Foundation
import NIOConcurrencyHelpers
import PaywallFoundation
import StoreSim

/// The mass extension requests a running `serve` was given, by request identifier (kept while it
/// runs: Apple keeps them for the status endpoint; a restarted `serve` has none).
final class MassExtensionRequests: Sendable {
    struct Outcome: Sendable {
        var productID: String
        var completeDate: Int64
        var succeeded: Int
        var failed: Int
    }

    private let outcomes = NIOLockedValueBox<[String: Outcome]>([:])

    /// Requests are kept per environment: each of Apple's hosts knows only its own.
    static func key(_ identifier: String, environment: String) -> String { environment + "\u{1F}" + identifier }

    func record(_ identifier: String, _ outcome: Outcome) { outcomes.withLockedValue { $0[identifier] = outcome } }
    func outcome(_ identifier: String) -> Outcome? { outcomes.withLockedValue { $0[identifier] } }
    func knows(_ identifier: String) -> Bool { outcomes.withLockedValue { $0[identifier] != nil } }
}

/// Extend Subscription Renewal Dates for All Active Subscribers, and its status.
extension AppStoreAPI {
    /// Apple's `MassExtendRenewalDateRequest`.
    struct MassExtendRequest: Decodable {
        var extendByDays: Int?
        var extendReasonCode: Int?
        var requestIdentifier: String?
        var storefrontCountryCodes: [String]?
        var productId: String?
    }

    /// `POST /inApps/v1/subscriptions/extend/mass`: extends every active subscription to
    /// `productId` (the simulated store has one customer) at once, notifying each failure and the
    /// summary (`SimulatedStore.massExtendRenewalDates`); answers `{"requestIdentifier"}`.
    public func massExtendRenewalDates(body: Data) -> APIReply {
        let request: MassExtendRequest
        do { request = try LocatedJSONDecoder().decode(MassExtendRequest.self, from: body) } catch {
            return .appleError(400, code: 4000000, "Invalid request body: \(error)")
        }
        guard let days = request.extendByDays, (1...90).contains(days) else { return .appleError(400, code: 4000009, "Invalid extend by days value.") }
        guard let reason = request.extendReasonCode, (0...3).contains(reason) else { return .appleError(400, code: 4000010, "Invalid extend reason code.") }
        guard let identifier = request.requestIdentifier, !identifier.isEmpty, identifier.count <= 128 else {
            return .appleError(400, code: 4000011, "Invalid request identifier.")
        }
        if let codes = request.storefrontCountryCodes {
            guard !codes.isEmpty else { return .appleError(400, code: 4000027, "Invalid request. An empty storefront country code list.") }
            guard codes.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isUppercase) }) else {
                return .appleError(400, code: 4000028, "Invalid request. A storefront country code is invalid (ISO 3166-1 alpha-3).")
            }
        }
        guard let productID = request.productId, !productID.isEmpty else { return .appleError(400, code: 4000023, "Invalid product id.") }
        return reply { store, _, now in
            guard store.catalog.product(productID)?.subscription != nil else { return .appleError(400, code: 4000023, "Invalid product id.") }
            let key = MassExtensionRequests.key(identifier, environment: hostEnvironment ?? store.environment)
            if massExtensions.knows(key) { return .json(["requestIdentifier": identifier]) } // idempotent, as Apple's
            // The other environment's host has none of the state's subscribers: nothing to extend.
            let outcome = answersFor(store)
                ? try store.massExtendRenewalDates(productID: productID, days: days, requestIdentifier: identifier,
                                                   storefrontCountryCodes: request.storefrontCountryCodes)
                : SimulatedStore.MassExtensionOutcome(succeeded: 0, failed: 0)
            massExtensions.record(key, .init(productID: productID, completeDate: TransactionPayload.millis(now),
                                             succeeded: outcome.succeeded, failed: outcome.failed))
            return .json(["requestIdentifier": identifier])
        }
    }

    /// `GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`.
    public func massExtensionStatus(productID: String, identifier: String) -> APIReply {
        let environment = hostEnvironment ?? ((try? server.withStore { $0.environment }) ?? "")
        guard let outcome = massExtensions.outcome(MassExtensionRequests.key(identifier, environment: environment)),
              outcome.productID == productID else {
            return .appleError(404, code: 4040009, "Status request not found.")
        }
        struct Status: Encodable {
            var requestIdentifier: String
            var complete: Bool
            var completeDate: Int64
            var succeededCount: Int
            var failedCount: Int
        }
        return .json(Status(requestIdentifier: identifier, complete: true, completeDate: outcome.completeDate,
                            succeededCount: outcome.succeeded, failedCount: outcome.failed))
    }
}
