import Foundation
import Testing

/// Store controls across commands: buy, advance (renewals), refund, expire, reset.
@Suite("paywall-sim store controls")
struct StoreLifecycleTests {
    let state = PaywallSimProcess.tempStateDirectory()
    static let start = "2026-01-01T00:00:00Z"

    func store(_ arguments: [String]) async throws -> ProcessResult {
        let result = await InProcessCommandLine.run(["store"] + arguments + ["--state", state.path])
        #expect(result.exitCode == 0, "store \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    func json(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await store(arguments + ["--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(result.stdout)")
    }

    func transactions() async throws -> [[String: Any]] {
        try #require(try await json(["transactions"])["transactions"] as? [[String: Any]])
    }

    @Test func advanceRenewsAnActiveSubscription() async throws {
        let bought = try await store(["buy", "weekly_9_99", "--now", Self.start])
        #expect(bought.stdout.contains("outsideApp"))
        #expect(bought.stdout.contains("A running app sees this within a second"))
        let advanced = try await store(["advance", "8d"])
        #expect(advanced.stdout.contains("renewal"))
        #expect(advanced.stdout.contains("2026-01-09"))
        let all = try await transactions()
        #expect(all.count == 2)
        // Newest first: the renewal, then the purchase it renews.
        #expect(all.first?["reason"] as? String == "RENEWAL")
        #expect(all.first?["originalID"] as? String == all.last?["id"] as? String)
        #expect(all.first?["expiresDate"] as? String == "2026-01-15T00:00:00Z")
        #expect(all.first?["finished"] as? Bool == false)   // the app finishes it when it is redelivered
        // The clock moved for every later command (clock.json).
        let now = try #require(try await json(["entitlements"])["now"] as? String)
        #expect(now.hasPrefix("2026-01-09"))
    }

    @Test func advanceWithNothingDueSaysSo() async throws {
        let result = try await store(["advance", "2s", "--now", Self.start])
        #expect(result.stdout.contains("Nothing fell due."))
        #expect(result.stdout.contains("2026-01-01T00:00:02Z"))
    }

    @Test func refundRemovesTheEntitlement() async throws {
        _ = try await store(["buy", "yearly_59_99", "--now", Self.start])
        let before = try await json(["entitlements"])
        #expect((before["currentEntitlements"] as? [Any])?.count == 1)
        let refunded = try await store(["refund"])
        #expect(refunded.stdout.contains("revocation"))
        #expect(refunded.stdout.contains("subscribed (yearly_59_99) → revoked"))
        let after = try await json(["entitlements"])
        #expect((after["currentEntitlements"] as? [Any])?.isEmpty == true)
        let status = try #require((after["subscriptions"] as? [[String: Any]])?.first)
        #expect(status["state"] as? String == "revoked")
        #expect(status["willAutoRenew"] as? Bool == false)
        #expect(try await transactions().first?["revoked"] as? Bool == true)
    }

    @Test func expireEndsTheSubscriptionAndRenewStartsItAgain() async throws {
        _ = try await store(["buy", "monthly_14_99", "--now", Self.start])
        let expired = try await store(["expire", "premium"])
        #expect(expired.stdout.contains("→ expired"))
        #expect((try await json(["entitlements"])["currentEntitlements"] as? [Any])?.isEmpty == true)
        let renewed = try await store(["renew", "monthly_14_99"])
        #expect(renewed.stdout.contains("renewal"))
        #expect((try await json(["entitlements"])["currentEntitlements"] as? [Any])?.count == 1)
    }

    @Test func koreanStorefrontRecordsWon() async throws {
        _ = try await store(["buy", "weekly_9_99", "--storefront", "KOR", "--now", Self.start])
        let transaction = try #require(try await transactions().first)
        #expect(transaction["currency"] as? String == "KRW")
        #expect(transaction["price"] as? Int == 12_000_000)
    }

    @Test func resetClearsTheStoreAndSaysWhatWentAway() async throws {
        _ = try await store(["buy", "weekly_9_99", "--now", Self.start])
        _ = try await store(["buy", "yearly_59_99"])
        let reset = try await store(["reset"])
        #expect(reset.stdout.contains("removed 2 transaction(s), 0 pending request(s), 1 subscription(s) (premium)"))
        #expect(try await transactions().isEmpty)
        let again = try await store(["reset"])
        #expect(again.stdout.contains("already empty"))
    }

    @Test func entitlementsShowsTheBackendAsNotVerifiedYet() async throws {
        let document = try await json(["entitlements", "--now", Self.start])
        let backend = try #require(document["backend"] as? [String: Any])
        #expect(backend["verified"] as? Bool == false)
        #expect(backend["premium"] as? Bool == false)
        let table = try await store(["entitlements"])
        #expect(table.stdout.contains("nothing verified yet"))
    }
}
