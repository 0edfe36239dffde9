import Foundation
import PaywallCore
import StoreSim
import Testing
@testable import SimRuntime

/// Xcode's live switches: `store settings KEY VALUE` from another process changes the store's
/// settings on disk, and the running app's next purchase follows them, without a relaunch.
@Suite struct LiveSwitchTests {
    /// What `store settings` does: the switches applied to the store's settings, from another process.
    private func setFromOutside(_ harness: SessionHarness, _ switches: StoreSwitches) throws {
        let outside = try StateWorkspace(root: harness.directory)
            .openStore(catalog: harness.settings.catalog, clock: harness.clock, setup: nil, seed: harness.settings.seed)
        try outside.setSettings(switches.applied(to: outside.settings))
    }

    /// Another process switches the state's environment (`store buy --environment Production`
    /// beside the running app): the app's next purchase is signed for Production, as every other
    /// process on the state now signs, and the app's backend accepts it as the store signs it.
    @Test func anEnvironmentSwitchedOutsideSignsTheRunningAppsNextPurchase() throws {
        let harness = try SessionHarness(start: .paywall)
        let session = try harness.open()
        harness.wait(session, 1)
        #expect(session.store.environment == "Xcode")
        try StateWorkspace(root: harness.directory).keep(StateSetup(environment: "Production", bundleID: "com.example.switched"))
        session.send(.buy)
        session.send(.sheetConfirmed)
        harness.wait(session, 3)
        let bought = try #require(session.store.latestTransaction)
        let payload = try #require(session.store.payload(transactionID: bought.id))
        #expect(payload.environment == "Production" && payload.bundleId == "com.example.switched")
        #expect(session.store.environment == "Production")
        #expect(try session.store.appTransaction().payload.receiptType == "Production")
        #expect(session.model.entitlement.isPremium, "the app's backend accepts what the store signs now")
    }

    @Test func askToBuyTurnedOnOutsideMakesTheRunningAppsPurchaseWait() throws {
        let harness = try SessionHarness(start: .paywall)
        let session = try harness.open()
        harness.wait(session, 1)
        try setFromOutside(harness, StoreSwitches(askToBuy: true))
        session.send(.buy)
        session.send(.sheetConfirmed)
        harness.wait(session, 2)
        #expect(session.model.notice?.key == "notice.pendingApproval", "\(String(describing: session.model.notice))")
        #expect(!session.model.entitlement.isPremium)
    }

    @Test func dialogsTurnedOffOutsideSkipTheSheetInTheRunningApp() throws {
        let harness = try SessionHarness(start: .paywall)
        let session = try harness.open()
        harness.wait(session, 1)
        var switches = StoreSwitches()
        switches.dialogs = false
        try setFromOutside(harness, switches)
        harness.wait(session, 1)
        session.send(.buy)
        harness.wait(session, 3)
        #expect(session.model.entitlement.isPremium, "disableDialogs: the purchase completed without the sheet")
    }
}
