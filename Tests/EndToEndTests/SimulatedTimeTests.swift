import Foundation
import PaywallFoundation
import SimRuntime
import Testing

/// The simulator's clock across commands (the `clock` of the state's `settings.json`).
@Suite("SimulatedTime")
struct SimulatedTimeTests {
    let dir = PaywallSimProcess.tempStateDirectory()
    let wall = Date(timeIntervalSince1970: 1_780_000_000)

    @Test func noFileMeansTheWallClock() throws {
        let time = try StateWorkspace(root: dir).savedTime()
        #expect(time.offset == 0)
        #expect(time.now(wall: wall) == wall)
    }

    @Test func advanceIsSavedAndReadBack() throws {
        _ = try StateWorkspace(root: dir).advanceSavedClock(by: 86_400)
        _ = try StateWorkspace(root: dir).advanceSavedClock(by: 0.5)
        let again = try StateWorkspace(root: dir).savedTime()
        #expect(again.offset == 86_400.5)
        #expect(again.now(wall: wall) == wall.addingTimeInterval(86_400.5))
    }

    @Test func nowPinsTheClock() throws {
        let instant = Date(timeIntervalSince1970: 1_700_000_000.25)
        let time = try StateWorkspace(root: dir).time(now: instant, wall: wall)
        #expect(time.mode == .pinned)
        #expect(time.now(wall: wall) == instant)
        #expect(time.now(wall: wall.addingTimeInterval(86_400 * 300)) == instant, "a pinned clock does not follow the wall")
        try StateWorkspace(root: dir).keep(time)
        let again = try StateWorkspace(root: dir).savedTime(wall: wall.addingTimeInterval(99))
        #expect(again.mode == .pinned)
        #expect(again.now() == instant, "saved to the millisecond")
        #expect(again.label == "pinned")
    }

    @Test func aPinnedClockMovesOnlyWhenAdvanced() throws {
        var time = SimulatedTime(pinnedAt: wall)
        time.move(by: 3_600)
        try StateWorkspace(root: dir).keep(time)
        let again = try StateWorkspace(root: dir).savedTime()
        #expect(again.now() == wall.addingTimeInterval(3_600))
    }

    @Test func switchingKeepsTheTimeWhereItStands() throws {
        var time = SimulatedTime(pinnedAt: wall)
        let later = wall.addingTimeInterval(500)
        time.switchTo(.wall, wall: later)
        #expect(time.mode == .wall)
        #expect(time.now(wall: later) == wall)
        #expect(time.now(wall: later.addingTimeInterval(10)) == wall.addingTimeInterval(10), "a wall clock runs on")
        #expect(time.label == "wall clock -8m20s")
        time.switchTo(.pinned, wall: later.addingTimeInterval(10))
        #expect(time.now(wall: later.addingTimeInterval(1_000)) == wall.addingTimeInterval(10))
    }

    @Test func anOffsetFileWithoutAModeIsAWallClock() throws {
        try Data("{\"clock\": {\"offsetSeconds\": 86400}}".utf8).write(to: dir.appendingPathComponent("settings.json"))
        let time = try StateWorkspace(root: dir).savedTime()
        #expect(time.mode == .wall)
        #expect(time.now(wall: wall) == wall.addingTimeInterval(86_400))
        #expect(time.label == "wall clock +1d")
    }

    @Test func anOffsetBeyondTheSupportedRangeIsRefusedNotATrap() throws {
        try Data("{\"clock\": {\"mode\": \"wall\", \"offsetSeconds\": 1e300}}".utf8).write(to: dir.appendingPathComponent("settings.json"))
        #expect {
            _ = try StateWorkspace(root: dir).savedTime()
        } throws: { error in
            String(describing: error).contains("settings.json") && String(describing: error).contains("outside")
        }
    }

    @Test func aPinnedFileWithoutItsInstantNamesItself() throws {
        try Data("{\"clock\": {\"mode\": \"pinned\"}}".utf8).write(to: dir.appendingPathComponent("settings.json"))
        #expect {
            _ = try StateWorkspace(root: dir).savedTime()
        } throws: { error in
            String(describing: error).contains("settings.json") && String(describing: error).contains("instant")
        }
    }

    @Test func theClockReadsTheOffsetTime() throws {
        let before = Date()
        let clock = SimulatedTime(offset: 3_600).clock
        #expect(clock.offset == 3_600)
        #expect(clock.now() >= before.addingTimeInterval(3_600))
    }

    @Test func corruptFileNamesItself() throws {
        try Data("{\"clock\": {\"offsetSeconds\": \"soon\"}}".utf8).write(to: dir.appendingPathComponent("settings.json"))
        #expect {
            _ = try StateWorkspace(root: dir).savedTime()
        } throws: { error in
            String(describing: error).contains("settings.json")
        }
    }

    /// A state made before `settings.json` kept its setup in `setup.json` and its clock in
    /// `clock.json`: both are read, and the first change folds them into `settings.json`.
    @Test func aStateMadeBeforeSettingsJSONIsReadThenFoldedIn() throws {
        try Data(#"{"environment": "Sandbox", "bundleID": "com.example.old"}"#.utf8).write(to: dir.appendingPathComponent("setup.json"))
        try Data(#"{"mode": "pinned", "instant": "2026-01-30T09:00:00.000Z"}"#.utf8).write(to: dir.appendingPathComponent("clock.json"))
        let workspace = StateWorkspace(root: dir)
        let start = try #require(ISO8601.parse("2026-01-30T09:00:00Z"))
        #expect(try workspace.savedSetup()?.bundleID == "com.example.old")
        #expect(try workspace.savedTime().pinnedInstant == start)
        try workspace.keep(SimulatedTime(pinnedAt: start.addingTimeInterval(60)))
        for old in ["setup.json", "clock.json"] {
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(old).path), "\(old) folded in and removed")
        }
        #expect(try workspace.savedSetup()?.bundleID == "com.example.old", "the setup carried into settings.json")
        #expect(try workspace.savedTime().pinnedInstant == start.addingTimeInterval(60))
    }

    /// The legacy clock file still names itself when it is broken.
    @Test func aBrokenLegacyClockNamesItself() throws {
        try Data("[1,".utf8).write(to: dir.appendingPathComponent("clock.json"))
        #expect {
            _ = try StateWorkspace(root: dir).savedTime()
        } throws: { error in
            String(describing: error).contains("clock.json")
        }
    }

    /// The setup and the clock are one value: a change of one, by another workspace (another
    /// process), keeps the other as it was left.
    @Test func aChangeOfOnePartKeepsTheOther() throws {
        let start = try #require(ISO8601.parse("2026-01-30T09:00:00Z"))
        try StateWorkspace(root: dir).keep(SimulatedTime(pinnedAt: start))
        try StateWorkspace(root: dir).keep(StateSetup(environment: "Production", bundleID: "com.example.app"))
        try StateWorkspace(root: dir).keep(SimulatedTime(pinnedAt: start.addingTimeInterval(5)))
        let saved = try StateWorkspace(root: dir).savedSettings()
        #expect(saved.setup == StateSetup(environment: "Production", bundleID: "com.example.app"))
        #expect(try StateWorkspace(root: dir).savedTime().pinnedInstant == start.addingTimeInterval(5))
    }
}
