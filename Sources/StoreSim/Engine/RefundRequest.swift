import Foundation

/// A refund request made from the app's refund request sheet (`beginRefundRequest`), and what
/// became of it: Apple's decision and the consumption information the team's server sent.
public struct RefundRequest: Codable, Hashable, Sendable {
    /// Where a request stands. Older ledgers have none: they were waiting.
    public enum Decision: String, Codable, Sendable, Hashable {
        /// Waiting for Apple (Production): `store approve-refund` or `store decline-refund` answers it.
        case pending
        /// Refunded (REFUND); in Xcode at once, as `SKTestSession.refundTransaction` documents.
        case approved
        /// Declined (REFUND_DECLINED).
        case declined
        /// Refunded, then the refund was reversed (REFUND_REVERSED): the entitlement is back.
        case reversed
    }

    public var transactionID: String
    public var productID: String
    public var requestedAt: Date
    /// nil in ledgers written before decisions were kept: pending.
    public var decision: Decision?
    /// When Apple approved, declined or reversed it.
    public var decidedAt: Date?
    /// The customer's reason, as `consumptionRequestReason` carries it (`UNINTENDED_PURCHASE`, …).
    public var reason: String?
    /// The team's answer to CONSUMPTION_REQUEST (Send Consumption Information), the latest one.
    public var consumption: ConsumptionAnswer?

    public init(transactionID: String, productID: String, requestedAt: Date, decision: Decision = .pending, reason: String? = nil) {
        self.transactionID = transactionID
        self.productID = productID
        self.requestedAt = requestedAt
        self.decision = decision
        self.reason = reason
    }

    /// Where the request stands (`pending` for one an older ledger kept).
    public var state: Decision { decision ?? .pending }

    /// The customer's reasons Apple's `consumptionRequestReason` has.
    public static let reasons = RefundRequestReason.allCases.map(\.rawValue)
}

/// What a team's server answered to a CONSUMPTION_REQUEST through Send Consumption Information
/// (`PUT /inApps/v2/transactions/consumption/{transactionId}`, or the V1 endpoint).
public struct ConsumptionAnswer: Codable, Hashable, Sendable {
    /// 2 for `ConsumptionRequest` (v2), 1 for `ConsumptionRequestV1`.
    public var version: Int
    public var receivedAt: Date
    /// `deliveryStatus`: v2's name (`DELIVERED`, …), or v1's number as text.
    public var deliveryStatus: String
    /// v2's `consumptionPercentage` in milliunits, when sent.
    public var consumptionPercentage: Int?
    /// `refundPreference`: v2's name (`DECLINE`, `GRANT_FULL`, `GRANT_PRORATED`) or v1's number as text.
    public var refundPreference: String?
    public var sampleContentProvided: Bool

    public init(version: Int, receivedAt: Date, deliveryStatus: String, consumptionPercentage: Int? = nil,
                refundPreference: String? = nil, sampleContentProvided: Bool) {
        self.version = version
        self.receivedAt = receivedAt
        self.deliveryStatus = deliveryStatus
        self.consumptionPercentage = consumptionPercentage
        self.refundPreference = refundPreference
        self.sampleContentProvided = sampleContentProvided
    }

    /// One line for `store transactions`: `v2 DELIVERED, 30% consumed, prefers DECLINE`.
    public var summary: String {
        var parts = ["v\(version) \(deliveryStatus)"]
        if let consumptionPercentage { parts.append("\(Double(consumptionPercentage) / 1000)% consumed") }
        if let refundPreference { parts.append("prefers \(refundPreference)") }
        parts.append(sampleContentProvided ? "sample provided" : "no sample")
        return parts.joined(separator: ", ")
    }
}
