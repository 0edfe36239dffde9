import Foundation
import SimRuntime
import Testing

/// The simulator's clock across commands (`clock.json`).
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
        try Data("{\"offsetSeconds\": 86400}".utf8).write(to: dir.appendingPathComponent("clock.json"))
        let time = try StateWorkspace(root: dir).savedTime()
        #expect(time.mode == .wall)
        #expect(time.now(wall: wall) == wall.addingTimeInterval(86_400))
        #expect(time.label == "wall clock +1d")
    }

    @Test func anOffsetBeyondTheSupportedRangeIsRefusedNotATrap() throws {
        try Data("{\"mode\": \"wall\", \"offsetSeconds\": 1e300}".utf8).write(to: dir.appendingPathComponent("clock.json"))
        #expect {
            _ = try StateWorkspace(root: dir).savedTime()
        } throws: { error in
            String(describing: error).contains("clock.json") && String(describing: error).contains("outside")
        }
    }

    @Test func aPinnedFileWithoutItsInstantNamesItself() throws {
        try Data("{\"mode\": \"pinned\"}".utf8).write(to: dir.appendingPathComponent("clock.json"))
        #expect {
            _ = try StateWorkspace(root: dir).savedTime()
        } throws: { error in
            String(describing: error).contains("clock.json") && String(describing: error).contains("instant")
        }
    }

    @Test func theClockReadsTheOffsetTime() throws {
        let before = Date()
        let clock = SimulatedTime(offset: 3_600).clock
        #expect(clock.offset == 3_600)
        #expect(clock.now() >= before.addingTimeInterval(3_600))
    }

    @Test func corruptFileNamesItself() throws {
        try Data("{\"offsetSeconds\": \"soon\"}".utf8).write(to: dir.appendingPathComponent("clock.json"))
        #expect {
            _ = try StateWorkspace(root: dir).savedTime()
        } throws: { error in
            String(describing: error).contains("clock.json")
        }
    }
}
