/// The customer's reason on the app's refund request sheet, as Apple's `consumptionRequestReason`
/// carries it in CONSUMPTION_REQUEST.
public enum RefundRequestReason: String, Hashable, Sendable, Codable, WordNamed {
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    case legal = "LEGAL"
    case other = "OTHER"

    /// Apple's revocation reason a refund granted for it carries: 1 (an issue in the app) for a
    /// fulfillment issue, 0 for any other.
    public var revocationReason: RevocationReason { self == .fulfillmentIssue ? .appIssue : .other }
}

/// How Apple's sandbox answers refund requests ("depending on your testing setup").
public enum SandboxRefundAnswer: String, Hashable, Sendable, WordNamed {
    case approve
    case decline
}
