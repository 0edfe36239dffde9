import Crypto
import Foundation
import PaywallCore
import Testing
@testable import StoreSim
@testable import TeamServer

/// Hostile transactions posted to the verification backend: none unlocks, each is refused with a reason and logged.
///
/// `BackendTests` checks that forged, foreign and revoked transactions are refused; this suite
/// checks every attack the same three ways: the answer is not premium, nothing new is granted
/// (so `grantedTransactionIDs` is unchanged), and `backend.log` has a line saying why.
@Suite("Unlock security")
struct UnlockSecurityTests {
    /// One attack: how the hostile JWS is made, what token is posted, and words the log must hold.
    struct Attack: CustomStringConvertible, Sendable {
        var description: String
        var reason: String
        var postedToken: UUID? = Fixture.user
        var make: @Sendable (Lab) throws -> String
    }

    /// A fresh store, backend and one genuine weekly transaction of this user.
    final class Lab {
        let store: SimulatedStore
        let clock: ManualClock
        let dir: URL
        let backend: VerificationBackend
        let genuine: SignedTransaction

        init() throws {
            (store, clock, dir) = try Fixture.store()
            backend = try Fixture.backend(for: store, dir: dir, clock: clock)
            genuine = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        }

        var parts: [String] { genuine.jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }

        func payload() throws -> TransactionPayload { try #require(store.payload(transactionID: genuine.id)) }

        /// `payload` signed by a key nobody trusts, under the store's genuine chain and `kid`.
        func signWithOtherKey(_ payload: TransactionPayload, kid: String = StoreSigningKeys.trustedKeyID) throws -> String {
            var rng = SeededGenerator(seed: 4242)
            return try CompactJWS.sign(payload: payload.encoded(), key: StoreSigningKeys.makeKey(&rng), kid: kid, x5c: store.keys.chain.x5c)
        }

        /// The genuine header and signature around another payload (a tampered payload).
        func tamper(_ change: (inout TransactionPayload) -> Void) throws -> String {
            var p = try payload()
            change(&p)
            return parts[0] + "." + CompactJWS.base64url(try p.encoded()) + "." + parts[2]
        }

        func header(_ json: String, signature: String? = nil) -> String {
            CompactJWS.base64url(Data(json.utf8)) + "." + parts[1] + "." + (signature ?? parts[2])
        }
    }

