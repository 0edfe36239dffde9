import Foundation
import Testing
@testable import PaywallCore

@Suite struct FlowRestoreChatTests {
    typealias F = Fixtures

    func restoring() -> FlowModel {
        var model = F.onPaywall()
        model.inFlight = .restore
        model.notice = .restoring
        return model
    }

    @Test func restoreStartsTheSync() {
        var withNotice = F.onPaywall()
        withNotice.notice = .nothingToRestore
        let (model, effects) = F.reduce(withNotice, .restore)
        #expect(model == restoring())
        #expect(effects == [.restore])
        #expect(F.reduce(FlowModel(), .restore) == (FlowModel(), []))
    }

    @Test func restoreWithPremiumUnlocks() {
        let restored = Entitlement(isPremium: true, productID: "yearly_59_99", source: .restore, verifiedAt: F.now)
        let (model, effects) = F.reduce(restoring(), .restoreCompleted(.completed(restored)))
        var expected = F.onPaywall()
        expected.entitlement = restored
        expected.state = .purchased(entitlement: restored)
        expected.notice = .restored
        #expect(model == expected)
        #expect(effects == [.track(.restoreSuccess), .persist(.entitlement(restored))])
    }

    @Test func restoreWithNothingSaysSo() {
        let (model, effects) = F.reduce(restoring(), .restoreCompleted(.completed(.free)))
        var expected = F.onPaywall()
        expected.notice = .nothingToRestore
        #expect(model == expected)
        #expect(effects == [.track(.restoreFail(reason: "nothing_to_restore"))])
    }

    @Test func restoreWithAnExpiredEntitlementStoresIt() {
        let expired = Entitlement(isPremium: false, productID: "weekly_9_99", source: .restore, verifiedAt: F.now)
        let (model, effects) = F.reduce(restoring(), .restoreCompleted(.completed(expired)))
        var expected = F.onPaywall()
        expected.notice = .nothingToRestore
        expected.entitlement = expired
        #expect(model == expected)
        #expect(effects == [.track(.restoreFail(reason: "nothing_to_restore")), .persist(.entitlement(expired))])
    }

    @Test(arguments: [(RestoreResult.cancelled, "cancelled"), (.failed(reason: "network"), "network")])
    func restoreCancelledOrFailedIsNeverSuccess(result: RestoreResult, reason: String) {
        let (model, effects) = F.reduce(restoring(), .restoreCompleted(result))
        var expected = F.onPaywall()
        expected.notice = .restoreFailed(reason: reason)
        #expect(model == expected)
        #expect(effects == [.track(.restoreFail(reason: reason))])
    }

    @Test func freeMessageIsCountedRepliedAndPersisted() {
        let (model, effects) = F.reduce(F.ready(.chat), .sendMessage("  hello  "))
        var expected = F.ready(.chat)
        var quota = MessageQuota()
        _ = quota.consume(now: F.now, timeZone: F.utc, limit: 10)
        expected.quota = quota
        expected.transcript = [ChatMessage(author: .user, text: "hello"), ChatMessage(author: .assistant, text: "chat.reply.1")]
        #expect(model == expected)
        #expect(effects == [.persist(.quota(quota)), .track(.messageSent(countToday: 1))])
    }

    @Test func cannedRepliesCycle() {
        var model = F.ready(.chat)
        model.config.cannedReplyCount = 2
        for index in 1...3 { model = F.reduce(model, .sendMessage("m\(index)")).0 }
        #expect(model.transcript.filter { $0.author == .assistant }.map(\.text) == ["chat.reply.1", "chat.reply.2", "chat.reply.1"])
    }

    @Test func emptyMessageIsIgnored() {
        #expect(F.reduce(F.ready(.chat), .sendMessage("   ")) == (F.ready(.chat), []))
    }

    @Test func eleventhMessageOpensThePaywallWithTheLimitPromise() {
        var model = F.ready(.chat)
        for index in 1...10 { model = F.reduce(model, .sendMessage("m\(index)")).0 }
        #expect(model.quota.used == 10)
        let (limited, effects) = F.reduce(model, .sendMessage("one more"))
        var expected = model
        var offer = F.offerA
        offer.personalPromiseKey = "paywall.promise.limit"
        expected.state = .paywall(offer: offer)
        expected.offer = offer
        expected.selectedPlanID = "yearly_59_99"
        expected.paywallReason = .messageLimit
        expected.offerReason = F.defaultOfferReason
        expected.paywallViews.record(at: F.now)
        // The paywall's promise line says why it opened: no second notice saying the same.
        expected.notice = nil
        #expect(limited == expected)
        #expect(effects == [.track(.messageLimitReached(limit: 10)), .track(.paywallView(offer: .A, reason: "messageLimit")),
                            .persist(.paywallViews(expected.paywallViews))])

        let (back, backEffects) = F.reduce(limited, .notNow)
        expected.state = .chat
        expected.notice = nil
        #expect(back == expected)
        #expect(backEffects == [.track(.paywallNotNow)])
    }

    @Test func messagesLeftCountsDownAndIsNilForPremium() {
        var model = F.ready(.chat)
        #expect(model.messagesLeft(in: F.context) == 10)
        for index in 1...4 { model = F.reduce(model, .sendMessage("m\(index)")).0 }
        #expect(model.messagesLeft(in: F.context) == 6)
        model.entitlement = F.premium
        #expect(model.messagesLeft(in: F.context) == nil)
    }

    @Test func premiumMessagesAreUnlimited() {
        var model = F.ready(.chat)
        model.entitlement = F.premium
        for index in 1...15 { model = F.reduce(model, .sendMessage("m\(index)")).0 }
        let (next, effects) = F.reduce(model, .sendMessage("sixteen"))
        #expect(next.state == .chat)
        #expect(next.quota == MessageQuota())
        #expect(next.transcript.count == 32)
        #expect(effects == [.track(.messageSent(countToday: 0))])
    }

    @Test func nextDayGivesTenNewMessages() {
        var model = F.ready(.chat)
        for index in 1...10 { model = F.reduce(model, .sendMessage("m\(index)")).0 }
        let tomorrow = FlowContext(now: F.now.addingTimeInterval(86_400), timeZone: F.utc)
        let (next, effects) = F.reduce(model, .sendMessage("new day"), context: tomorrow)
        #expect(next.state == .chat)
        #expect(next.quota.used == 1)
        #expect(effects == [.persist(.quota(next.quota)), .track(.messageSent(countToday: 1))])
    }
}
