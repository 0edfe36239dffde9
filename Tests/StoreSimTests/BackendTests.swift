import Crypto
import Foundation
import PaywallCore
import Testing
@testable import StoreSim

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
            == .rejected(reason: "JWS signed with unknown key id \(StoreSigningKeys.untrustedKeyID)"))

        let otherDir = Fixture.tempDirectory()
        let other = try SimulatedStore(catalog: Fixture.catalog(), stateDirectory: otherDir, clock: clock, seed: 42, bundleID: "com.other.app",
                                       environment: "Production")
        let wrongBundle = try #require(other.purchase(productID: "coins_100").transaction)
        guard case let .rejected(reason) = backend.post(jws: wrongBundle.jws, appAccountToken: nil, offerID: "A") else { Issue.record("accepted"); return }
        #expect(reason.contains("bundle id com.other.app"))
        let prod = try VerificationBackend(stateDirectory: otherDir, trustedKeys: store.trustedPublicKeys, bundleID: "com.other.app",
                                           userAppAccountToken: Fixture.user, clock: clock)
        guard case let .rejected(env) = prod.post(jws: wrongBundle.jws, appAccountToken: nil, offerID: "A") else { Issue.record("accepted"); return }
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
