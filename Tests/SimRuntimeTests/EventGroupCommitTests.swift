import Foundation
import PaywallCore
import Persistence
import Testing
@testable import SimRuntime

/// Analytics events, the paywall view history and the fsync of the store's finishes are
/// group-committed: a plan move writes nothing (no fsync per key); they are written together
/// before a purchase, at a flush, and when the session ends.
@Suite struct EventGroupCommitTests {
    func written(_ harness: SessionHarness) throws -> [String] {
        try AppStateStore(directory: StateDirectory(root: harness.directory)).loadEvents().map(\.name)
    }

    @Test func planMovesWaitForTheFlushAndAPurchaseWritesThemFirst() throws {
        let harness = try SessionHarness(start: .paywall)
        let session = try harness.open()
        let before = try written(harness)
        session.send(.movePlanSelection(by: -1))
        session.send(.movePlanSelection(by: 1))
        #expect(session.hasPendingWrites)
        #expect(try written(harness) == before, "a plan move is not written (nor fsynced) at once")
        session.send(.buy)
        session.send(.sheetConfirmed)
        let atPurchase = try written(harness)
        #expect(atPurchase.filter { $0 == "paywall_plan_selected" }.count == 2, "\(atPurchase)")
        #expect(atPurchase.last == "paywall_cta_click")
        harness.wait(session, 3)
        #expect(session.store.hasUnsyncedFinishes, "the purchase's finish waits for the flush's fsync")
        session.flushPendingWrites()
        #expect(!session.hasPendingWrites)
        #expect(!session.store.hasUnsyncedFinishes)
        #expect(try written(harness).last == "purchase_success")
        #expect(try written(harness) == session.analytics.events.map(\.name), "every event written once, in order")
    }

    @Test func aSessionThatEndsWritesWhatItRecorded() throws {
        let harness = try SessionHarness(start: .paywall)
        do {
            let session = try harness.open()
            session.send(.movePlanSelection(by: -1))
            #expect(session.hasPendingWrites)
        }
        #expect(try written(harness).contains("paywall_plan_selected"))
    }

    func views(_ harness: SessionHarness) throws -> [Date] {
        try AppStateStore(directory: StateDirectory(root: harness.directory)).loadPaywallViews().views
    }

    @Test func aPaywallViewIsWrittenAtTheFlushMergedWithAnotherProcesssViews() throws {
        let harness = try SessionHarness(start: .paywall)
        // Another process saved a view an hour ago.
        let elsewhere = SessionHarness.start.addingTimeInterval(-3_600)
        try AppStateStore(directory: StateDirectory(root: harness.directory)).savePaywallViews(PaywallViewHistory(views: [elsewhere]))
        let session = try harness.open()
        let shown = session.model.paywallViews.views
        #expect(!shown.isEmpty, "opening on the paywall counts a view")
        #expect(session.hasPendingWrites)
        #expect(try views(harness) == [elsewhere], "the view waits for the flush")
        session.flushPendingWrites()
        #expect(!session.hasPendingWrites)
        let onDisk = try views(harness)
        #expect(onDisk.contains(elsewhere) && shown.allSatisfy(onDisk.contains), "both processes' views are kept: \(onDisk)")
        // The other process's view reaches the model at the next look at shared state.
        session.pollSharedState()
        #expect(session.model.paywallViews.views.contains(elsewhere))
    }

    @Test func aSessionThatEndsWritesItsPaywallViews() throws {
        let harness = try SessionHarness(start: .paywall)
        do {
            let session = try harness.open()
            #expect(!session.model.paywallViews.views.isEmpty)
        }
        #expect(try !views(harness).isEmpty)
    }
}
