import Foundation
import Testing
@testable import StoreSim

/// A refusal says what it is by name (`refusal`, `storeKitError`), which a tape's
/// `ExpectStoreError NAME` and the app's overlays read; never by its sentence.
@Suite struct StoreRefusalNameTests {
    private func refused(_ body: () throws -> Void) -> StoreControlError? {
        do {
            try body()
            return nil
        } catch {
            return error as? StoreControlError
        }
    }

    private func name(_ word: String) throws -> StoreErrorName { try #require(StoreErrorName(word)) }

    @Test func anExpiryOfWhatEndedIsNothingToExpire() throws {
        let (store, _, _) = try Fixture.store()
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        try store.perform(.refund(nil, reason: .other))
        let error = try #require(refused { try store.perform(.expire(nil)) })
        let nothingToExpire = try name("nothingToExpire"), nothingToRefund = try name("nothingToRefund")
        #expect(error.refusal == .nothingToExpire && error.isNamed(nothingToExpire) && !error.isNamed(nothingToRefund))
        #expect(error.description.hasPrefix("nothing to expire: the subscription in group premium ended with the refund"), "the sentence is kept")
    }

    @Test func storeKitRefusalsCarryTheirStoreKitName() throws {
        let (store, _, _) = try Fixture.store()
        let notShared = try #require(refused { try store.perform(.familyShare("weekly_9_99")) })
        #expect(notShared.refusal == .notFamilyShareable)
        let badOffer = try #require(refused { try store.perform(.buy("yearly_59_99", options: StoreBuyOptions(offerID: "nope"))) })
        #expect(badOffer.storeKitError == "invalidOfferIdentifier")
        try store.perform(.removeFromSale("weekly_9_99"))
        let offSale = try #require(refused { try store.perform(.buy("weekly_9_99", options: StoreBuyOptions())) })
        let productUnavailable = try name("productUnavailable")
        #expect(offSale.refusal == .offSale && offSale.isNamed(productUnavailable))
        let nothing = try #require(refused { try store.perform(.refund(nil, reason: .other)) })
        #expect(nothing.refusal == .nothingToRefund && nothing.storeKitError == nil)
    }
}
