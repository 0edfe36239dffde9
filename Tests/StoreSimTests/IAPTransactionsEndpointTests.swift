import Foundation
import PaywallCore
import Testing
@testable import StoreSim
@testable import TeamServer

/// Seed 004's `POST /iap/transactions` as the team's server answers it, without HTTP.
@Suite("The /iap/transactions endpoint")
struct IAPTransactionsEndpointTests {
    static func body(_ transaction: SignedTransaction, productID: String? = nil, token: String? = nil) throws -> Data {
        try JSONEncoder().encode(IAPTransactionsContract.Payload(
            transactionID: transaction.id, originalTransactionID: transaction.originalID, productID: productID ?? transaction.productID,
            offerID: "A", signedTransaction: transaction.jws, appAccountToken: token))
    }

    @Test func aVerifiedPurchaseIsAnsweredWithItsEntitlement() throws {
        let (store, clock, dir) = try Fixture.store()
        let backend = try Fixture.backend(for: store, dir: dir, clock: clock)
        let bought = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        let (status, answer) = IAPTransactionsEndpoint.answer(to: try Self.body(bought, token: Fixture.user.uuidString)) {
            backend.post(jws: $0, appAccountToken: $1, offerID: $2)
        }
        #expect(status == 200)
        #expect(answer.entitlement?.isPremium == true && answer.entitlement?.productID == "weekly_9_99" && answer.error == nil)
    }

    @Test func theBodyIsCheckedAgainstTheSignedTransactionBeforeAnythingIsPosted() throws {
        let (store, _, _) = try Fixture.store()
        let bought = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        var posted = 0
        func post(_: String, _: UUID?, _: String) -> TransactionVerification { posted += 1; return .rejected(reason: "never") }
        let mismatch = IAPTransactionsEndpoint.answer(to: try Self.body(bought, productID: "yearly_59_99"), post: post)
        #expect(mismatch.status == 400 && mismatch.answer.error?.code == "mismatch")
        #expect(mismatch.answer.error?.message == "productID yearly_59_99 is not the signed transaction's weekly_9_99")
        let badToken = IAPTransactionsEndpoint.answer(to: try Self.body(bought, token: "not-a-uuid"), post: post)
        #expect(badToken.status == 400 && badToken.answer.error?.code == "invalid_body")
        let notJSON = IAPTransactionsEndpoint.answer(to: Data("{".utf8), post: post)
        #expect(notJSON.status == 400 && notJSON.answer.error?.code == "invalid_body")
        #expect(posted == 0)
    }

    @Test func refusalsAndStorageFailuresKeepTheirStatus() throws {
        let (store, _, _) = try Fixture.store()
        let bought = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        let body = try Self.body(bought)
        #expect(IAPTransactionsEndpoint.answer(to: body) { _, _, _ in .rejected(reason: "wrong bundle") }.status == 422)
        #expect(IAPTransactionsEndpoint.answer(to: body) { _, _, _ in .unavailable(reason: "down") }.status == 503)
        struct DiskFull: Error {}
        let failed = IAPTransactionsEndpoint.answer(to: body) { _, _, _ in throw DiskFull() }
        #expect(failed.status == 500 && failed.answer.error?.code == "storage")
    }
}
