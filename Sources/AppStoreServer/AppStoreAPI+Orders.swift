import Foundation
import PaywallFoundation
import StoreSim

/// The App Store Server API's customer-support endpoints: Look Up Order ID, Send Consumption
/// Information (v1 and v2) and Set App Account Token, with Apple's answers and error codes.
extension AppStoreAPI {
    /// `GET /inApps/v1/lookup/{orderId}`: `{"status": 0, "signedTransactions"}` for an order of this
    /// customer, `{"status": 1, "signedTransactions": []}` for any other id (Apple's 200 either way).
    public func orderLookup(_ orderID: String) -> APIReply {
        reply { store, _, _ in
            struct Lookup: Encodable {
                var status: Int
                var signedTransactions: [String]
            }
            guard answersFor(store), let id = OrderID.transactionID(of: orderID), let signed = store.signedTransaction(id: id) else {
                return .json(Lookup(status: 1, signedTransactions: []))
            }
            return .json(Lookup(status: 0, signedTransactions: [signed.jws]))
        }
    }

    /// The fields of Apple's `ConsumptionRequestV1` this server checks (each against its documented range).
    struct ConsumptionV1: Decodable {
        var customerConsented: Bool?
        var consumptionStatus: Int?
        var platform: Int?
        var sampleContentProvided: Bool?
        var deliveryStatus: Int?
        var appAccountToken: String?
        var accountTenure: Int?
        var playTime: Int?
        var lifetimeDollarsRefunded: Int?
        var lifetimeDollarsPurchased: Int?
        var userStatus: Int?
        var refundPreference: Int?
    }

    /// The fields of Apple's `ConsumptionRequest` (v2).
    struct ConsumptionV2: Decodable {
        var customerConsented: Bool?
        var sampleContentProvided: Bool?
        var deliveryStatus: String?
        var consumptionPercentage: Int?
        var refundPreference: String?
    }

    /// `PUT /inApps/v1/transactions/consumption/{transactionId}` (deprecated by Apple) and
    /// `PUT /inApps/v2/transactions/consumption/{transactionId}`: checked as Apple checks them, then
    /// 202 Accepted with no body. The answer is kept on the transaction's refund request (`store
    /// transactions` shows it); the simulated App Store decides no refund from it.
    public func sendConsumption(_ id: String, version: Int, body: Data) -> APIReply {
        if let refusal = version == 1 ? Self.consumptionV1Refusal(body) : Self.consumptionV2Refusal(body) { return refusal }
        return reply { store, _, now in
            guard answersFor(store), let payload = store.payload(transactionID: id) else { return Self.notFound(id) }
            if version == 1, payload.type != "Consumable" {
                return .appleError(400, code: 4000043, "Invalid request. The transaction identifier doesn't represent a consumable in-app purchase.")
            }
            if let answer = Self.consumptionAnswer(body, version: version, at: now) {
                try store.recordConsumption(transactionID: id, answer: answer)
            }
            return APIReply(status: 202, body: Data())
        }
    }

    /// The answer as the state keeps it (the body was checked already).
    static func consumptionAnswer(_ body: Data, version: Int, at now: Date) -> ConsumptionAnswer? {
        if version == 1 {
            guard let request = try? LocatedJSONDecoder().decode(ConsumptionV1.self, from: body) else { return nil }
            return ConsumptionAnswer(version: 1, receivedAt: now, deliveryStatus: "\(request.deliveryStatus ?? 0)",
                                     refundPreference: request.refundPreference.map { "\($0)" },
                                     sampleContentProvided: request.sampleContentProvided ?? false)
        }
        guard let request = try? LocatedJSONDecoder().decode(ConsumptionV2.self, from: body) else { return nil }
        return ConsumptionAnswer(version: 2, receivedAt: now, deliveryStatus: request.deliveryStatus ?? "", consumptionPercentage: request.consumptionPercentage,
                                 refundPreference: request.refundPreference, sampleContentProvided: request.sampleContentProvided ?? false)
    }