    static let attacks: [Attack] = [
        Attack(description: "tampered product id", reason: "signature does not verify") { lab in
            try lab.tamper { $0.productId = "yearly_59_99" }
        },
        Attack(description: "tampered expiry (ten more years)", reason: "signature does not verify") { lab in
            try lab.tamper { $0.expiresDate = ($0.expiresDate ?? 0) + 10 * 365 * 86_400_000 }
        },
        Attack(description: "tampered app account token", reason: "signature does not verify") { lab in
            try lab.tamper { $0.appAccountToken = UUID().uuidString.lowercased() }
        },
        Attack(description: "signature from another key under the trusted key id", reason: "signature does not verify") { lab in
            try lab.signWithOtherKey(lab.payload())
        },
        Attack(description: "signature from another key under its own key id", reason: "signature does not verify") { lab in
            try lab.signWithOtherKey(lab.payload(), kid: "attacker-1")
        },
        Attack(description: "signature from the store's untrusted key", reason: "signature does not verify") { lab in
            try CompactJWS.sign(payload: lab.payload().encoded(), key: lab.store.keys.untrusted, kid: StoreSigningKeys.untrustedKeyID,
                                x5c: lab.store.keys.chain.x5c)
        },
        Attack(description: "the trusted key without a certificate chain", reason: "no x5c certificate chain") { lab in
            try CompactJWS.sign(payload: lab.payload().encoded(), key: Self.storeKey(lab), kid: StoreSigningKeys.trustedKeyID)
        },
        Attack(description: "a chain of its own (another root) around the payload", reason: "not the trusted root") { lab in
            var rng = SeededGenerator(seed: 99)
            let key = StoreSigningKeys.makeKey(&rng)
            let chain = try StoreCertificateChain.make(leafKey: key, authorities: .random(), generator: &rng)
            return try CompactJWS.sign(payload: lab.payload().encoded(), key: key, kid: StoreSigningKeys.trustedKeyID, x5c: chain.x5c)
        },
        Attack(description: "the genuine leaf and intermediate under another root", reason: "not the trusted root") { lab in
            var rng = SeededGenerator(seed: 98)
            let other = try StoreCertificateChain.make(leafKey: StoreSigningKeys.makeKey(&rng), authorities: .random(), generator: &rng)
            let x5c = Array(lab.store.keys.chain.x5c.prefix(2)) + [other.x5c[2]]
            return try CompactJWS.sign(payload: lab.payload().encoded(), key: Self.storeKey(lab), kid: StoreSigningKeys.trustedKeyID, x5c: x5c)
        },
        Attack(description: "alg none, no signature", reason: "alg none refused") { lab in
            lab.header(#"{"alg":"none"}"#, signature: "")
        },
        Attack(description: "alg none with the trusted kid and the genuine signature", reason: "alg none refused") { lab in
            lab.header(#"{"alg":"none","kid":"paywallsim-store-1"}"#)
        },
        Attack(description: "alg HS256 (algorithm confusion)", reason: "alg HS256 refused") { lab in
            lab.header(#"{"alg":"HS256","kid":"paywallsim-store-1"}"#)
        },
        Attack(description: "empty signature", reason: "not a 64-byte ES256 signature") { lab in
            lab.parts[0] + "." + lab.parts[1] + "."
        },
        Attack(description: "truncated signature", reason: "not a 64-byte ES256 signature") { lab in
            lab.parts[0] + "." + lab.parts[1] + "." + String(lab.parts[2].dropLast(4))
        },
        Attack(description: "four parts", reason: "expected 3 dot-separated parts") { lab in lab.genuine.jws + ".x" },
        Attack(description: "wrong bundle id, genuinely signed", reason: "bundle id com.evil.app") { lab in
            var p = try lab.payload()
            p.bundleId = "com.evil.app"
            return try CompactJWS.sign(payload: p.encoded(), key: Self.storeKey(lab), kid: StoreSigningKeys.trustedKeyID, x5c: lab.store.keys.chain.x5c)
        },
        Attack(description: "production environment, genuinely signed", reason: "environment Production not accepted") { lab in
            var p = try lab.payload()
            p.environment = "Production"
            return try CompactJWS.sign(payload: p.encoded(), key: Self.storeKey(lab), kid: StoreSigningKeys.trustedKeyID, x5c: lab.store.keys.chain.x5c)
        },
        Attack(description: "signed for another app account token", reason: "is not this user's") { lab in
            let t = try #require(lab.store.purchase(productID: "yearly_59_99",
                                                    options: StorePurchaseOptions(appAccountToken: UUID())).transaction)
            return t.jws
        },
        Attack(description: "this user's transaction posted for another app account token", reason: "is not this user's",
               postedToken: UUID(uuidString: "99999999-2222-4333-8444-555555555555")) { lab in lab.genuine.jws },
        Attack(description: "expired transaction, genuinely signed", reason: "expired") { lab in
            lab.clock.advance(by: 8 * 86_400)
            return lab.genuine.jws
        },
        Attack(description: "revoked transaction posted first", reason: "revoked") { lab in
            try lab.store.refund(transactionID: lab.genuine.id)
            return try #require(lab.store.takeUpdates().last?.transaction?.jws)
        },
    ]

    /// The store's trusted private key, read back from its state directory (a genuine signature).
    static func storeKey(_ lab: Lab) throws -> P256.Signing.PrivateKey {
        var rng = SeededGenerator(seed: 0)
        return try StoreSigningKeys.loadOrCreate(in: lab.dir, generator: &rng, durability: .durable).trusted
    }

    @Test("a hostile transaction does not unlock and is logged with its reason", arguments: attacks)
    func hostileTransactionDoesNotUnlock(_ attack: Attack) throws {
        let lab = try Lab()
        let jws = try attack.make(lab)
        let logBefore = lab.backend.log.count
        let answer = lab.backend.post(jws: jws, appAccountToken: attack.postedToken, offerID: "A")
        switch answer {
        case let .verified(entitlement):
            #expect(!entitlement.isPremium, "\(attack) unlocked: \(entitlement)")
        case let .rejected(reason):
            #expect(reason.contains(attack.reason), "reason \"\(reason)\" does not say \(attack.reason)")
        case .unavailable(let reason):
            Issue.record("\(attack): backend unavailable: \(reason)")
        }
        // An expired transaction is recorded (it is history) but grants nothing: the entitlement stays free.
        #expect(lab.backend.grantedTransactionIDs.isEmpty || attack.reason == "expired",
                "\(attack) was granted: \(lab.backend.grantedTransactionIDs)")
        guard case let .verified(now) = lab.backend.refreshEntitlement(now: lab.clock.now()) else {
            Issue.record("refresh failed"); return
        }
        #expect(!now.isPremium, "\(attack): the backend's entitlement is premium afterwards")
        let newLines = lab.backend.log.dropFirst(logBefore)
        #expect(newLines.contains { $0.contains(attack.reason) }, "\(attack): no log line says \(attack.reason): \(Array(newLines))")
    }

