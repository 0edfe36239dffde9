import Foundation
import PaywallFoundation
import StoreSim
import Testing
@testable import AppStoreServer

/// Renewal-date extensions as Apple documents them.
///
/// SubscriptionExtensionIneligibleError (4030004,
/// https://developer.apple.com/documentation/appstoreserverapi/subscriptionextensionineligibleerror):
/// "Auto-renewable subscriptions in the following states aren't eligible for renewal date
/// extensions: Subscriptions in a free offer period; … Subscriptions that have already received two
/// renewal date extensions within the past 365 days; …". SubscriptionMaxExtensionError (4030005,
/// https://developer.apple.com/documentation/appstoreserverapi/subscriptionmaxextensionerror): "the
/// subscription doesn't qualify for a renewal-date extension because it has already received the
/// maximum extensions" — the specific error, answered for a third extension. "Extending the renewal
/// date for auto-renewable subscriptions": "you can extend the renewal date twice within a year
/// (365 days) per customer."
///
/// The notification `summary` (https://developer.apple.com/documentation/appstoreservernotifications/summary):
/// "appears in the responseBodyV2DecodedPayload when the notificationType is RENEWAL_EXTENSION and
/// the subtype is SUMMARY. This notification occurs when the App Store completes your request to
/// extend the subscription renewal date for eligible subscribers." `notificationType`
/// RENEWAL_EXTENSION: "If the subtype is FAILURE, the renewal date extension didn't succeed for a
/// specific subscription. See the data in the responseBodyV2DecodedPayload for details."
@Suite("Renewal-date extensions: who may have one, how many, and what is notified")
struct RenewalExtensionTests {
    static func extend(_ fixture: ServerFixture, _ originalID: String, days: Int = 3, request: String = UUID().uuidString) -> APIReply {
        fixture.server.api.extendRenewalDate(originalID, body: Data(#"{"extendByDays":\#(days),"extendReasonCode":1,"requestIdentifier":"\#(request)"}"#.utf8))
    }

    static func text(_ reply: APIReply) -> String { String(decoding: reply.body, as: UTF8.self) }

    /// The decoded payloads of the notifications made after the first `skip`.
    static func payloads(_ fixture: ServerFixture, after skip: Int) throws -> [[String: Any]] {
        try fixture.store.notifications().dropFirst(skip).map { entry in
            try JSON.object(try fixture.store.signedDataVerifier.verify(entry.notification.signedPayload, now: fixture.clock.now()))
        }
    }

    @Test func aSubscriptionInItsFreeTrialIsNotEligible() throws {
        let fixture = try ServerFixture()
        let trial = try fixture.purchase("yearly_59_99") // a free week first
        let reply = Self.extend(fixture, trial.id)
        #expect(reply.status == 403 && Self.text(reply).contains(#""errorCode":4030004"#), "\(Self.text(reply))")
        // Once it bills, it may be extended.
        fixture.clock.advance(by: 8 * 86_400)
        #expect(Self.extend(fixture, trial.id).status == 200)
    }

    @Test func aThirdExtensionWithin365DaysIsApplesMaxExtensionError() throws {
        let fixture = try ServerFixture()
        let bought = try fixture.purchase("monthly_14_99")
        #expect(Self.extend(fixture, bought.id).status == 200)
        fixture.clock.advance(by: 86_400)
        #expect(Self.extend(fixture, bought.id).status == 200)
        fixture.clock.advance(by: 86_400)
        let third = Self.extend(fixture, bought.id)
        #expect(third.status == 403 && Self.text(third).contains(#""errorCode":4030005"#), "\(Self.text(third))")
        // 364 days after the first, both still count; once the first is 365 days old, one more is
        // allowed, and then none again until the second ages out.
        fixture.clock.advance(by: 362 * 86_400)
        #expect(Self.extend(fixture, bought.id).status == 403, "the first is 364 days old")
        fixture.clock.advance(by: 86_400 + 1)
        let fourth = Self.extend(fixture, bought.id)
        #expect(fourth.status == 200, "\(Self.text(fourth))")
        #expect(Self.extend(fixture, bought.id).status == 403, "the second (364 days old) and the new one")
    }

    @Test func aMassExtensionNotifiesEachExtensionThenTheSummary() throws {
        let fixture = try ServerFixture()
        _ = try fixture.purchase("monthly_14_99")
        let renewsAt = try #require(fixture.store.subscriptionStatus(groupID: "premium")?.expiresDate)
        let before = try fixture.store.notifications().count
        let body = Data(#"{"extendByDays":5,"extendReasonCode":1,"requestIdentifier":"mass-ok","productId":"monthly_14_99","storefrontCountryCodes":["USA"]}"#.utf8)
        #expect(fixture.server.api.massExtendRenewalDates(body: body).status == 200)
        let payloads = try Self.payloads(fixture, after: before)
        #expect(payloads.map { "\($0["notificationType"] ?? "")/\($0["subtype"] ?? "-")" } == ["RENEWAL_EXTENDED/-", "RENEWAL_EXTENSION/SUMMARY"])
        let summaryPayload = try #require(payloads.last)
        #expect(summaryPayload["data"] == nil, "a summary carries `summary`, not `data`")
        let summary = try #require(summaryPayload["summary"] as? [String: Any])
        #expect(summary["requestIdentifier"] as? String == "mass-ok" && summary["productId"] as? String == "monthly_14_99")
        #expect(summary["succeededCount"] as? Int == 1 && summary["failedCount"] as? Int == 0, "\(summary)")
        #expect(summary["storefrontCountryCodes"] as? [String] == ["USA"] && summary["bundleId"] as? String == "com.paywallsim.app")
        #expect(summary["environment"] as? String == "Xcode" && summary["appAppleId"] == nil)
        // The status endpoint agrees; the subscription renews 5 days later.
        let status = try JSON.object(fixture.server.api.massExtensionStatus(productID: "monthly_14_99", identifier: "mass-ok").body)
        #expect(status["succeededCount"] as? Int == 1 && status["failedCount"] as? Int == 0)
        #expect(fixture.store.subscriptionStatus(groupID: "premium")?.expiresDate == renewsAt.addingTimeInterval(5 * 86_400))
    }

    @Test func aSubscriptionAMassExtensionCannotExtendIsNotifiedAsAFailure() throws {
        let fixture = try ServerFixture()
        let trial = try fixture.purchase("yearly_59_99") // in its free week: not eligible
        let before = try fixture.store.notifications().count
        let body = Data(#"{"extendByDays":5,"extendReasonCode":1,"requestIdentifier":"mass-trial","productId":"yearly_59_99"}"#.utf8)
        #expect(fixture.server.api.massExtendRenewalDates(body: body).status == 200)
        let payloads = try Self.payloads(fixture, after: before)
        #expect(payloads.map { "\($0["notificationType"] ?? "")/\($0["subtype"] ?? "-")" } == ["RENEWAL_EXTENSION/FAILURE", "RENEWAL_EXTENSION/SUMMARY"])
        // The failure names the subscription in `data`, with its transaction and renewal info.
        let data = try #require(payloads.first?["data"] as? [String: Any])
        let transaction = try #require(data["signedTransactionInfo"] as? String)
        #expect(try ServerFixture.payload(ofJWS: transaction)["originalTransactionId"] as? String == trial.id)
        #expect(data["signedRenewalInfo"] as? String != nil && data["status"] as? Int == 1)
        let summary = try #require(payloads.last?["summary"] as? [String: Any])
        #expect(summary["succeededCount"] as? Int == 0 && summary["failedCount"] as? Int == 1, "\(summary)")
        #expect(summary["storefrontCountryCodes"] == nil)
        // Repeating the request identifier changes nothing (Apple's request is idempotent).
        #expect(fixture.server.api.massExtendRenewalDates(body: body).status == 200)
        #expect(try fixture.store.notifications().count == before + 2)
    }
}

