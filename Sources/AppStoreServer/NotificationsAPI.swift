import Foundation
import PaywallFoundation
import StoreSim

/// The App Store Server API's notification endpoints: the test notification and its status, and
/// the notification history, with Apple's shapes.
public struct NotificationsAPI: Sendable {
    let server: ServerStore
    /// Notifications per history page.
    static let pageSize = 20
    /// How far back notification history goes, as Apple's.
    static let historyDays: Int64 = 180
    /// The environment of the Apple host the request named; nil: `serve` asked directly (see `AppStoreAPI.reached(at:)`).
    public private(set) var hostEnvironment: String?

    public init(server: ServerStore) { self.server = server }

    /// The endpoints as reached at `authority`: the other environment's host has none of the
    /// state's notifications and no receiver for them.
    public func reached(at authority: String?) -> NotificationsAPI {
        var api = self
        api.hostEnvironment = ProxyHosts.environment(of: authority)
        return api
    }

    /// Whether the store's notifications are this environment's (always when asked directly).
    func answersFor(_ store: SimulatedStore) -> Bool {
        hostEnvironment.map { $0 == store.environment } ?? true
    }

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
        reply { store in
            // The receivers `serve --notify` names are the state's environment's URL; the other
            // environment has none (Apple's ServerNotificationURLNotFoundError).
            guard answersFor(store) else { return .appleError(404, code: 4040007, "Server notification URL not found.") }
            return .json(["testNotificationToken": try store.requestTestNotification().notificationUUID])
        }
    }

    /// `GET /inApps/v1/notifications/test/{token}`: the test notification and its send attempts.
    public func testStatus(_ token: String) -> APIReply {
        reply { store in
            guard answersFor(store) else { return .appleError(404, code: 4040008, "Test notification not found.") }
            let found = try store.notifications(where: { $0.notification.notificationUUID == token && $0.notification.notificationType == "TEST" }, page: { _ in 0..<1 })
            guard let entry = found.entries.first else {
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
        guard let requestedEnd = request.endDate else { return .appleError(400, code: 4000016, "Invalid end date.") }
        guard requestedEnd > start else { return .appleError(400, code: 4000013, "Start date after end date.") }
        if request.notificationType != nil, request.transactionId != nil {
            return .appleError(400, code: 4000019, "Include either the transactionId or the notificationType, not both.")
        }
        if let type = request.notificationType, !ServerNotification.types.contains(type) {
            return .appleError(400, code: 4000018, "Invalid notification type.")
        }
        if request.notificationSubtype != nil, request.notificationType == nil {
            return .appleError(400, code: 4000018, "A notificationSubtype needs its notificationType.")
        }
        let offset: Int
        if let paginationToken {
            guard let value = Int(paginationToken), value >= 0 else { return .appleError(400, code: 4000014, "Invalid pagination token.") }
            offset = value
        } else { offset = 0 }
        return replyAt { store, date in
            // Apple keeps 180 days of history before the current date (the state's clock), and
            // reads an end date in the future as now.
            let now = TransactionPayload.millis(date)
            guard start >= now - Self.historyDays * 86_400_000 else {
                return .appleError(400, code: 4000012, "Start date too far in the past: notification history covers the past \(Self.historyDays) days.")
            }
            struct History: Encodable {
                var notificationHistory: [Item]
                var hasMore: Bool
                var paginationToken: String
            }
            // The other environment sent none of the state's notifications: an empty history.
            guard answersFor(store) else { return .json(History(notificationHistory: [], hasMore: false, paginationToken: String(offset))) }
            let end = min(requestedEnd, now + 1)
            let (page, hasMore) = try store.notificationPage(signedFrom: start, where: { entry in
                let n = entry.notification
                return n.signedDate >= start && n.signedDate < end
                    && request.notificationType.map { n.notificationType == $0 } ?? true
                    && request.notificationSubtype.map { n.subtype == $0 } ?? true
                    && request.transactionId.map { n.transactionID == $0 || n.originalTransactionID == $0 } ?? true
                    && (request.onlyFailures != true || entry.attempts.contains { !$0.succeeded })
            }, offset: offset, count: Self.pageSize)
            let next = offset + page.count
            return .json(History(notificationHistory: page.map(Self.item), hasMore: hasMore, paginationToken: String(next)))
        }
    }

    func reply(_ body: (SimulatedStore) throws -> APIReply) -> APIReply {
        replyAt { store, _ in try body(store) }
    }

    /// Runs `body` on the up-to-date store at the state's current instant.
    func replyAt(_ body: (SimulatedStore, Date) throws -> APIReply) -> APIReply {
        do { return try server.access { store, _, now in try body(store, now) } } catch {
            return .appleError(500, code: 5000000, "An unknown error occurred: \(error)")
        }
    }
}
