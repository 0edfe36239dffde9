import Foundation

/// One App Store Server Notification V2 the store sent: its type, the signed payload as Apple
/// POSTs it (`{"signedPayload": JWS}`), and what it is about.
public struct ServerNotification: Codable, Hashable, Sendable {
    /// Every `notificationType` of App Store Server Notifications V2, as Apple lists them.
    public static let types: Set<String> = [
        "SUBSCRIBED", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "OFFER_REDEEMED", "DID_RENEW", "EXPIRED",
        "DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED", "PRICE_INCREASE", "REFUND", "REFUND_DECLINED", "CONSUMPTION_REQUEST",
        "RENEWAL_EXTENDED", "REVOKE", "TEST", "RENEWAL_EXTENSION", "REFUND_REVERSED", "EXTERNAL_PURCHASE_TOKEN",
        "ONE_TIME_CHARGE", "RESCIND_CONSENT", "METADATA_UPDATE", "MIGRATION", "PRICE_CHANGE",
    ]
    public var notificationUUID: String
    public var notificationType: String
    public var subtype: String?
    /// When the App Store made it (the simulated clock), Apple's milliseconds.
    public var signedDate: Int64
    public var transactionID: String?
    public var originalTransactionID: String?
    public var productID: String?
    public var signedPayload: String

    /// When it was made, as a date.
    public var date: Date { TransactionPayload.date(signedDate) }
}

/// One try at delivering a notification to a receiver.
public struct NotificationAttempt: Codable, Hashable, Sendable {
    public var notificationUUID: String
    public var url: String
    /// The simulated instant of the try, Apple's milliseconds.
    public var attemptDate: Int64
    /// Apple's `sendAttemptResult`: `SUCCESS`, `TIMED_OUT`, `NO_RESPONSE`, `UNSUCCESSFUL_HTTP_RESPONSE_CODE`, …
    public var result: String
    /// The HTTP status the receiver answered, if it answered.
    public var httpStatus: Int?

    public init(notificationUUID: String, url: String, attemptDate: Int64, result: String, httpStatus: Int?) {
        self.notificationUUID = notificationUUID
        self.url = url
        self.attemptDate = attemptDate
        self.result = result
        self.httpStatus = httpStatus
    }

    public var succeeded: Bool { result == "SUCCESS" }
}

/// A notification with the tries made to deliver it, in order.
public struct NotificationEntry: Hashable, Sendable {
    public var notification: ServerNotification
    public var attempts: [NotificationAttempt]
}

/// `ResponseBodyV2DecodedPayload`: what the signed payload holds, with Apple's names.
struct NotificationPayload: Codable, Hashable, Sendable {
    struct DataPart: Codable, Hashable, Sendable {
        /// The app's Apple ID: in Production only (Apple: absent in the sandbox).
        var appAppleId: Int64?
        var bundleId: String
        /// The app's build (`CFBundleVersion`), as the app's `AppTransaction` reports its version.
        var bundleVersion: String?
        var environment: String
        var signedTransactionInfo: String?
        var signedRenewalInfo: String?
        /// 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked (subscriptions only).
        var status: Int?
        /// CONSUMPTION_REQUEST only: the customer's reason for the refund request.
        var consumptionRequestReason: String? = nil
    }
    var notificationType: String
    var subtype: String?
    var notificationUUID: String
    var version: String
    var signedDate: Int64
    var data: DataPart
}
