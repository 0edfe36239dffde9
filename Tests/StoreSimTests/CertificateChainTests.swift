import Crypto
import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// The chain every signed object carries: shaped as Apple's, one root per state directory, and
/// checked by the backend as Apple's verifier checks it.
@Suite("Certificate chain and signed-data verification")
struct CertificateChainTests {
    @Test func aTransactionCarriesLeafIntermediateAndRootWithApplesMarkers() throws {
        let (store, _, _) = try Fixture.store()
        let t = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        let header = try CompactJWS.decodeUnverified(t.jws).header
        let chain = try StoreCertificateChain.decode(x5c: try #require(header.x5c))
        #expect(chain.root == store.keys.chain.root)
        #expect(chain.intermediate.extensions[oid: StoreCertificateChain.intermediateMarker] != nil)
        #expect(chain.leaf.extensions[oid: StoreCertificateChain.leafMarker] != nil)
        #expect(chain.leaf.extensions[oid: StoreCertificateChain.intermediateMarker] == nil)
        #expect(P256.Signing.PublicKey(chain.leaf.publicKey)?.rawRepresentation == store.keys.trusted.publicKey.rawRepresentation)
        // Valid from 1970 to the end of 9999: every instant the simulated clock can reach.
        for certificate in [chain.root, chain.intermediate, chain.leaf] {
            #expect(certificate.notValidBefore == Date(timeIntervalSince1970: 0))
            #expect(certificate.notValidAfter == StoreCertificateChain.validity.until)
        }
        #expect(try store.signedDataVerifier.verify(t.jws, now: Date()) == (try #require(store.payload(transactionID: t.id))).encoded())
    }

    @Test func theRootIsKeptAndEachStateDirectoryHasItsOwn() throws {
        let (store, clock, dir) = try Fixture.store()
        let again = try SimulatedStore(catalog: store.catalog, stateDirectory: dir, clock: clock, seed: 42)
        #expect(again.keys.chain.root == store.keys.chain.root)
        let (other, _, _) = try Fixture.store()
        #expect(other.keys.chain.root != store.keys.chain.root)
        #expect(other.keys.chain.root.publicKey != store.keys.chain.root.publicKey)
        // Another state's data does not verify under this root.
        let t = try #require(other.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        #expect(throws: CompactJWS.Failure.self) { try store.signedDataVerifier.verify(t.jws, now: Date()) }
    }

    @Test func aChangedCharacterNoChainOrTheUntrustedKeyIsRefused() throws {
        let (store, _, _) = try Fixture.store()
        let t = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        var parts = t.jws.split(separator: ".").map(String.init)
        var signature = Array(parts[2])
        signature[10] = signature[10] == "A" ? "B" : "A"
        parts[2] = String(signature)
        #expect(throws: CompactJWS.Failure.badSignature) { try store.signedDataVerifier.verify(parts.joined(separator: "."), now: Date()) }
        let bare = try CompactJWS.sign(payload: Data("{}".utf8), key: store.keys.trusted, kid: StoreSigningKeys.trustedKeyID)
        #expect(throws: CompactJWS.Failure.malformed("the header has no x5c certificate chain")) { try store.signedDataVerifier.verify(bare, now: Date()) }
        let untrusted = try CompactJWS.sign(payload: Data("{}".utf8), key: store.keys.untrusted, kid: nil, x5c: store.keys.chain.x5c)
        #expect(throws: CompactJWS.Failure.badSignature) { try store.signedDataVerifier.verify(untrusted, now: Date()) }
    }

    @Test func aChainCheckedOnceStillHasEverySignatureChecked() throws {
        let (store, _, _) = try Fixture.store()
        let verifier = store.signedDataVerifier
        let t = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        _ = try verifier.verify(t.jws, now: Date())
        _ = try verifier.verify(t.jws, now: Date()) // from the cache of checked chains
        var parts = t.jws.split(separator: ".").map(String.init)
        var signature = Array(parts[2])
        signature[20] = signature[20] == "A" ? "B" : "A"
        parts[2] = String(signature)
        #expect(throws: CompactJWS.Failure.badSignature) { try verifier.verify(parts.joined(separator: "."), now: Date()) }
        let untrusted = try CompactJWS.sign(payload: Data("{}".utf8), key: store.keys.untrusted, kid: nil, x5c: store.keys.chain.x5c)
        #expect(throws: CompactJWS.Failure.badSignature) { try verifier.verify(untrusted, now: Date()) }
    }

    @Test func aStateFromBeforeChainsGetsOneOnceAndKeepsItsKeys() throws {
        let (store, clock, dir) = try Fixture.store()
        let file = dir.appendingPathComponent("store-keys.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        object.removeValue(forKey: "chain")
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let reopened = try SimulatedStore(catalog: store.catalog, stateDirectory: dir, clock: clock, seed: 42)
        #expect(reopened.keys.trusted.rawRepresentation == store.keys.trusted.rawRepresentation)
        let kept = try SimulatedStore(catalog: store.catalog, stateDirectory: dir, clock: clock, seed: 42)
        #expect(kept.keys.chain.root == reopened.keys.chain.root)
    }
}
