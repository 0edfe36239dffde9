import Crypto
import Foundation
import PaywallCore
import Testing
@testable import StoreSim
@testable import TeamServer

/// Hostile signed transactions: seeded mutations of real JWS strings and of re-signed payloads.
///
/// A mutated JWS that no longer carries the store's signature never unlocks; a payload signed with
/// the trusted key but mangled is refused with a reason or stored without trapping. Every answer is
/// a `TransactionVerification`, never a crash, and every refusal is a non-empty reason in the log.
@Suite("Fuzz: signed transactions")
struct FuzzSignedTransactionTests {

    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ \u{0}é".unicodeScalars)

    @Test("character edits of genuine JWS strings never unlock")
    func editedJWSNeverUnlocks() throws {
        let (store, clock, dir) = try Fixture.store()
        let genuine = try ["weekly_9_99", "lifetime", "coins_100"].map { id in
            try #require(store.purchase(productID: id, options: Fixture.options).transaction).jws
        }
        var rng = SeededGenerator(seed: 31337)
        var rejected = 0
        for round in 0..<600 {
            let backend = try VerificationBackend(stateDirectory: Fixture.tempDirectory(), verifier: store.signedDataVerifier,
                                                  bundleID: Fixture.bundleID, userAppAccountToken: Fixture.user, clock: clock)
            let source = genuine[round % genuine.count]
            var scalars = Array(source.unicodeScalars)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0..<scalars.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: scalars.remove(at: at)
                case 1: scalars[at] = Self.alphabet.randomElement(using: &rng) ?? "A"
                case 2: scalars.insert(Self.alphabet.randomElement(using: &rng) ?? "A", at: at)
                default: scalars.removeSubrange(at..<min(scalars.count, at + Int.random(in: 1...40, using: &rng)))
                }
            }
            let jws = String(String.UnicodeScalarView(scalars))
            let answer = backend.post(jws: jws, appAccountToken: Fixture.user, offerID: "A")
            switch answer {
            case .verified:
                // Only an edit the signature does not cover can pass (e.g. base64url padding): the payload must be the genuine one.
                let payload = try #require(try? store.signedDataVerifier.verify(jws, now: Date()))
                let genuinePayload = try store.signedDataVerifier.verify(source, now: Date())
                #expect(payload == genuinePayload, "an edited JWS with another payload was accepted: \(jws)")
            case let .rejected(reason):
                rejected += 1
                #expect(!reason.isEmpty)
                #expect(backend.log.last?.contains("rejected") == true)
                #expect(backend.grantedTransactionIDs.isEmpty)
            case .unavailable:
                Issue.record("unavailable for \(jws)")
            }
        }
        #expect(rejected > 500)
        _ = dir
    }

    @Test("mangled payloads signed with the trusted key are refused or stored without trapping")
    func resignedMangledPayloads() throws {
        let (store, clock, _) = try Fixture.store()
        let key = store.keys.trusted
        let t = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        let payload = try #require(store.payload(transactionID: t.id))
        let json = try #require(try JSONSerialization.jsonObject(with: payload.encoded()) as? [String: Any])
        let hostile: [Any] = [NSNull(), "", -1, Int64.max, Int64.min, 1e300, true, [Any](), [String: Any](), "🙂", String(repeating: "x", count: 10_000),
                              "00000000-0000-0000-0000-000000000000", "com.paywallsim.app", "Xcode"]
        var rng = SeededGenerator(seed: 4711)
        var outcomes = (verified: 0, rejected: 0)
        for _ in 0..<300 {
            var object = json
            let keys = Array(object.keys).sorted()
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let k = keys.randomElement(using: &rng) ?? "transactionId"
                if Bool.random(using: &rng) { object[k] = hostile.randomElement(using: &rng) } else { object.removeValue(forKey: k) }
            }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            let jws = try CompactJWS.sign(payload: data, key: key, kid: StoreSigningKeys.trustedKeyID, x5c: store.keys.chain.x5c)
            let backend = try VerificationBackend(stateDirectory: Fixture.tempDirectory(), verifier: store.signedDataVerifier, bundleID: Fixture.bundleID,
                                                  userAppAccountToken: Fixture.user, clock: clock)
            switch backend.post(jws: jws, appAccountToken: Fixture.user, offerID: "A") {
            case let .verified(entitlement):
                outcomes.verified += 1
                // Accepted only if it still decodes as this user's transaction for this app.
                let decoded = try #require(try? JSONDecoder().decode(TransactionPayload.self, from: data))
                #expect(decoded.bundleId == Fixture.bundleID)
                #expect(decoded.appAccountToken == nil || UUID(uuidString: decoded.appAccountToken ?? "") == Fixture.user)
                if entitlement.isPremium { #expect(decoded.revocationDate == nil) }
            case let .rejected(reason):
                outcomes.rejected += 1
                #expect(!reason.isEmpty)
                #expect(backend.log.last?.contains(reason) == true)
            case .unavailable:
                Issue.record("unavailable")
            }
        }
        #expect(outcomes.rejected > 100 && outcomes.verified > 0, "\(outcomes)")
    }

    @Test("random strings and huge tokens are refused as malformed")
    func randomStrings() throws {
        let (store, clock, dir) = try Fixture.store()
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        var rng = SeededGenerator(seed: 5)
        var inputs = ["", ".", "..", "...", "a.b.c", String(repeating: ".", count: 10_000), String(repeating: "A", count: 1_000_000) + ".." ,
                      CompactJWS.base64url(Data(String(repeating: "[", count: 100_000).utf8)) + ".e30.AAAA"]
        for _ in 0..<200 {
            inputs.append(String(String.UnicodeScalarView((0..<Int.random(in: 0...300, using: &rng)).map { _ in
                Self.alphabet.randomElement(using: &rng) ?? "."
            })))
        }
        for jws in inputs {
            guard case let .rejected(reason) = backend.post(jws: jws, appAccountToken: Fixture.user, offerID: "A") else {
                Issue.record("accepted \(jws.prefix(40))"); continue
            }
            #expect(!reason.isEmpty)
        }
        #expect(backend.grantedTransactionIDs.isEmpty)
    }
}
