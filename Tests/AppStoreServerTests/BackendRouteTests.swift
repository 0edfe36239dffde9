import Foundation
import Hummingbird
import HummingbirdTesting
import PaywallCore
import StoreSim
import TeamServer
import Testing

/// Seed 004's `POST /iap/transactions` through the router, in process: what `ServeTests` checks
/// over curl, against a store and backend the test holds.
@Suite("POST /iap/transactions in process")
struct BackendRouteTests {
    /// The body the app posts for `transaction` (seed 004's `IAPTransactionPayload`).
    func payload(_ transaction: SignedTransaction, productID: String? = nil, jws: String? = nil) -> IAPTransactionsContract.Payload {
        IAPTransactionsContract.Payload(transactionID: transaction.id, originalTransactionID: transaction.originalID,
                                        productID: productID ?? transaction.productID, offerID: "A",
                                        signedTransaction: jws ?? transaction.jws, appAccountToken: ServerFixture.user.uuidString)
    }

    @Test func aTransactionTheStoreSignedIsRecordedAndAnsweredAsTheEntitlement() async throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("monthly_14_99")
        let response = try await fixture.request("/iap/transactions", method: .post, body: try JSON.body(payload(bought)))
        #expect(response.status == .ok, "\(response.text)")
        #expect(response.headers[.contentType] == "application/json")
        let answer = try JSONDecoder().decode(IAPTransactionsContract.Answer.self, from: response.data)
        #expect(answer.error == nil)
        let granted = try #require(answer.entitlement, "\(response.text)")
        #expect(granted.isPremium)
        #expect(granted.productID == "monthly_14_99")
        // A month after 2026-01-30T09:00:00Z on the manual clock.
        #expect(granted.expiresAt == "2026-02-28T09:00:00Z")
        #expect(granted.source == "purchase")
        #expect(fixture.backend.grantedTransactionIDs == [bought.id])
    }

    @Test func aBodyThatIsNotJSONIsRefusedAsInvalidBody() async throws {
        let fixture = try ServerFixture()
        let response = try await fixture.request("/iap/transactions", method: .post, body: "{")
        #expect(response.status == .badRequest)
        let answer = try JSONDecoder().decode(IAPTransactionsContract.Answer.self, from: response.data)
        #expect(answer.entitlement == nil)
        #expect(answer.error?.code == "invalid_body", "\(response.text)")
        #expect(answer.error?.message?.hasPrefix("the body is not seed 004's IAPTransactionPayload: ") == true, "\(response.text)")
        #expect(fixture.backend.grantedTransactionIDs.isEmpty)
    }

    @Test func idsInTheBodyThatAreNotTheSignedOnesAreAMismatch() async throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("monthly_14_99")
        let response = try await fixture.request("/iap/transactions", method: .post,
                                                 body: try JSON.body(payload(bought, productID: "yearly_59_99")))
        #expect(response.status == .badRequest)
        let answer = try JSONDecoder().decode(IAPTransactionsContract.Answer.self, from: response.data)
        #expect(answer.error?.code == "mismatch")
        #expect(answer.error?.message == "productID yearly_59_99 is not the signed transaction's monthly_14_99", "\(response.text)")
        #expect(fixture.backend.grantedTransactionIDs.isEmpty)
    }

    @Test func aChangedSignatureIsRejectedWith422() async throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("monthly_14_99")
        var parts = bought.jws.split(separator: ".").map(String.init)
        // The signature's first character carries the first six bits of its first byte.
        parts[2] = (parts[2].first == "A" ? "B" : "A") + parts[2].dropFirst()
        let response = try await fixture.request("/iap/transactions", method: .post,
                                                 body: try JSON.body(payload(bought, jws: parts.joined(separator: "."))))
        #expect(response.status == .unprocessableContent)
        let answer = try JSONDecoder().decode(IAPTransactionsContract.Answer.self, from: response.data)
        #expect(answer.error?.code == "rejected")
        #expect(answer.error?.message?.contains("signature does not verify") == true, "\(response.text)")
        #expect(fixture.backend.grantedTransactionIDs.isEmpty)
    }
}
