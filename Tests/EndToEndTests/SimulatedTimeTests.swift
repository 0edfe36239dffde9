import Foundation
import SimRuntime
import Testing

/// The simulator's clock across commands (`clock.json`).
@Suite("SimulatedTime")
struct SimulatedTimeTests {
    let dir = PaywallSimProcess.tempStateDirectory()
    let wall = Date(timeIntervalSince1970: 1_780_000_000)

    @Test func noFileMeansTheWallClock() throws {
        let time = try SimulatedTime.load(stateDirectory: dir)
        #expect(time.offset == 0)
        #expect(time.now(wall: wall) == wall)
    }

    @Test func advanceIsSavedAndReadBack() throws {
        var time = try SimulatedTime.load(stateDirectory: dir)
        try time.advance(by: 86_400)
        try time.advance(by: 0.5)
        let again = try SimulatedTime.load(stateDirectory: dir)
        #expect(again.offset == 86_400.5)
        #expect(again.now(wall: wall) == wall.addingTimeInterval(86_400.5))
    }

    @Test func nowPinsTheOffsetToTheDifference() throws {
        let instant = Date(timeIntervalSince1970: 1_700_000_000)
        let time = try SimulatedTime.load(stateDirectory: dir, now: instant, wall: wall)
        #expect(time.now(wall: wall) == instant)
        #expect(time.offset == instant.timeIntervalSince(wall))
        try time.save()
        #expect(try SimulatedTime.load(stateDirectory: dir).offset == time.offset)
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
            _ = try SimulatedTime.load(stateDirectory: dir)
        } throws: { error in
            String(describing: error).contains("clock.json")
        }
    }
}
