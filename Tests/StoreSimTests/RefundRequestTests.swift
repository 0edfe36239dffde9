import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// Refund requests from the app's sheet as each environment answers them, from Apple's pages:
///
/// - `SKTestSession.refundTransaction(identifier:)`: "In the testing environment, the system always
///   approves refund requests, and processes them immediately."
/// - "Testing refund requests": "Depending on your testing setup, the App Store automatically
///   approves or declines the refund request in the testing environment."
/// - `notificationType`: REFUND_DECLINED "indicates the App Store declined a refund request";
///   REFUND_REVERSED "indicates the App Store reversed a previously granted refund due to a
///   dispute that the customer raised. If your app revoked content or services as a result of
///   the related refund, it needs to reinstate them."
/// - `subtype` AUTO_RENEW_DISABLED: "the customer disabled subscription auto-renewal, or the App
///   Store disabled subscription auto-renewal after the customer requested a refund."
/// - "Send Consumption Information" (App Store Server API 1.19): "When a customer initiates a refund
///   request for any product type (consumable, non-consumable, non-renewing subscription, or
///   auto-renewable subscription), the App Store sends a `CONSUMPTION_REQUEST`".
@Suite("Refund requests: Xcode approves at once, the sandbox as set, Production waits")
struct RefundRequestTests {
    func kinds(_ store: SimulatedStore) throws -> [String] {
        try store.notifications().map { "\($0.notification.notificationType)/\($0.notification.subtype ?? "-")" }
    }

    @Test func xcodeApprovesAndRefundsAtOnce() throws {
        let (store, _, _) = try Fixture.store()
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        #expect(try store.beginRefundRequest(transactionID: coins.id) == .approved)
        #expect(store.payload(transactionID: coins.id)?.revocationDate != nil)
        #expect(store.refundRequests.map(\.state) == [.approved])
        // No consumption request: the refund is already processed.
        #expect(try kinds(store) == ["ONE_TIME_CHARGE/-", "REFUND/-"])
    }

    @Test func productionWaitsThenApprovalRefundsAndConsumptionIsAskedFirst() throws {
        let (store, _, _) = try Fixture.store(environment: "Production")
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        #expect(try store.beginRefundRequest(transactionID: coins.id, reason: "UNINTENDED_PURCHASE") == .pending)
        #expect(store.payload(transactionID: coins.id)?.revocationDate == nil, "nothing is refunded before Apple decides")
        let request = try #require(try store.notifications().last?.notification)
        #expect(request.notificationType == "CONSUMPTION_REQUEST" && request.transactionID == coins.id)
        let payload = try NotificationPayloadReader.decode(request.signedPayload, with: store)
        #expect(payload.data.consumptionRequestReason == "UNINTENDED_PURCHASE")
        try store.decideRefund(transactionID: coins.id, approve: true)
        #expect(store.payload(transactionID: coins.id)?.revocationDate != nil)
        #expect(try kinds(store) == ["ONE_TIME_CHARGE/-", "CONSUMPTION_REQUEST/-", "REFUND/-"])
        // Decided once: a second decision is refused.
        #expect(throws: StoreControlError.self) { try store.decideRefund(transactionID: coins.id, approve: false) }
    }

