import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// `appTransactionId` per Apple Account. Apple's Get App Transaction Info
/// (https://developer.apple.com/documentation/appstoreserverapi/get-app-transaction-info): "The App
/// Store generates a single, globally unique appTransactionId for each Apple Account that downloads
/// your app … The appTransactionId value remains the same for the same Apple Account and app if the
/// customer redownloads the app on any device, receives a refund, repurchases the app, or changes
/// the storefront." One state directory is one Apple Account: two directories (two customers) get
/// two ids, however alike their seeds; every process of one directory, and every object it signs,
/// carries the same one, through a reset of the store.
@Suite("appTransactionId: one per Apple Account, a state directory")
struct AppTransactionIDTests {
    @Test func twoStateDirectoriesAreTwoAccountsWithTwoIds() throws {
        // The same seed, bundle id and clock: only the directory differs.
        let (first, _, _) = try Fixture.store()
        let (second, _, _) = try Fixture.store()
        #expect(first.appTransactionID != second.appTransactionID)
        #expect(first.appTransactionID.count == 16 && first.appTransactionID.allSatisfy(\.isNumber), "\(first.appTransactionID)")
    }

    @Test func oneDirectoryKeepsItsIdInEveryProcessAndEverySignedObject() throws {
        let (store, clock, dir) = try Fixture.store()
        let id = store.appTransactionID
        let bought = try #require(store.purchase(productID: "monthly_19_99", options: Fixture.options).transaction)
        let payload = try JSONDecoder().decode(TransactionPayload.self, from: try store.signedDataVerifier.verify(bought.jws, now: clock.now()))
        #expect(payload.appTransactionId == id)
        #expect(try store.appTransaction().payload.appTransactionId == id)
        #expect(store.subscriptionStatus(groupID: "premium")?.renewalInfo.appTransactionId == id)
        // Another process on the same directory, and the same after the store is reset (a
        // redownload keeps the account's id).
        let (reopened, _, _) = try Fixture.store(dir: dir, clock: clock)
        #expect(reopened.appTransactionID == id)
        try reopened.reset()
        let (afterReset, _, _) = try Fixture.store(dir: dir, clock: clock)
        #expect(afterReset.appTransactionID == id)
    }

    @Test func theIdIsMadeFromTheBundleIdAndTheDirectorysRoot() throws {
        let (store, _, _) = try Fixture.store()
        let keys = store.keys
        #expect(StoreRules.appTransactionID(bundleID: "com.paywallsim.app", keys: keys) == store.appTransactionID)
        #expect(StoreRules.appTransactionID(bundleID: "com.example.other", keys: keys) != store.appTransactionID)
    }
}