    static func consumptionV1Refusal(_ body: Data) -> APIReply? {
        let request: ConsumptionV1
        do { request = try LocatedJSONDecoder().decode(ConsumptionV1.self, from: body) } catch {
            return .appleError(400, code: 4000000, "Invalid request body: \(error)")
        }
        let ranges: [(Int?, ClosedRange<Int>, Int, String)] = [
            (request.consumptionStatus, 0...3, 4000034, "consumption status"), (request.platform, 0...2, 4000039, "platform"),
            (request.deliveryStatus, 0...5, 4000036, "delivery status"), (request.accountTenure, 0...7, 4000032, "account tenure"),
            (request.playTime, 0...7, 4000040, "play time"), (request.lifetimeDollarsRefunded, 0...7, 4000038, "lifetime dollars refunded"),
            (request.lifetimeDollarsPurchased, 0...7, 4000037, "lifetime dollars purchased"), (request.userStatus, 0...4, 4000042, "user status"),
        ]
        guard request.customerConsented == true else { return .appleError(400, code: 4000035, "Invalid request. The customer consented field is invalid or doesn't indicate that the customer consented.") }
        guard request.sampleContentProvided != nil else { return .appleError(400, code: 4000041, "Invalid request. The sample content provided field is invalid.") }
        for (value, range, code, name) in ranges {
            guard let value, range.contains(value) else { return .appleError(400, code: code, "Invalid request. The \(name) field is invalid.") }
        }
        if let preference = request.refundPreference, !(0...3).contains(preference) {
            return .appleError(400, code: 4000000, "Invalid request. The refund preference field is 0 to 3.")
        }
        guard let token = request.appAccountToken, token.isEmpty || UUID(uuidString: token) != nil else {
            return .appleError(400, code: 4000033, "Invalid request. The app account token field must be a UUID or an empty string.")
        }
        return nil
    }

    static func consumptionV2Refusal(_ body: Data) -> APIReply? {
        let request: ConsumptionV2
        do { request = try LocatedJSONDecoder().decode(ConsumptionV2.self, from: body) } catch {
            return .appleError(400, code: 4000000, "Invalid request body: \(error)")
        }
        let deliveries: Set<String> = ["DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM", "UNDELIVERED_SERVER_OUTAGE", "UNDELIVERED_OTHER"]
        guard request.customerConsented == true else { return .appleError(400, code: 4000035, "Invalid request. The customer consented field is invalid or doesn't indicate that the customer consented.") }
        guard request.sampleContentProvided != nil else { return .appleError(400, code: 4000041, "Invalid request. The sample content provided field is invalid.") }
        guard let delivery = request.deliveryStatus, deliveries.contains(delivery) else { return .appleError(400, code: 4000036, "Invalid request. The delivery status field is invalid.") }
        if let percentage = request.consumptionPercentage, !(0...100_000).contains(percentage) {
            return .appleError(400, code: 4000000, "Invalid request. consumptionPercentage is in milliunits, 0 to 100000.")
        }
        if let preference = request.refundPreference, !["DECLINE", "GRANT_FULL", "GRANT_PRORATED"].contains(preference) {
            return .appleError(400, code: 4000000, "Invalid request. refundPreference is DECLINE, GRANT_FULL or GRANT_PRORATED.")
        }
        return nil
    }

    /// `PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken` with `{"appAccountToken"}`.
    public func setAppAccountToken(_ originalID: String, body: Data) -> APIReply {
        struct Request: Decodable { var appAccountToken: String? }
        guard let request = try? LocatedJSONDecoder().decode(Request.self, from: body) else {
            return .appleError(400, code: 4000000, "Invalid request body.")
        }
        guard let text = request.appAccountToken, let token = UUID(uuidString: text) else {
            return .appleError(400, code: 4000183, "Invalid request. The app account token value is not a valid UUID.")
        }
        guard !originalID.isEmpty, originalID.allSatisfy(\.isNumber) else { return .appleError(400, code: 4000008, "Invalid original transaction id.") }
        return reply { store, _, _ in
            guard answersFor(store) else { return .appleError(404, code: 4040010, "Transaction id not found.") }
            do {
                try store.setAppAccountToken(originalTransactionID: originalID, token: token)
                return APIReply(status: 200, body: Data())
            } catch SimulatedStore.AppAccountTokenRefusal.notFound {
                return .appleError(404, code: 4040010, "Transaction id not found.")
            } catch SimulatedStore.AppAccountTokenRefusal.notOriginal {
                return .appleError(400, code: 4000187, "Invalid request. The transaction ID provided is not an original transaction ID.")
            } catch SimulatedStore.AppAccountTokenRefusal.familyShared {
                return .appleError(400, code: 4000185, "Invalid request. Family Sharing transactions aren't supported by this endpoint.")
            }
        }
    }
}
