import Foundation
import PaywallCore
import PaywallFoundation
import Testing
@testable import SimRuntime

/// The session's files are written as its settings' `durability` says: the workspace hands the
/// policy to the store, the backend, the user's file and the app's own files.
@Suite("A session's durability")
struct SessionDurabilityTests {
    @Test func everyFileOwnerOfTheSessionWritesUnderItsPolicy() throws {
        var harness = try SessionHarness(start: .paywall)
        let syncs = SyncCounter()
        harness.settings.workspace = StateWorkspace(root: harness.directory, durability: .durable.counting(syncs))
        let session = try harness.open()
        let layout = StateLayout(root: harness.directory)
        #expect(FileManager.default.fileExists(atPath: layout.user.path))
        #expect(syncs.count > 0, "the store's keys and ledger and the user's file were fsynced under the session's policy")
        // The app's own files: the launch's events and paywall view, group-committed.
        syncs.reset()
        #expect(session.hasPendingWrites)
        session.flushPendingWrites()
        #expect(syncs.count > 0, "events.jsonl and paywall views, fsynced under the session's policy")
        // A purchase: the store journals it, the backend grants it.
        syncs.reset()
        session.send(.buy)
        session.send(.sheetConfirmed)
        harness.wait(session, 10)
        #expect(session.model.entitlement.isPremium)
        #expect(syncs.count >= 2, "the store's and the backend's ledgers")
    }

    @Test func aThrowawaySessionMakesNoFsync() throws {
        var harness = try SessionHarness(start: .paywall)
        let syncs = SyncCounter()
        harness.settings.workspace = StateWorkspace(root: harness.directory, durability: .throwaway.counting(syncs))
        let session = try harness.open()
        session.send(.buy)
        session.send(.sheetConfirmed)
        harness.wait(session, 10)
        session.flushPendingWrites()
        #expect(session.model.entitlement.isPremium)
        #expect(FileManager.default.fileExists(atPath: StateLayout(root: harness.directory).events.path))
        #expect(syncs.count == 0)
    }
}
