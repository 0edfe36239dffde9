import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import PaywallCore
import StoreSim
import Testing
import TestSupport

/// The App Store Server API at Apple's paths through the router, in process: the bearer token,
/// Apple's error envelope, transaction info, subscription statuses and history paging.
@Suite("App Store Server API routes in process")
struct AppStoreAPIRouteTests {
    @Test func noAuthorizationIsA401WithApplesErrorBody() async throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("weekly_9_99")
        let response = try await fixture.request("/inApps/v1/transactions/\(bought.id)")
        #expect(response.status == .unauthorized)
        // Apple's envelope as `APIReply.appleError` writes it: no errorCode for a 401.
        #expect(response.text == #"{"errorMessage":"Unauthorized: no bearer token (Authorization: Bearer JWT)"}"#)
    }

    /// Tokens the server must refuse, each with the reason its 401 names.
    enum BadToken: String, CaseIterable, Sendable {
        case signedByAnotherKey, unknownKeyID, wrongAudience, otherBundle, expired

        var reason: String {
            switch self {
            case .signedByAnotherKey: return "the token's signature does not verify with key TESTKEY001"
            case .unknownKeyID: return "the token's kid OTHERKEY01 is not a key this server was given (--api-key KEY_ID:FILE.p8)"
            case .wrongAudience: return "the token's aud is appstoreconnect-v2; expected appstoreconnect-v1"
            case .otherBundle: return "the token's bid is com.example.other; expected com.paywallsim.app"
            case .expired: return "the token expired at "
            }
        }

        func header(_ fixture: ServerFixture) throws -> HTTPFields {
            switch self {
            case .signedByAnotherKey: return try fixture.authorization(key: P256.Signing.PrivateKey())
            case .unknownKeyID: return try fixture.authorization(kid: "OTHERKEY01")
            case .wrongAudience: return try fixture.authorization { $0.aud = "appstoreconnect-v2" }
            case .otherBundle: return try fixture.authorization { $0.bid = "com.example.other" }
            case .expired: return try fixture.authorization { $0.iat -= 1200; $0.exp -= 1200 }
            }
        }
    }

    @Test(arguments: BadToken.allCases)
    func aTokenTheServerDidNotIssueIsA401NamingWhy(_ token: BadToken) async throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("weekly_9_99")
        let response = try await fixture.request("/inApps/v1/transactions/\(bought.id)", headers: try token.header(fixture))
        #expect(response.status == .unauthorized)
        let body = try response.json()
        #expect(body["errorCode"] == nil)
        let message = try #require(body["errorMessage"] as? String)
        #expect(message.hasPrefix("Unauthorized: " + token.reason), "\(message)")
    }

    @Test func aValidTokenGetsTheSignedTransactionInfo() async throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("weekly_9_99")
        let response = try await fixture.request("/inApps/v1/transactions/\(bought.id)", headers: try fixture.authorization())
        #expect(response.status == .ok, "\(response.text)")
        let jws = try #require(try response.json()["signedTransactionInfo"] as? String)
        let payload = try ServerFixture.payload(ofJWS: jws)
        #expect(payload["transactionId"] as? String == bought.id)
        #expect(payload["productId"] as? String == "weekly_9_99")
        #expect(payload["bundleId"] as? String == "com.paywallsim.app")
        // Signed by the store: it verifies against the state directory's root.
        #expect(throws: Never.self) { try fixture.store.signedDataVerifier.verify(jws, now: fixture.clock.now()) }
    }

    @Test func anUnknownTransactionIdIsApplesNotFound() async throws {
        let fixture = try ServerFixture()
        _ = try fixture.purchase("weekly_9_99")
        let response = try await fixture.request("/inApps/v1/transactions/2000000000009999", headers: try fixture.authorization())
        #expect(response.status == .notFound)
        #expect(response.text == #"{"errorCode":4040010,"errorMessage":"Transaction id not found."}"#)
    }

    @Test func anIdThatIsNotANumberIsApplesInvalidTransactionId() async throws {
        let fixture = try ServerFixture()
        _ = try fixture.purchase("weekly_9_99")
        let response = try await fixture.request("/inApps/v1/transactions/not-a-number", headers: try fixture.authorization())
        #expect(response.status == .badRequest)
        #expect(response.text == #"{"errorCode":4000006,"errorMessage":"Invalid transaction id."}"#)
    }

    @Test func subscriptionStatusesGiveTheGroupsActiveSubscription() async throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("monthly_14_99")
        let response = try await fixture.request("/inApps/v1/subscriptions/\(bought.id)", headers: try fixture.authorization())
        #expect(response.status == .ok, "\(response.text)")
        let body = try response.json()
        #expect(body["environment"] as? String == "Xcode")
        #expect(body["bundleId"] as? String == "com.paywallsim.app")
        let groups = try #require(body["data"] as? [[String: Any]])
        #expect(groups.map { $0["subscriptionGroupIdentifier"] as? String } == ["premium"])
        let last = try #require((groups.first?["lastTransactions"] as? [[String: Any]])?.first)
        #expect(last["status"] as? Int == 1)
        #expect(last["originalTransactionId"] as? String == bought.id)
        #expect(last["signedTransactionInfo"] as? String == bought.jws)
        let renewal = try ServerFixture.payload(ofJWS: try #require(last["signedRenewalInfo"] as? String))
        #expect(renewal["autoRenewProductId"] as? String == "monthly_14_99")
        #expect(renewal["autoRenewStatus"] as? Int == 1)
    }

    @Test func aSubscriptionLeftToLapseOnTheClockIsStatusExpired() async throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("monthly_14_99")
        try fixture.store.setAutoRenew(groupID: "premium", false)
        // A month and a day later on the manual clock, the server answers the lapsed subscription.
        fixture.clock.advance(by: 31 * 86_400)
        let response = try await fixture.request("/inApps/v1/subscriptions/\(bought.id)?status=2", headers: try fixture.authorization())
        #expect(response.status == .ok, "\(response.text)")
        let groups = try #require(try response.json()["data"] as? [[String: Any]])
        let last = try #require((groups.first?["lastTransactions"] as? [[String: Any]])?.first, "\(response.text)")
        #expect(last["status"] as? Int == 2)
        #expect(last["originalTransactionId"] as? String == bought.id)
    }

    /// Apple, Get Transaction History V1: "The results don't include consumable in-app purchases
    /// that the app marks as finished"; Get Transaction History (v2) returns "transactions that the
    /// app has or hasn't marked as finished". A refunded consumable is in both.
    @Test func historyV1LeavesOutFinishedConsumablesAndV2HasThem() async throws {
        let file = TestPaths.fixtures.appendingPathComponent("storekit/07-storehelper-sampleproducts-v2.storekit")
        let fixture = try ServerFixture(catalog: try StoreKitConfigurationLoader.load(contentsOf: file))
        let consumable = "com.rarcher.consumable.plant.installation"
        let finished = try fixture.purchase(consumable)
        try fixture.store.finish(transactionID: finished.id)
        let unfinished = try fixture.purchase(consumable)
        let refunded = try fixture.purchase(consumable)
        try fixture.store.finish(transactionID: refunded.id)
        try fixture.store.refund(transactionID: refunded.id)
        let flowers = try fixture.purchase("com.rarcher.nonconsumable.flowers.small")
        try fixture.store.finish(transactionID: flowers.id)
        let headers = try fixture.authorization()
        func ids(_ version: String) async throws -> Set<String> {
            let response = try await fixture.request("/inApps/\(version)/history/\(flowers.id)", headers: headers)
            #expect(response.status == .ok, "\(response.text)")
            let signed = try response.json()["signedTransactions"] as? [String] ?? []
            return Set(try signed.map(ServerFixture.payload(ofJWS:)).compactMap { $0["transactionId"] as? String })
        }
        #expect(try await ids("v1") == [unfinished.id, refunded.id, flowers.id])
        #expect(try await ids("v2") == [finished.id, unfinished.id, refunded.id, flowers.id])
    }

    @Test func historyPagesTwentyTransactionsAtATimeWithARevision() async throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("weekly_9_99")
        // 25 weekly renewals: 26 transactions, two pages.
        fixture.clock.advance(by: 25 * 7 * 86_400)
        let headers = try fixture.authorization()
        let (first, second) = try await fixture.withClient { client in
            let first = try await client.execute(uri: "/inApps/v2/history/\(bought.id)", method: .get, headers: headers)
            let second = try await client.execute(uri: "/inApps/v2/history/\(bought.id)?revision=20", method: .get, headers: headers)
            return (first, second)
        }
        #expect(first.status == .ok && second.status == .ok, "\(first.text) \(second.text)")
        let pages = [try first.json(), try second.json()]
        #expect(pages.map { $0["hasMore"] as? Bool } == [true, false])
        #expect(pages.map { $0["revision"] as? String } == ["20", "26"])
        #expect(pages.allSatisfy { $0["bundleId"] as? String == "com.paywallsim.app" && $0["environment"] as? String == "Xcode" })
        let signed = pages.flatMap { $0["signedTransactions"] as? [String] ?? [] }
        #expect(signed.count == 26)
        let payloads = try signed.map(ServerFixture.payload(ofJWS:))
        let ids = payloads.compactMap { $0["transactionId"] as? String }
        #expect(ids == fixture.store.allTransactions.map(\.id))
        #expect(ids.first == bought.id && Set(ids).count == 26)
        #expect(payloads.allSatisfy { $0["originalTransactionId"] as? String == bought.id })
    }

    @Test func overTheRateLimitIsApples429() async throws {
        let second = Date()
        let fixture = try ServerFixture(rateLimit: 2, wallClock: { second })
        let bought = try fixture.purchase("monthly_14_99")
        let headers = try fixture.authorization()
        let answers = try await fixture.withClient { client in
            var answers: [(Int, String)] = []
            for _ in 0..<5 {
                let response = try await client.execute(uri: "/inApps/v1/transactions/\(bought.id)", method: .get, headers: headers)
                answers.append((Int(response.status.code), response.text))
            }
            return answers
        }
        // Five requests in one second of the server's clock: two answered, three over the limit.
        #expect(answers.map(\.0) == [200, 200, 429, 429, 429], "\(answers.map(\.0))")
        #expect(answers.dropFirst(2).allSatisfy { $0.1 == #"{"errorCode":4290000,"errorMessage":"Rate limit exceeded."}"# })
    }

    @Test func aPathTheAPIDoesNotHaveIsApplesEnvelope() async throws {
        let fixture = try ServerFixture()
        let response = try await fixture.request("/inApps/v1/nope", method: .post, headers: try fixture.authorization())
        #expect(response.status == .notFound)
        #expect(response.text.contains(#""errorCode":4000000"#) && response.text.contains("no such endpoint"), "\(response.text)")
    }
}
