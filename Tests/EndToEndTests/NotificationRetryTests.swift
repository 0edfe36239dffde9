import Foundation
import Testing
@testable import AppStoreServer
@testable import StoreSim

/// A try is never dated before the notification it sends, so a server whose clock read lagged a
/// `store advance` does not make every retry fall due at once.
@Suite("Notification tries and retries on the simulated clock")
struct NotificationRetryTests {
    static let signed = Date(timeIntervalSince1970: 1_800_000_000)
    static let notification = ServerNotification(notificationUUID: "n-1", notificationType: "DID_RENEW", subtype: nil,
                                                 signedDate: TransactionPayload.millis(signed), transactionID: "2", originalTransactionID: "1",
                                                 productID: "weekly", signedPayload: "a.b.c")
    static let receiver = URL(string: "http://127.0.0.1:1/n")!

    @Test func aTryReadWithAStaleClockIsDatedWhenTheNotificationWasSigned() {
        let stale = Self.signed.addingTimeInterval(-14 * 86_400)
        #expect(NotificationDelivery.attemptDate(now: stale, notification: Self.notification) == Self.notification.signedDate)
        let later = Self.signed.addingTimeInterval(30)
        #expect(NotificationDelivery.attemptDate(now: later, notification: Self.notification) == TransactionPayload.millis(later))
    }

    @Test func theFirstRetryFallsDueAnHourAfterTheFirstTry() {
        let first = NotificationAttempt(notificationUUID: "n-1", url: Self.receiver.absoluteString,
                                        attemptDate: NotificationDelivery.attemptDate(now: Self.signed.addingTimeInterval(-14 * 86_400),
                                                                                      notification: Self.notification),
                                        result: "NO_RESPONSE", httpStatus: nil)
        let entries = [NotificationEntry(notification: Self.notification, attempts: [first])]
        let due = { (now: Date) in NotificationDelivery.due(entries, receivers: [Self.receiver], startIndex: 0, now: now).count }
        #expect(due(Self.signed.addingTimeInterval(1)) == 0)
        #expect(due(Self.signed.addingTimeInterval(3_599)) == 0)
        #expect(due(Self.signed.addingTimeInterval(3_600)) == 1)
    }

    /// Apple: "retries five times, at 1, 12, 24, 48, and 72 hours after the previous attempt"; in
    /// the sandbox "the App Store server attempts to send the notification one time".
    @Test func eachRetryFallsDueAfterThePreviousTryAndTheSandboxNeverRetries() {
        var attempts: [NotificationAttempt] = []
        var at = Self.signed
        var tried: [Double] = []
        for _ in 0..<8 {
            let entries = [NotificationEntry(notification: Self.notification, attempts: attempts)]
            // The next hour on the hour at which a try falls due, if any within 10 days.
            guard let hour = (0...240).first(where: {
                NotificationDelivery.due(entries, receivers: [Self.receiver], startIndex: 0, now: at.addingTimeInterval(Double($0) * 3600)).count == 1
            }) else { break }
            at = at.addingTimeInterval(Double(hour) * 3600)
            tried.append(at.timeIntervalSince(Self.signed) / 3600)
            attempts.append(NotificationAttempt(notificationUUID: "n-1", url: Self.receiver.absoluteString,
                                                attemptDate: TransactionPayload.millis(at), result: "NO_RESPONSE", httpStatus: nil))
        }
        #expect(tried == [0, 1, 13, 37, 85, 157], "the first try and five retries, each after the previous")
        let once = [NotificationEntry(notification: Self.notification, attempts: Array(attempts.prefix(1)))]
        #expect(NotificationDelivery.due(once, receivers: [Self.receiver], startIndex: 0, now: Self.signed.addingTimeInterval(100 * 3600),
                                         retries: false).isEmpty)
    }
}
