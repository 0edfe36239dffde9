import Foundation
import PaywallCore
import PaywallFoundation
import Testing
import TestSupport
@testable import StoreSim

/// Apple's signed data headers hold `alg` and `x5c` only. Apple's `JWSDecodedHeader`
/// (https://developer.apple.com/documentation/appstoreserverapi/jwsdecodedheader) documents `alg`
/// ("An algorithm used to sign a JSON Web Signature") and `x5c` ("the certificate chain that
/// corresponds to the key used to digitally sign the JWS"), and a transaction Apple signed decodes to
/// `{"alg": "ES256", "x5c": [leaf, intermediate, root]}`: no `kid`. A backend that branches on `kid`
/// must take the path it takes with Apple's. What older state directories signed with a `kid` keeps
/// its signature: the header is put back as it was signed.
@Suite("JWS headers as Apple's: alg and x5c, no kid")
struct AppleJWSHeaderTests {
    /// The names in `jws`'s header, decoded as JSON (not through the simulator's own decoder).
    static func headerKeys(_ jws: String) throws -> [String] {
        let first = String(jws.prefix { $0 != "." })
        let data = try #require(CompactJWS.data(base64url: first))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return object.keys.sorted()
    }

    /// Every JWS a notification carries: its own and the transaction and renewal info inside.
    static func jwsInside(_ notification: ServerNotification) throws -> [String] {
        let data = try #require(CompactJWS.data(base64url: String(notification.signedPayload.split(separator: ".")[1])))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let inner = (object["data"] as? [String: Any]).map { [$0["signedTransactionInfo"], $0["signedRenewalInfo"]].compactMap { $0 as? String } } ?? []
        return [notification.signedPayload] + inner
    }

    @Test func everythingTheStoreSignsHasAlgAndX5cOnlyAndVerifies() throws {
        let (store, clock, dir) = try Fixture.store(environment: "Sandbox")
        let bought = try #require(store.purchase(productID: "monthly_19_99", options: Fixture.options).transaction)
        try store.setAutoRenew(groupID: "premium", false)
        let renewal = try #require(try store.signedRenewalInfo(groupID: "premium"))
        let app = try store.appTransaction()
        var settings = store.settings
        settings.unverifiedTransactions = true
        try store.setSettings(settings)
        let unverified = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        let notifications = try store.notifications().map(\.notification)
        #expect(notifications.map(\.notificationType) == ["SUBSCRIBED", "DID_CHANGE_RENEWAL_STATUS", "ONE_TIME_CHARGE"])

        let signed = [bought.jws, renewal, app.jws, unverified.jws] + (try notifications.flatMap(Self.jwsInside))
        for jws in signed {
            #expect(try Self.headerKeys(jws) == ["alg", "x5c"], "\(jws.prefix(60))")
        }
        // The trusted key's signatures verify against the chain; the untrusted key's do not (a device refuses them).
        let verifier = store.signedDataVerifier
        let trusted = [bought.jws, renewal, app.jws] + (try notifications.prefix(2).flatMap(Self.jwsInside)) + [notifications[2].signedPayload]
        for jws in trusted {
            #expect(throws: Never.self) { try verifier.verify(jws, now: clock.now()) }
        }
        #expect(throws: CompactJWS.Failure.badSignature) { try verifier.verify(unverified.jws, now: clock.now()) }

        // Read back by another process: the same JWS, byte for byte.
        let (reopened, _, _) = try Fixture.store(dir: dir, clock: clock, environment: "Sandbox")
        #expect(reopened.allTransactions.map(\.jws) == [bought.jws, unverified.jws])
        #expect(try reopened.notifications().map(\.notification) == notifications)
    }

    /// A copy of a state directory the simulator wrote before (ab8ba88): its records and
    /// notifications were signed under headers with a `kid` (`Tests/Fixtures/states/README.md`).
    static func oldState() throws -> (SimulatedStore, ManualClock, URL) {
        let copy = TestPaths.scratchDirectory("kid-headers")
        try FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: TestPaths.fixtures.appendingPathComponent("states/kid-headers"), to: copy)
        let clock = ManualClock(ISO8601.parse("2026-01-30T09:06:00Z")!)
        let store = try SimulatedStore(catalog: .embedded, stateDirectory: copy.appendingPathComponent("store"), clock: clock,
                                       bundleID: "com.paywallsim.app", environment: "Sandbox")
        return (store, clock, copy)
    }

    @Test func anOldStatesKidHeadersAreKeptAsSignedAndWhatItSignsNextHasNone() throws {
        let (store, clock, copy) = try Self.oldState()
        let verifier = store.signedDataVerifier
        func kid(_ jws: String) throws -> String? { try CompactJWS.decodeUnverified(jws).header.kid }

        // What the old version signed opens and verifies as it did: the trusted records and every
        // notification verify, with the kid they were signed under; the unverified purchase does not.
        let old = store.allTransactions
        #expect(old.map(\.id) == ["2000000000000001", "2000000000000002", "2000000000000003"])
        #expect(try old.map { try kid($0.jws) } == ["paywallsim-store-1", "paywallsim-store-1", "paywallsim-untrusted-1"])
        for transaction in old.prefix(2) { #expect(throws: Never.self) { try verifier.verify(transaction.jws, now: clock.now()) } }
        #expect(throws: CompactJWS.Failure.badSignature) { try verifier.verify(old[2].jws, now: clock.now()) }
        let oldNotifications = try store.notifications().map(\.notification)
        #expect(oldNotifications.count == 4, "\(oldNotifications.map(\.notificationType))")
        for notification in oldNotifications {
            #expect(try kid(notification.signedPayload) == "paywallsim-store-1")
            #expect(throws: Never.self) { try verifier.verify(notification.signedPayload, now: clock.now()) }
        }

        // A new change: its notification carries the old unverified transaction (kid header, as
        // signed) beside a new renewal info and its own payload (Apple's header).
        try store.setAutoRenew(groupID: "premium", false)
        let upgrade = try #require(store.purchase(productID: "yearly_59_99").transaction)
        #expect(try kid(upgrade.jws) == nil && (try AppleJWSHeaderTests.headerKeys(upgrade.jws)) == ["alg", "x5c"])
        #expect(throws: Never.self) { try verifier.verify(upgrade.jws, now: clock.now()) }
        let all = try store.notifications().map(\.notification)
        let new = Array(all.dropFirst(oldNotifications.count))
        #expect(new.first?.notificationType == "DID_CHANGE_RENEWAL_STATUS", "\(new.map(\.notificationType))")
        for notification in new {
            #expect(try kid(notification.signedPayload) == nil)
            #expect(throws: Never.self) { try verifier.verify(notification.signedPayload, now: clock.now()) }
        }
        let inner = try Self.jwsInside(try #require(new.first))
        #expect(try inner.map(kid) == [nil, "paywallsim-untrusted-1", nil], "the old unverified transaction keeps its header")

        // Another process reads the mixed ledger and log back exactly.
        let reopened = try SimulatedStore(catalog: .embedded, stateDirectory: copy.appendingPathComponent("store"), clock: clock,
                                          bundleID: "com.paywallsim.app", environment: "Sandbox")
        #expect(reopened.allTransactions.map(\.jws) == store.allTransactions.map(\.jws))
        #expect(try reopened.notifications().map(\.notification) == all)
    }
}
