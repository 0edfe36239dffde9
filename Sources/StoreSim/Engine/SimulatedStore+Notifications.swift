import Foundation
import StoreKitVocabulary

/// App Store Server Notifications V2: every change of the store that Apple notifies makes a signed
/// notification in `notifications.jsonl` (whichever process made the change), and the tries to
/// deliver it (`paywall-sim serve --notify URL`) are recorded beside it.
extension SimulatedStore {
    /// Every notification the store made, oldest first, with its delivery attempts.
    public func notifications() throws -> [NotificationEntry] {
        try lock.withLock { try notificationLog.load(headers: encodedHeaders) }
    }

    /// The notifications `isIncluded` keeps (it sees all but the signed payload), oldest first,
    /// and how many it kept; only those in `page` (positions among the kept, given how many were
    /// kept; nil: all) are made whole and returned, so a page of a long history costs the page.
    public func notifications(where isIncluded: (NotificationEntry) -> Bool, page: (Int) -> Range<Int>?) throws -> (entries: [NotificationEntry], total: Int) {
        try lock.withLock { try notificationLog.load(headers: encodedHeaders, where: isIncluded, page: page, heads: notificationHeads) }
    }

    /// A page of the notification history (`NotificationLog.page`): `count` of the notifications
    /// `isIncluded` keeps (all signed at or after `start`) after the first `offset`, and whether
    /// more follow.
    public func notificationPage(signedFrom start: Int64, where isIncluded: (NotificationEntry) -> Bool, offset: Int,
                                 count: Int) throws -> (entries: [NotificationEntry], hasMore: Bool) {
        try lock.withLock {
            try notificationLog.page(headers: encodedHeaders, signedFrom: start, where: isIncluded, offset: offset, count: count,
                                     heads: notificationHeads)
        }
    }

    /// Reads what was appended to the notification log since this store last read it (all of it,
    /// the first time): a long-lived process does it once at start.
    public func readNotificationLog() throws {
        try lock.withLock { try notificationHeads.catchUp(with: notificationLog) }
    }

    /// The newest `count` notifications with their attempts, oldest first, and how many there are
    /// in all; only the tail of the log is read.
    public func newestNotifications(_ count: Int) throws -> (entries: [NotificationEntry], total: Int) {
        try lock.withLock { try notificationLog.newest(count, headers: encodedHeaders) }
    }

    /// Records tries to deliver notifications (durable, under the store's lock).
    public func recordAttempts(_ attempts: [NotificationAttempt]) throws {
        try lock.withLock { try notificationLog.append(attempts.map { NotificationLog.Line(attempt: $0) }) }
    }

    /// `POST /inApps/v1/notifications/test`: a TEST notification; returns its UUID (the test token).
    public func requestTestNotification() throws -> ServerNotification {
        try exclusive {
            let notification = try rules.makeNotification(NotificationEvent(type: "TEST", transactionID: "", groupID: nil))
            try notificationLog.append(logLines([notification]))
            return notification
        }
    }

    var notificationLog: NotificationLog { NotificationLog(directory: stateDirectory, durability: durability) }

    /// `notifications` as the log keeps them, each compact from the payload it was signed from
    /// when the rules made it (`StoreRules.signedNotificationPayloads`, emptied here: what was
    /// made and not logged is not kept), else from its signed text.
    func logLines(_ notifications: [ServerNotification]) -> [NotificationLog.Line] {
        defer { rules.signedNotificationPayloads.removeAll(keepingCapacity: true) }
        return notifications.map {
            NotificationLog.Line(notification: $0, headers: encodedHeaders, signedFrom: rules.signedNotificationPayloads[$0.notificationUUID])
        }
    }

    /// The notifications the change since `mark` makes, signed and logged; the processed time is
    /// saved with them, so another process does not notify the same expiry again.
    func recordNotifications(since mark: NotificationMark) throws {
        absorbEffects()
        let notifications = try rules.notifications(since: mark)
        guard !notifications.isEmpty else { return }
        // Saved with them unless the change's own save, just made, already holds it.
        if state.lastProcessed != mark.lastProcessed, state.lastProcessed != repository.savedLastProcessed || hasUnsavedRecords { try save() }
        try notificationLog.append(logLines(notifications))
        for n in notifications { note("notification \(n.notificationType)\(n.subtype.map { "/\($0)" } ?? "")") }
    }

    /// Apple's subscription status numbers: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
    public static func statusCode(_ state: SubscriptionState) -> Int { StoreRules.statusCode(state) }
}
