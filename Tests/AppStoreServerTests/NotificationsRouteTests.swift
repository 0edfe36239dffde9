import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// The App Store Server API's notification routes through the router, in process: the test
/// notification and its status, and the notification history.
@Suite("Notification routes in process")
struct NotificationsRouteTests {
    @Test func aRequestedTestNotificationIsFoundByItsToken() async throws {
        let fixture = try ServerFixture()
        let headers = try fixture.authorization()
        let (requested, status) = try await fixture.withClient { client in
            let requested = try await client.execute(uri: "/inApps/v1/notifications/test", method: .post, headers: headers)
            let token = (try? requested.json()["testNotificationToken"] as? String) ?? ""
            let status = try await client.execute(uri: "/inApps/v1/notifications/test/\(token)", method: .get, headers: headers)
            return (requested, status)
        }
        #expect(requested.status == .ok, "\(requested.text)")
        let token = try #require(try requested.json()["testNotificationToken"] as? String)
        #expect(UUID(uuidString: token) != nil, "\(token)")
        #expect(status.status == .ok, "\(status.text)")
        let item = try status.json()
        // No receivers (`--notify`) here: made and logged, never sent.
        #expect((item["sendAttempts"] as? [Any])?.isEmpty == true, "\(status.text)")
        let payload = try ServerFixture.payload(ofJWS: try #require(item["signedPayload"] as? String))
        #expect(payload["notificationType"] as? String == "TEST")
        #expect(payload["notificationUUID"] as? String == token)
        #expect((payload["data"] as? [String: Any])?["bundleId"] as? String == "com.paywallsim.app")
        #expect(try fixture.store.notifications().map(\.notification.notificationUUID) == [token])
    }

    @Test func aTokenNoTestNotificationHasIsApplesNotFound() async throws {
        let fixture = try ServerFixture()
        let response = try await fixture.request("/inApps/v1/notifications/test/\(UUID().uuidString.lowercased())",
                                                 headers: try fixture.authorization())
        #expect(response.status == .notFound)
        #expect(response.text == #"{"errorCode":4040008,"errorMessage":"Test notification not found."}"#)
    }

    @Test func historyListsThePurchasesNotificationInTheDateRange() async throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("monthly_14_99")
        let start = Int64(FixedDates.start.timeIntervalSince1970 * 1000)
        let body = #"{"startDate": \#(start), "endDate": \#(start + 1000)}"#
        let response = try await fixture.request("/inApps/v1/notifications/history", method: .post,
                                                 headers: try fixture.authorization(), body: body)
        #expect(response.status == .ok, "\(response.text)")
        let page = try response.json()
        #expect(page["hasMore"] as? Bool == false)
        #expect(page["paginationToken"] as? String == "1")
        let items = try #require(page["notificationHistory"] as? [[String: Any]])
        let payloads = try items.map { try ServerFixture.payload(ofJWS: try #require($0["signedPayload"] as? String)) }
        #expect(payloads.map { "\($0["notificationType"] ?? "")/\($0["subtype"] ?? "-")" } == ["SUBSCRIBED/INITIAL_BUY"])
        let transaction = try #require((payloads.first?["data"] as? [String: Any])?["signedTransactionInfo"] as? String)
        #expect(try ServerFixture.payload(ofJWS: transaction)["transactionId"] as? String == bought.id)
    }
}