    @Test("a refunded transaction replayed with its old signed copy does not unlock again")
    func replayAfterRefund() throws {
        let lab = try Lab()
        let original = lab.genuine.jws
        guard case let .verified(before) = lab.backend.post(jws: original, appAccountToken: Fixture.user, offerID: "A") else {
            Issue.record("the genuine purchase was refused"); return
        }
        #expect(before.isPremium)
        lab.clock.advance(by: 60)
        try lab.store.refund(transactionID: lab.genuine.id)
        let revoked = try #require(lab.store.takeUpdates().last?.transaction)
        _ = lab.backend.post(jws: revoked.jws, appAccountToken: Fixture.user, offerID: "update")
        for _ in 0..<3 { // the attacker keeps replaying the pre-refund copy, also after a relaunch
            let answer = lab.backend.post(jws: original, appAccountToken: Fixture.user, offerID: "A")
            if case let .verified(entitlement) = answer { #expect(!entitlement.isPremium, "the replay unlocked again") }
        }
        let reopened = try Fixture.backend(for: lab.store, dir: lab.dir, clock: lab.clock)
        if case let .verified(entitlement) = reopened.post(jws: original, appAccountToken: Fixture.user, offerID: "A") {
            #expect(!entitlement.isPremium, "the replay unlocked after a relaunch")
        }
        #expect(reopened.grantedTransactionIDs == [lab.genuine.id])
        #expect(lab.backend.log.filter { $0.contains("replay") }.count == 3)
    }

    @Test("a replayed transaction id is answered but never granted twice, and another user's backend refuses it")
    func replayedIDIsGrantedOnce() throws {
        let lab = try Lab()
        for _ in 0..<5 { _ = lab.backend.post(jws: lab.genuine.jws, appAccountToken: Fixture.user, offerID: "A") }
        #expect(lab.backend.grantedTransactionIDs == [lab.genuine.id])
        #expect(lab.backend.log.filter { $0.contains("replay") }.count == 4)
        let stranger = try VerificationBackend(stateDirectory: Fixture.tempDirectory(), verifier: lab.store.signedDataVerifier,
                                               bundleID: Fixture.bundleID, userAppAccountToken: UUID(), clock: lab.clock)
        guard case let .rejected(reason) = stranger.post(jws: lab.genuine.jws, appAccountToken: nil, offerID: "A") else {
            Issue.record("another user's backend accepted the transaction"); return
        }
        #expect(reason.contains("not this user's"))
        #expect(stranger.grantedTransactionIDs.isEmpty)
        #expect(stranger.log.last?.contains("rejected") == true)
    }
}
