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
