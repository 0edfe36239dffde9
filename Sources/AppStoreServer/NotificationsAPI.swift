import Foundation
import PaywallFoundation
import StoreSim

/// The App Store Server API's notification endpoints: the test notification and its status, and
/// the notification history, with Apple's shapes.
public struct NotificationsAPI: Sendable {
    let server: ServerStore
    /// Notifications per history page.
    static let pageSize = 20

    public init(server: ServerStore) { self.server = server }

    struct SendAttempt: Encodable {
        var attemptDate: Int64
        var sendAttemptResult: String
    }

    struct Item: Encodable {
        var signedPayload: String
        var sendAttempts: [SendAttempt]
    }

    static func item(_ entry: NotificationEntry) -> Item {
        Item(signedPayload: entry.notification.signedPayload,
             sendAttempts: entry.attempts.map { SendAttempt(attemptDate: $0.attemptDate, sendAttemptResult: $0.result) })
    }

    /// `POST /inApps/v1/notifications/test`: `{"testNotificationToken"}`; the server sends it to
    /// its receivers like any other.
    public func requestTest() -> APIReply {
        reply { store in .json(["testNotificationToken": try store.requestTestNotification().notificationUUID]) }
    }

    /// `GET /inApps/v1/notifications/test/{token}`: the test notification and its send attempts.
    public func testStatus(_ token: String) -> APIReply {
        reply { store in
            guard let entry = try store.notifications().first(where: { $0.notification.notificationUUID == token && $0.notification.notificationType == "TEST" }) else {
                return .appleError(404, code: 4040008, "Test notification not found.")
            }
            return .json(Self.item(entry))
        }
    }

    /// The history request's body, as Apple's `NotificationHistoryRequest`.
    struct HistoryRequest: Decodable {
        var startDate: Int64?
        var endDate: Int64?
        var notificationType: String?
        var notificationSubtype: String?
        var transactionId: String?
        var onlyFailures: Bool?
    }

    /// `POST /inApps/v1/notifications/history?paginationToken=`: the notifications signed between
    /// `startDate` and `endDate`, filtered as asked, 20 a page.
    public func history(body: Data, paginationToken: String?) -> APIReply {
        let request: HistoryRequest
        do { request = try LocatedJSONDecoder().decode(HistoryRequest.self, from: body) } catch {
            return .appleError(400, code: 4000000, "Invalid request body: \(error)")
        }
        guard let start = request.startDate else { return .appleError(400, code: 4000015, "Invalid start date.") }
        guard let end = request.endDate, end > start else { return .appleError(400, code: 4000016, "Invalid end date.") }
        let offset: Int
        if let paginationToken {
            guard let value = Int(paginationToken), value >= 0 else { return .appleError(400, code: 4000014, "Invalid pagination token.") }
            offset = value
        } else { offset = 0 }
        return reply { store in
            let (page, total) = try store.notifications(where: { entry in
                let n = entry.notification
                return n.signedDate >= start && n.signedDate < end
                    && request.notificationType.map { n.notificationType == $0 } ?? true
                    && request.notificationSubtype.map { n.subtype == $0 } ?? true
                    && request.transactionId.map { n.transactionID == $0 || n.originalTransactionID == $0 } ?? true
                    && (request.onlyFailures != true || entry.attempts.contains { !$0.succeeded })
            }, page: { _ in offset..<(offset + Self.pageSize) })
            struct History: Encodable {
                var notificationHistory: [Item]
                var hasMore: Bool
                var paginationToken: String
            }
            let next = offset + page.count
            return .json(History(notificationHistory: page.map(Self.item), hasMore: next < total, paginationToken: String(next)))
        }
    }

    func reply(_ body: (SimulatedStore) throws -> APIReply) -> APIReply {
        do { return try server.access { store, _, _ in try body(store) } } catch {
            return .appleError(500, code: 5000000, "An unknown error occurred: \(error)")
        }
    }
}