    @Test func productionDeclineSendsRefundDeclinedAndKeepsTheEntitlement() throws {
        let (store, _, _) = try Fixture.store(environment: "Production")
        let lifetime = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction)
        try store.beginRefundRequest(transactionID: lifetime.id)
        try store.perform(.declineRefund(nil))
        #expect(store.payload(transactionID: lifetime.id)?.revocationDate == nil)
        #expect(store.currentEntitlements().map(\.id) == [lifetime.id])
        #expect(store.refundRequests.last?.state == .declined)
        #expect(try kinds(store) == ["ONE_TIME_CHARGE/-", "CONSUMPTION_REQUEST/-", "REFUND_DECLINED/-"])
        #expect(throws: StoreKitFailure("duplicateRequest")) { try store.beginRefundRequest(transactionID: lifetime.id) }
    }

    @Test func aSubscribersRequestTurnsAutoRenewOff() throws {
        let (store, _, _) = try Fixture.store(environment: "Production")
        let weekly = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        try store.beginRefundRequest(transactionID: weekly.id)
        #expect(store.subscriptionStatus(groupID: "premium")?.willAutoRenew == false)
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .subscribed, "still subscribed until Apple decides")
        #expect(try kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "CONSUMPTION_REQUEST/-", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"])
    }

    @Test func theSandboxAnswersAtOnceAsItsSettingSays() throws {
        let (store, _, _) = try Fixture.store(environment: "Sandbox")
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        #expect(try store.beginRefundRequest(transactionID: coins.id) == .approved)
        #expect(try store.setSandboxDeclinesRefunds(true))
        #expect(store.settings.sandboxDeclinesRefunds == true, "kept with the store's settings")
        let more = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        #expect(try store.beginRefundRequest(transactionID: more.id) == .declined)
        #expect(store.payload(transactionID: more.id)?.revocationDate == nil)
        #expect(try kinds(store) == ["ONE_TIME_CHARGE/-", "CONSUMPTION_REQUEST/-", "REFUND/-",
                                     "ONE_TIME_CHARGE/-", "CONSUMPTION_REQUEST/-", "REFUND_DECLINED/-"])
        // The setting is the state's: another store on the directory reads it.
        #expect(try store.perform(.sandboxRefunds(.approve)).contains("approves"))
        #expect(store.settings.sandboxDeclinesRefunds == nil)
        #expect(throws: StoreArgumentError.self) { try StoreCommand(.sandboxRefunds, words: ["maybe"]) }
    }

    @Test func aReversedRefundGivesTheSubscriptionBack() throws {
        let (store, clock, _) = try Fixture.store()
        let weekly = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        clock.advance(by: 86_400)
        try store.perform(.refund(StoreTarget.Transaction(weekly.id), reason: .other))
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .revoked)
        clock.advance(by: 86_400)
        #expect(try store.perform(.reverseRefund(nil)).contains("REFUND_REVERSED"))
        #expect(store.payload(transactionID: weekly.id)?.revocationDate == nil)
        #expect(store.payload(transactionID: weekly.id)?.revocationReason == nil)
        let status = try #require(store.subscriptionStatus(groupID: "premium"))
        #expect(status.state == .subscribed && status.expiresDate == weekly.expirationDate, "the period it paid for is back")
        #expect(store.currentEntitlements().map(\.id) == [weekly.id])
        #expect(try kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "REFUND/-", "REFUND_REVERSED/-"], "not a RENEWAL_EXTENDED")
        #expect(store.takeUpdates().last?.reason == .refundReversed)
        // Only a refund is reversed.
        #expect(throws: StoreControlError.self) { try store.perform(.reverseRefund(StoreTarget.Transaction(weekly.id))) }
    }

    @Test func consumptionInformationIsKeptOnTheRequest() throws {
        let (store, clock, dir) = try Fixture.store(environment: "Production")
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        #expect(try !store.recordConsumption(transactionID: coins.id, answer: ConsumptionAnswer(
            version: 2, receivedAt: clock.now(), deliveryStatus: "DELIVERED", sampleContentProvided: false)), "no request: nothing kept")
        try store.beginRefundRequest(transactionID: coins.id)
        let answer = ConsumptionAnswer(version: 2, receivedAt: clock.now(), deliveryStatus: "DELIVERED", consumptionPercentage: 30_000,
                                       refundPreference: "DECLINE", sampleContentProvided: true)
        #expect(try store.recordConsumption(transactionID: coins.id, answer: answer))
        // Kept in the state: a store opened on the directory reads it.
        let (again, _, _) = try Fixture.store(dir: dir, clock: clock, environment: "Production")
        #expect(again.refundRequests.last?.consumption == answer)
        #expect(answer.summary == "v2 DELIVERED, 30.0% consumed, prefers DECLINE, sample provided")
    }

    /// The `Consumption` control (`store consumption`, tape `Store Consumption`, the Transaction
    /// Manager's c) sends what serve's Send Consumption Information v2 would, with Apple's rules of
    /// the `refundPreference` page checked against the transaction's product.
    @Test func theConsumptionControlAnswersTheWaitingRequestAsTheTeamsServer() throws {
        let (store, _, _) = try Fixture.store(environment: "Production")
        #expect(throws: StoreControlError.self) { try store.perform(.consumption(nil, ConsumptionInformation(deliveryStatus: .delivered))) }
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        let weekly = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        try store.beginRefundRequest(transactionID: coins.id)
        try store.beginRefundRequest(transactionID: weekly.id)
        // GRANT_PRORATED: a consumable needs its consumed share above 0; a subscription sends none.
        let prorated = ConsumptionInformation(deliveryStatus: .delivered, refundPreference: .grantProrated)
        #expect(throws: StoreControlError.self) { try store.perform(.consumption("coins_100", prorated)) }
        var withShare = prorated
        withShare.consumptionPercentage = 45_200
        #expect(throws: StoreControlError.self) { try store.perform(.consumption(StoreTarget.Transaction(weekly.id), withShare)) }
        #expect(store.refundRequests.allSatisfy { $0.consumption == nil }, "a refused answer keeps nothing")
        let said = try store.perform(.consumption("coins_100", withShare))
        #expect(said.contains("transaction \(coins.id)") && said.contains("45.2% consumed, prefers GRANT_PRORATED"))
        // No target: the newest request still waiting, the subscription's.
        try store.perform(.consumption(nil, prorated))
        let kept = store.refundRequests.map { $0.consumption?.summary }
        #expect(kept == ["v2 DELIVERED, 45.2% consumed, prefers GRANT_PRORATED, no sample", "v2 DELIVERED, prefers GRANT_PRORATED, no sample"])
        #expect(store.refundRequests.allSatisfy { $0.state == .pending }, "the decision stays Apple's")
    }

    @Test func theTargetsAreResolvedAndRefusedInOneSentence() throws {
        let (store, _, _) = try Fixture.store(environment: "Production")
        #expect(throws: StoreControlError.self) { try store.perform(.approveRefund(nil)) }
        #expect(throws: StoreControlError.self) { try store.perform(.reverseRefund(nil)) }
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        #expect(try store.perform(try StoreCommand(.refundRequest, words: ["coins_100", "LEGAL"])).contains("Apple decides later"))
        #expect(store.refundRequests.last?.reason == "LEGAL")
        #expect(try store.perform(.approveRefund("coins_100")).contains("Approved the refund request for transaction \(coins.id)"))
        #expect(throws: StoreControlError.self) { try store.perform(.declineRefund(StoreTarget.Transaction(coins.id))) }
        #expect(throws: StoreArgumentError.self) { try StoreCommand(.refundRequest, words: ["coins_100", "because"]) }
    }
}
