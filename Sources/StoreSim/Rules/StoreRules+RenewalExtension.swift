import Foundation

/// The notifications of a renewal-date extension for all active subscribers (Apple's
/// `RENEWAL_EXTENSION`): one `FAILURE` per subscription it could not extend, and a `SUMMARY` when
/// the request is complete.
extension StoreRules {
    /// Apple's `summary` object: "The payload data for a subscription-renewal-date extension notification."
    struct RenewalExtensionSummary: Codable, Hashable, Sendable {
        var environment: String
        /// The app's Apple ID: in Production only, as in `data`.
        var appAppleId: Int64?
        var bundleId: String
        var productId: String
        var requestIdentifier: String
        var storefrontCountryCodes: [String]?
        var succeededCount: Int64
        var failedCount: Int64
    }

    /// `responseBodyV2DecodedPayload` of a `SUMMARY`: the `summary` object in place of `data`.
    struct SummaryPayload: Codable, Hashable, Sendable {
        var notificationType: String
        var subtype: String
        var notificationUUID: String
        var version: String
        var signedDate: Int64
        var summary: RenewalExtensionSummary
    }

    /// `RENEWAL_EXTENSION`/`FAILURE` for the subscription on line `key`: "the renewal date extension
    /// didn't succeed for a specific subscription. See the data in the responseBodyV2DecodedPayload."
    mutating func renewalExtensionFailure(lineKey key: String) throws -> ServerNotification? {
        guard let line = state.lines[key] else { return nil }
        return try makeNotification(NotificationEvent(type: "RENEWAL_EXTENSION", subtype: "FAILURE",
                                                      transactionID: line.latestTransactionID, groupID: key))
    }

    /// `RENEWAL_EXTENSION`/`SUMMARY`: "the App Store completed extending the renewal date for all
    /// eligible subscribers. See the summary in the responseBodyV2DecodedPayload for details."
    func renewalExtensionSummary(productID: String, requestIdentifier: String, storefrontCountryCodes: [String]?,
                                 succeeded: Int, failed: Int) throws -> ServerNotification {
        let uuid = UUID().uuidString.lowercased() // not from the seeded generator, as `makeNotification`
        let signedDate = TransactionPayload.millis(storeNow())
        let summary = RenewalExtensionSummary(environment: environment, appAppleId: signedAppAppleID, bundleId: bundleID, productId: productID,
                                              requestIdentifier: requestIdentifier, storefrontCountryCodes: storefrontCountryCodes,
                                              succeededCount: Int64(succeeded), failedCount: Int64(failed))
        let payload = SummaryPayload(notificationType: "RENEWAL_EXTENSION", subtype: "SUMMARY", notificationUUID: uuid, version: "2.0",
                                     signedDate: signedDate, summary: summary)
        return ServerNotification(notificationUUID: uuid, notificationType: "RENEWAL_EXTENSION", subtype: "SUMMARY", signedDate: signedDate,
                                  transactionID: nil, originalTransactionID: nil, productID: productID,
                                  signedPayload: try signJWS(try CompactJWS.encoder.encode(payload), untrusted: false))
    }
}
