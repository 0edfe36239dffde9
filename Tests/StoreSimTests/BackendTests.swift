import Crypto
import Foundation
import SimRuntime
import PaywallCore
import Testing
@testable import StoreSim
@testable import TeamServer

@Suite("Verification backend")
struct BackendTests {
    @Test func verifiesAndComputesTheEntitlement() throws {
        let (store, clock, dir) = try Fixture.store()
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        let t = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        let answer = backend.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "A")
        let entitlement = Entitlement(isPremium: true, productID: "weekly_9_99", expiresAt: t.expirationDate, source: .purchase, verifiedAt: clock.now())
        #expect(answer == .verified(entitlement))
        #expect(backend.grantedTransactionIDs == [t.id])
        #expect(backend.record(transactionID: t.id)?.offerID == "A")
        clock.advance(by: 8 * 86_400)
        guard case let .verified(later) = backend.refreshEntitlement(now: clock.now()) else { Issue.record("refresh failed"); return }
        #expect(!later.isPremium)
    }

    /// Apple: full service through the billing grace period; none in billing retry.
    @Test func gracePeriodKeepsPremiumUntilItEnds() throws {
        let (store, clock, dir) = try Fixture.store(StoreSettings(renewalBillingIssuesEnabled: true, billingGracePeriodEnabled: true))
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        let t = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        _ = backend.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "A")
        clock.advance(by: 8 * 86_400)
        try store.process(now: clock.now())
        let status = try #require(store.subscriptionStatus(groupID: "premium"))
        #expect(status.state == .inGracePeriod)
        let graceEnds = try #require(status.gracePeriodExpiresDate)
        #expect(graceEnds == t.expirationDate?.addingTimeInterval(6 * 86_400), "a weekly subscription: 6 days (Apple's realTime table)")
        #expect(backend.recordGracePeriod(originalTransactionID: t.originalID, endsAt: graceEnds))
        #expect(!backend.recordGracePeriod(originalTransactionID: t.originalID, endsAt: graceEnds), "unchanged: no write")
        guard case let .verified(inGrace) = backend.refreshEntitlement(now: clock.now()) else { Issue.record("refresh failed"); return }
        #expect(inGrace.isPremium && inGrace.expiresAt == graceEnds)
        // Another process (the app after a relaunch) reads the grace from the ledger.
        let reopened = try Fixture.backend(for: store, dir: dir, clock: clock)
        guard case let .verified(again) = reopened.refreshEntitlement(now: clock.now()) else { Issue.record("refresh failed"); return }
        #expect(again.isPremium)
        clock.advance(by: 17 * 86_400)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .inBillingRetryPeriod)
        guard case let .verified(retry) = backend.refreshEntitlement(now: clock.now()) else { Issue.record("refresh failed"); return }
        #expect(!retry.isPremium, "billing retry: no service")
    }

    @Test func gracePeriodLengthIsTheCatalogsChoice() throws {
        var settings = StoreSettings(renewalBillingIssuesEnabled: true, billingGracePeriodEnabled: true)
        settings.gracePeriodDays = 3
        let (store, clock, _) = try Fixture.store(settings)
        let t = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        clock.advance(by: 8 * 86_400)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.gracePeriodExpiresDate == t.expirationDate?.addingTimeInterval(3 * 86_400))
    }

    /// Apple's non-renewing transactions carry no expiration; the app decides how long they last.
    @Test func nonRenewingHasNoExpiryAndTheAppDecidesItsLength() throws {
        let (store, clock, dir) = try Fixture.store()
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        let t = try #require(store.purchase(productID: "season_pass", options: Fixture.options).transaction)
        #expect(t.expirationDate == nil, "as Apple has it")
        #expect(store.payload(transactionID: t.id)?.expiresDate == nil)
        _ = backend.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "A")
        // The app's default: a year.
        clock.advance(by: 300 * 86_400)
        guard case let .verified(withinYear) = backend.refreshEntitlement(now: clock.now()) else { Issue.record("refresh failed"); return }
        #expect(withinYear.isPremium)
        clock.advance(by: 70 * 86_400)
        guard case let .verified(afterYear) = backend.refreshEntitlement(now: clock.now()) else { Issue.record("refresh failed"); return }
        #expect(!afterYear.isPremium)
        // currentEntitlements still lists it: StoreKit cannot know; the app decides.
        #expect(store.currentEntitlements().map(\.id).contains(t.id))
        // The remote config names another length.
        backend.nonRenewingAccess = ["season_pass": BillingPeriod(value: 3, unit: .month)]
        guard case let .verified(configured) = backend.refreshEntitlement(now: clock.now()) else { Issue.record("refresh failed"); return }
        #expect(!configured.isPremium)
        let config = try RemoteConfig.decode(from: Data(#"{"offers":[{"id":"A","layoutVariant":"list","productIDs":["x"],"defaultProductID":"x"}],"nonRenewingAccess":{"season_pass":"P3M"}}"#.utf8), path: "c.json")
        #expect(config.nonRenewingPeriods == ["season_pass": BillingPeriod(value: 3, unit: .month)])
        #expect(throws: RemoteConfigError.self) {
            try RemoteConfig.decode(from: Data(#"{"offers":[{"id":"A","layoutVariant":"list","productIDs":["x"],"defaultProductID":"x"}],"nonRenewingAccess":{"season_pass":"3 months"}}"#.utf8), path: "c.json")
        }
    }

    @Test func replayedTransactionIsNotGrantedTwice() throws {
        let (store, clock, dir) = try Fixture.store()
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        let t = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction)
        _ = backend.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "A")
        _ = backend.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "A")
        let reopened = try Fixture.backend(for: store, dir: dir, clock: clock)
        _ = reopened.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "update")
        #expect(reopened.grantedTransactionIDs == [t.id])
        #expect(backend.log.contains { $0.contains("replay") })
    }

    @Test func refusesForgedAndForeignTransactions() throws {
        let (store, clock, dir) = try Fixture.store()
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        let t = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction)
        let parts = t.jws.split(separator: ".").map(String.init)
        let none = CompactJWS.base64url(Data(#"{"alg":"none"}"#.utf8)) + "." + parts[1] + "."
        var rng = SeededGenerator(seed: 99)
        let forged = try CompactJWS.sign(payload: try #require(CompactJWS.data(base64url: parts[1])), key: StoreSigningKeys.makeKey(&rng),
                                         kid: StoreSigningKeys.trustedKeyID)
        var payload = try #require(store.payload(transactionID: t.id))
        payload.productId = "yearly_59_99"
        let tampered = parts[0] + "." + CompactJWS.base64url(try payload.encoded()) + "." + parts[2]
        for jws in [none, forged, tampered, "garbage"] {
            guard case let .rejected(reason) = backend.post(jws: jws, appAccountToken: Fixture.user, offerID: "A") else {
                Issue.record("accepted \(jws.prefix(20))"); continue
            }
            #expect(!reason.isEmpty)
        }
        #expect(backend.post(jws: t.jws, appAccountToken: UUID(), offerID: "A") != .verified(.free))
        guard case .rejected = backend.post(jws: t.jws, appAccountToken: UUID(), offerID: "A") else { Issue.record("foreign token accepted"); return }
        #expect(backend.grantedTransactionIDs.isEmpty)
        #expect(backend.log.filter { $0.contains("rejected") }.count == 6)
    }

    @Test func refusesUnverifiedWrongBundleEnvironmentAndToken() throws {
        let (store, clock, dir) = try Fixture.store(StoreSettings(unverifiedTransactions: true))
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        let unverified = try #require(store.purchase(productID: "lifetime").transaction)
        #expect(backend.post(jws: unverified.jws, appAccountToken: Fixture.user, offerID: "A")
            == .rejected(reason: "JWS signature does not verify with the trusted store key"))

        let otherDir = Fixture.tempDirectory()
        let other = try SimulatedStore(catalog: Fixture.catalog(), stateDirectory: otherDir, clock: clock, seed: 42, bundleID: "com.other.app",
                                       environment: "Production")
        let otherTransaction = try #require(other.purchase(productID: "coins_100").transaction)
        // Signed by another state's chain: refused before its fields are read.
        guard case let .rejected(foreign) = backend.post(jws: otherTransaction.jws, appAccountToken: nil, offerID: "A") else { Issue.record("accepted"); return }
        #expect(foreign.contains("not the trusted root"))
        // The same payload under this store's chain: refused for its bundle, then its environment.
        let wrongBundle = try CompactJWS.sign(payload: try #require(other.payload(transactionID: otherTransaction.id)).encoded(),
                                              key: store.keys.trusted, kid: StoreSigningKeys.trustedKeyID, x5c: store.keys.chain.x5c)
        guard case let .rejected(reason) = backend.post(jws: wrongBundle, appAccountToken: nil, offerID: "A") else { Issue.record("accepted"); return }
        #expect(reason.contains("bundle id com.other.app"))
        let prod = try VerificationBackend(stateDirectory: otherDir, verifier: store.signedDataVerifier, bundleID: "com.other.app",
                                           userAppAccountToken: Fixture.user, clock: clock)
        guard case let .rejected(env) = prod.post(jws: wrongBundle, appAccountToken: nil, offerID: "A") else { Issue.record("accepted"); return }
        #expect(env.contains("environment Production"))

        try store.setSettings(StoreSettings())
        let someoneElse = try #require(store.purchase(productID: "coins_100", options: StorePurchaseOptions(appAccountToken: UUID())).transaction)
        guard case let .rejected(token) = backend.post(jws: someoneElse.jws, appAccountToken: nil, offerID: "A") else { Issue.record("accepted"); return }
        #expect(token.contains("not this user's"))
    }

    @Test func revocationUpdateRemovesTheEntitlementWithoutANewGrant() throws {
        let (store, clock, dir) = try Fixture.store()
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        let t = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction)
        guard case let .verified(before) = backend.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "A") else { Issue.record("refused"); return }
        #expect(before.isPremium)
        clock.advance(by: 60)
        try store.refund(transactionID: t.id)
        let revoked = try #require(store.takeUpdates().first?.transaction)
        guard case let .rejected(reason) = backend.post(jws: revoked.jws, appAccountToken: Fixture.user, offerID: "update") else {
            Issue.record("revocation not refused"); return
        }
        #expect(reason.contains("revoked"))
        #expect(backend.grantedTransactionIDs == [t.id])
        guard case let .verified(after) = backend.refreshEntitlement(now: clock.now()) else { Issue.record("refresh failed"); return }
        #expect(!after.isPremium)
    }

    @Test func downBackendAnswersUnavailableAndCacheFallsBackWithinLimit() throws {
        let (store, clock, dir) = try Fixture.store()
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        let provider = CachedEntitlementProvider(backend: backend, stateDirectory: dir, stalenessLimit: 3600)
        backend.isUp = false
        #expect(provider.entitlement(now: clock.now()) == .free) // never verified: nothing unlocks
        let t = try #require(store.purchase(productID: "yearly_59_99", options: Fixture.options).transaction)
        guard case .unavailable = backend.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "A") else { Issue.record("down backend answered"); return }
        #expect(backend.grantedTransactionIDs.isEmpty)
        backend.isUp = true
        guard case let .verified(verified) = backend.post(jws: t.jws, appAccountToken: Fixture.user, offerID: "A") else { Issue.record("refused"); return }
        try provider.remember(verified)
        backend.isUp = false
        clock.advance(by: 1800)
        let cached = provider.entitlement(now: clock.now())
        #expect(cached.isPremium && cached.source == .cache && cached.productID == "yearly_59_99")
        clock.advance(by: 3600)
        #expect(provider.entitlement(now: clock.now()) == .free)
        #expect(provider.log.last?.contains("limit") == true)
        #expect(backend.log.contains { $0.contains("unavailable: backend is down") })
    }
}
