import Foundation
import PaywallFoundation
import OutboundHTTP
import StoreSim

/// Sends App Store Server Notifications V2 to the receivers `serve --notify URL` names: each
/// notification the store makes from the server's start on is POSTed as `{"signedPayload": JWS}`,
/// to every receiver at once and to each in order (a slow receiver delays only its own);
/// a receiver that fails (not 2xx, no answer within 5 s) is tried again 1, 12, 24, 48 and 72 hours
/// after the previous try, on the simulated clock, as Apple does in production. In the sandbox
/// Apple sends a notification once, without retries; `Xcode` and `LocalTesting` states are retried
/// as in production. Every try is recorded in the state
/// directory (`store notifications`, the notification history endpoint).
public final class NotificationDelivery: @unchecked Sendable {
    let server: ServerStore
    let receivers: [URL]
    /// Apple's retries, in hours after the previous try ("retries five times, at 1, 12, 24, 48,
    /// and 72 hours after the previous attempt").
    static let retryHours: [Double] = [1, 12, 24, 48, 72]
    /// Whether failed tries are retried: not in the sandbox ("the App Store server attempts to
    /// send the notification one time").
    let retries: Bool
    /// How long a receiver has to answer.
    static let timeout: TimeInterval = 5
    /// Notifications before this position in the log were made before the server started: they
    /// are only tried again if an earlier server's try failed.
    private let startIndex: Int

    public init(server: ServerStore, receivers: [URL]) throws {
        self.server = server
        var seen = Set<URL>()
        self.receivers = receivers.filter { seen.insert($0).inserted } // a URL named twice is one receiver
        retries = try server.access { store, _, _ in store.environment != "Sandbox" }
        startIndex = try server.access { store, _, _ in try store.notifications().count }
    }

    /// The tries due at `now`: a notification new since the start that a receiver has not had, or
    /// one whose last try failed and whose next retry time has come. Pure.
    static func due(_ entries: [NotificationEntry], receivers: [URL], startIndex: Int, now: Date, retries: Bool = true) -> [(ServerNotification, URL)] {
        var due: [(ServerNotification, URL)] = []
        for (index, entry) in entries.enumerated() {
            for receiver in receivers {
                let tries = entry.attempts.filter { $0.url == receiver.absoluteString }
                guard let last = tries.last else {
                    if index >= startIndex { due.append((entry.notification, receiver)) }
                    continue
                }
                guard retries, !last.succeeded, tries.count <= retryHours.count else { continue }
                let next = TransactionPayload.date(last.attemptDate).addingTimeInterval(retryHours[tries.count - 1] * 3600)
                if now >= next { due.append((entry.notification, receiver)) }
            }
        }
        return due
    }

    /// When a try is recorded as made: `now`, or the notification's signing time when the clock
    /// read is behind it. A `store advance` moves the clock and then writes the notification; a
    /// server that read the clock just before the move and the log just after would otherwise
    /// date the first try before the notification, so every retry fell due at once. Pure.
    static func attemptDate(now: Date, notification: ServerNotification) -> Int64 {
        max(TransactionPayload.millis(now), notification.signedDate)
    }

    /// Delivers what is due now to every receiver at once (each as `deliverDue(to:)`); returns
    /// how many tries were made.
    @discardableResult
    public func deliverDue() async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for receiver in receivers { group.addTask { try await self.deliverDue(to: receiver) } }
            return try await group.reduce(0, +)
        }
    }

    /// Delivers what is due now to `receiver`, one POST at a time, oldest first (Apple's order for
    /// one URL); returns how many tries were made. Another receiver's tries do not wait for these.
    @discardableResult
    public func deliverDue(to receiver: URL) async throws -> Int {
        let (due, now) = try server.access { store, _, now in
            (Self.due(try store.notifications(), receivers: [receiver], startIndex: startIndex, now: now, retries: retries), now)
        }
        guard !due.isEmpty else { return 0 }
        var attempts: [NotificationAttempt] = []
        for (notification, receiver) in due {
            let (result, status) = await Self.post(notification.signedPayload, to: receiver)
            attempts.append(NotificationAttempt(notificationUUID: notification.notificationUUID, url: receiver.absoluteString,
                                                attemptDate: Self.attemptDate(now: now, notification: notification),
                                                result: result, httpStatus: status))
        }
        try server.access { store, _, _ in try store.recordAttempts(attempts) }
        return attempts.count
    }

    /// Runs until the task is cancelled: one loop per receiver, each looking for what is due to it
    /// twice a second, so a receiver that takes its 5 s never holds up another.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            for receiver in receivers {
                group.addTask {
                    while !Task.isCancelled {
                        do { try await self.deliverDue(to: receiver) } catch {
                            FileHandle.standardError.write(Data(utf8: "paywall-sim serve: notifications to \(receiver.absoluteString): \(error)\n"))
                        }
                        try? await Task.sleep(nanoseconds: 500_000_000)
                    }
                }
            }
        }
    }

    /// One POST of `{"signedPayload": JWS}`: Apple's `sendAttemptResult` and the HTTP status.
    static func post(_ signedPayload: String, to receiver: URL) async -> (String, Int?) {
        let body = (try? JSONEncoder().encode(["signedPayload": signedPayload])) ?? Data()
        switch await JSONPost.send(body, to: receiver, timeout: timeout) {
        case let .answered(status, _):
            return ((200..<300).contains(status) ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE", status)
        case let .failed(failure, _):
            return (failure.rawValue, nil)
        }
    }
}
