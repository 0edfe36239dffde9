import Foundation
import StoreKitVocabulary

/// The App Store Server Notifications V2 a change makes, signed as Apple signs them.
extension StoreRules {
    /// The notifications the change since `mark` makes, signed (the shell logs them).
    mutating func notifications(since mark: NotificationMark) throws -> [ServerNotification] {
        let revoked = revokedSinceMark, explicit = explicitEvents, quiet = quietGroups
        revokedSinceMark = []; explicitEvents = []; quietGroups = []
        // What the change said it makes (CONSUMPTION_REQUEST, REFUND_DECLINED, REFUND_REVERSED)
        // first, then what its changes to the state make.
        let events = explicit + NotificationDeriver.events(before: mark, after: state, revoked: revoked, catalog: catalog, quiet: quiet)
        var notifications: [ServerNotification] = []
        for event in events { notifications.append(try makeNotification(event)) }
        return notifications
    }

    /// Signs `event` as Apple signs a notification: the transaction, and for a subscription its
    /// renewal info and status, in `data`.
    mutating func makeNotification(_ event: NotificationEvent) throws -> ServerNotification {
        let uuid = UUID().uuidString.lowercased() // not from the store's seeded generator: its ids stay as they were
        let record = event.transactionID.isEmpty ? nil : self.record(event.transactionID)
        var data = NotificationPayload.DataPart(appAppleId: signedAppAppleID, bundleId: bundleID, bundleVersion: appPurchase.applicationVersion, environment: environment,
                                                signedTransactionInfo: record?.jws(encodedHeaders), signedRenewalInfo: nil, status: nil,
                                                consumptionRequestReason: event.consumptionRequestReason)
        if let key = event.groupID, let status = lineStatus(key: key) {
            data.signedRenewalInfo = try signJWS(try status.renewalInfo.encoded(), untrusted: false)
            data.status = Self.statusCode(status.state)
        }
        let signedDate = TransactionPayload.millis(storeNow())
        let payload = NotificationPayload(notificationType: event.type, subtype: event.subtype, notificationUUID: uuid,
                                          version: "2.0", signedDate: signedDate, data: data)
        signedNotificationPayloads[uuid] = payload
        return ServerNotification(notificationUUID: uuid, notificationType: event.type, subtype: event.subtype,
                                  signedDate: signedDate, transactionID: record?.payload.transactionId,
                                  originalTransactionID: record?.payload.originalTransactionId, productID: record?.payload.productId,
                                  signedPayload: try signJWS(try CompactJWS.encoder.encode(payload), untrusted: false))
    }
}
