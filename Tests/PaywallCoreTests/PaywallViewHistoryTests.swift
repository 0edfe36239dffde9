import Foundation
import Testing
@testable import PaywallCore

@Suite struct PaywallViewHistoryTests {
    let start = Date(timeIntervalSince1970: 1_780_000_000)

    @Test func countsARollingSevenDayWindow() {
        var history = PaywallViewHistory()
        history.record(at: start)
        history.record(at: start.addingTimeInterval(3 * 86_400))
        #expect(history.count(now: start.addingTimeInterval(3 * 86_400)) == 2)
        #expect(history.count(now: start.addingTimeInterval(7 * 86_400 - 1)) == 2)
        #expect(history.count(now: start.addingTimeInterval(7 * 86_400)) == 1)
        #expect(history.count(now: start.addingTimeInterval(10 * 86_400)) == 0)
    }

    @Test func recordingForgetsViewsOutsideTheWindow() {
        var history = PaywallViewHistory()
        history.record(at: start)
        history.record(at: start.addingTimeInterval(8 * 86_400))
        #expect(history.views == [start.addingTimeInterval(8 * 86_400)])
    }

    @Test func clockSetBackKeepsLaterViews() {
        var history = PaywallViewHistory()
        history.record(at: start)
        history.record(at: start.addingTimeInterval(-3600))
        #expect(history.views == [start.addingTimeInterval(-3600), start])
        #expect(history.count(now: start.addingTimeInterval(-3600)) == 2)
    }
}
