import Foundation
import Testing
@testable import PaywallCore

@Suite struct AnalyticsRecorderTests {
    @Test func recordsInOrderWithTheClockTime() {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_780_000_000))
        var recorder = AnalyticsRecorder()
        recorder.record(.paywallView(offer: .A, reason: "flow"), at: clock.now())
        clock.advance(by: 5)
        recorder.record(.purchaseFail(offer: .B, plan: "weekly_9_99", reason: "user_cancelled"), at: clock.now())
        #expect(recorder.events.map(\.name) == ["paywall_view", "purchase_fail"])
        #expect(recorder.events[1].time == Date(timeIntervalSince1970: 1_780_000_005))
        #expect(recorder.events[1].properties == ["offer_id": "B", "plan_id": "weekly_9_99", "reason": "user_cancelled"])
    }

    @Test func exportsJSONLines() throws {
        var recorder = AnalyticsRecorder()
        recorder.record(.paywallView(offer: .A, reason: "flow"), at: Date(timeIntervalSince1970: 1_780_000_000))
        recorder.record(.restoreSuccess, at: Date(timeIntervalSince1970: 1_780_000_060))
        #expect(recorder.jsonLines() == """
        {"name":"paywall_view","properties":{"offer_id":"A","reason":"flow"},"time":"2026-05-28T20:26:40Z"}
        {"name":"restore_success","properties":{},"time":"2026-05-28T20:27:40Z"}

        """)
        let line = try #require(recorder.jsonLines().split(separator: "\n").first)
        let decoded = try RecordedEvent.makeDecoder().decode(RecordedEvent.self, from: Data(line.utf8))
        #expect(decoded == recorder.events[0])
    }

    @Test func everyEventHasItsSeedName() {
        let events: [AnalyticsEvent] = [
            .paywallView(offer: .A, reason: "flow"), .paywallPlanSelected(offer: .A, plan: "p"),
            .paywallCTAClick(offer: .A, plan: "p"), .purchaseSuccess(offer: .A, plan: "p"),
            .purchaseFail(offer: .A, plan: "p", reason: "r"), .restoreSuccess, .restoreFail(reason: "r"),
            .paywallNotNow, .onboardingStep(step: 1, screen: "s"), .messageSent(countToday: 1),
            .messageLimitReached(limit: 10),
        ]
        #expect(events.map(\.name) == ["paywall_view", "paywall_plan_selected", "paywall_cta_click", "purchase_success",
                                       "purchase_fail", "restore_success", "restore_fail", "paywall_not_now",
                                       "onboarding_step", "message_sent", "message_limit_reached"])
    }
}
