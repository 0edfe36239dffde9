import Foundation
import StoreSim
import Testing
@testable import AppStoreServer

/// Each of Apple's App Store Server API hosts is one environment, and knows only its own
/// transactions. Apple's TransactionIdNotFoundError
/// (https://developer.apple.com/documentation/appstoreserverapi/transactionidnotfounderror):
/// "To resolve this error, check your request to ensure that: … You're making the request in the
/// same environment, production or sandbox, that generated the transaction ID." Apple's `environment`
/// (https://developer.apple.com/documentation/appstoreserverapi/environment): "You receive data from
/// the App Store Server API for the sandbox environment when you send test requests to the endpoints
/// using the sandbox base URL: https://api.storekit-sandbox.apple.com/". So a backend that asks
/// production first and the sandbox after a 4040010 finds a sandbox transaction on its second try.
@Suite("Apple's hosts: each its own environment")
struct HostEnvironmentTests {
    @Test func eachAppleHostNamesItsEnvironmentAndServeItselfNamesNone() {
        #expect(ProxyHosts.environment(of: "api.storekit.apple.com") == "Production")
        #expect(ProxyHosts.environment(of: "api.storekit.itunes.apple.com:443") == "Production")
        #expect(ProxyHosts.environment(of: "API.StoreKit-Sandbox.Apple.com") == "Sandbox")
        #expect(ProxyHosts.environment(of: "api.storekit-sandbox.itunes.apple.com:443") == "Sandbox")
        for own in ["127.0.0.1:8080", "localhost", "[::1]:80", nil] as [String?] {
            #expect(ProxyHosts.environment(of: own) == nil, "\(own ?? "nil")")
        }
        // Every host serve presents a certificate for is mapped.
        #expect(Set(ProxyHosts.apple) == Set(ProxyHosts.environments.keys))
    }

    @Test func aSandboxStatesTransactionIsNotFoundInProductionAndFoundInTheSandbox() throws {
        let fixture = try ServerFixture(environment: "Sandbox")
        let bought = try fixture.purchase("monthly_14_99")
        let api = fixture.server.api
        let production = api.reached(at: "api.storekit.apple.com"), sandbox = api.reached(at: "api.storekit-sandbox.apple.com:443")
        let notFound = #"{"errorCode":4040010,"errorMessage":"Transaction id not found."}"#
        for reply in [production.transactionInfo(bought.id), production.history(bought.id, query: [:]),
                      production.subscriptionStatuses(bought.id, query: [:]), production.refundLookup(bought.id, revision: nil),
                      production.appTransactionInfo(bought.id), production.sendConsumption(bought.id, version: 2, body: Self.consumption),
                      production.setAppAccountToken(bought.id, body: Data(#"{"appAccountToken":"7e3fb20b-4cdb-47cc-936d-99d65f608138"}"#.utf8))] {
            #expect(reply.status == 404 && String(decoding: reply.body, as: UTF8.self) == notFound, "\(String(decoding: reply.body, as: UTF8.self))")
        }
        // Extend a Subscription Renewal Date: "If you receive an errorCode 4040005 with errorMessage
        // as OriginalTransactionIdNotFoundError, … call the endpoint using the sandbox environment."
        let extend = Data(#"{"extendByDays":3,"extendReasonCode":1,"requestIdentifier":"host-test"}"#.utf8)
        #expect(production.extendRenewalDate(bought.id, body: extend).status == 404)
        #expect(String(decoding: production.extendRenewalDate(bought.id, body: extend).body, as: UTF8.self).contains("4040005"))
        let order = try #require(OrderID.of(transactionID: bought.id))
        #expect(String(decoding: production.orderLookup(order).body, as: UTF8.self) == #"{"signedTransactions":[],"status":1}"#)

        // The sandbox host, and serve asked directly, find it.
        for answering in [sandbox, api.reached(at: "127.0.0.1:8080")] {
            #expect(answering.transactionInfo(bought.id).status == 200)
            #expect(answering.history(bought.id, query: [:]).status == 200)
            #expect(answering.subscriptionStatuses(bought.id, query: [:]).status == 200)
            #expect(String(decoding: answering.orderLookup(order).body, as: UTF8.self).contains(#""status":0"#))
        }
        #expect(sandbox.extendRenewalDate(bought.id, body: extend).status == 200)
    }

    @Test func aProductionStateIsUnknownToTheSandboxHost() throws {
        let fixture = try ServerFixture(environment: "Production")
        let bought = try fixture.purchase("weekly_9_99")
        let api = fixture.server.api
        #expect(api.reached(at: "api.storekit-sandbox.itunes.apple.com").transactionInfo(bought.id).status == 404)
        #expect(api.reached(at: "api.storekit.itunes.apple.com").transactionInfo(bought.id).status == 200)
        // An Xcode state is no environment of Apple's servers: both hosts answer as for an unknown id.
        let xcode = try ServerFixture()
        let local = try xcode.purchase("weekly_9_99")
        for host in ProxyHosts.apple { #expect(xcode.server.api.reached(at: host).transactionInfo(local.id).status == 404) }
        #expect(xcode.server.api.reached(at: "localhost").transactionInfo(local.id).status == 200)
    }

    @Test func theOtherHostsNotificationsAndMassExtensionsAreItsOwn() throws {
        let fixture = try ServerFixture(environment: "Sandbox")
        _ = try fixture.purchase("monthly_14_99")
        let notifications = NotificationsAPI(server: fixture.server.api.server)
        let production = notifications.reached(at: "api.storekit.apple.com")
        // No receiver in the other environment: Apple's ServerNotificationURLNotFoundError.
        #expect(production.requestTest().status == 404)
        #expect(String(decoding: production.requestTest().body, as: UTF8.self).contains("4040007"))
        let token = try #require(try JSON.object(notifications.reached(at: "api.storekit-sandbox.apple.com").requestTest().body)["testNotificationToken"] as? String)
        #expect(production.testStatus(token).status == 404)
        let history = Data(#"{"startDate":1769700000000,"endDate":1769900000000}"#.utf8)
        #expect(String(decoding: production.history(body: history, paginationToken: nil).body, as: UTF8.self)
            == #"{"hasMore":false,"notificationHistory":[],"paginationToken":"0"}"#)
        let sandboxHistory = try JSON.object(notifications.reached(at: "api.storekit-sandbox.apple.com").history(body: history, paginationToken: nil).body)
        #expect((sandboxHistory["notificationHistory"] as? [Any])?.count == 2, "the purchase and the test: \(sandboxHistory)")

        // A mass extension through the production host extends no one of the sandbox's, and its
        // status is known to that host only.
        let mass = Data(#"{"extendByDays":3,"extendReasonCode":1,"requestIdentifier":"mass-1","productId":"monthly_14_99"}"#.utf8)
        let api = fixture.server.api
        #expect(api.reached(at: "api.storekit.apple.com").massExtendRenewalDates(body: mass).status == 200)
        let status = try JSON.object(api.reached(at: "api.storekit.apple.com").massExtensionStatus(productID: "monthly_14_99", identifier: "mass-1").body)
        #expect(status["succeededCount"] as? Int == 0 && status["failedCount"] as? Int == 0, "\(status)")
        #expect(api.reached(at: "api.storekit-sandbox.apple.com").massExtensionStatus(productID: "monthly_14_99", identifier: "mass-1").status == 404)
    }

    /// A valid Send Consumption Information (v2) body.
    static let consumption = Data(#"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED"}"#.utf8)
}
