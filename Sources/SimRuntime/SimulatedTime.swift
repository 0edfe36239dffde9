import Foundation
import PaywallFoundation
import Persistence
import PaywallCore

/// The simulator's clock across commands: the wall clock plus an offset kept in `clock.json`.
///
/// `paywall-sim run` and `paywall-sim store …` read the same offset, so they agree on the time;
/// `store advance 1d` adds a day to it. `--now` pins the time: the offset becomes the difference
/// between that instant and the wall clock (and is saved with `save()` when the caller wants the
/// next command to continue from there).
public struct SimulatedTime: Sendable, Hashable {
    /// Seconds added to the wall clock.
    public private(set) var offset: TimeInterval
    /// The state directory `clock.json` lives in; nil for a time that is never saved.
    public let stateDirectory: URL?

    private struct Stored: Codable, Sendable {
        var offsetSeconds: TimeInterval
    }

    /// A time with `offset` seconds over the wall clock.
    public init(offset: TimeInterval = 0, stateDirectory: URL? = nil) {
        self.offset = offset
        self.stateDirectory = stateDirectory
    }

    /// The saved offset in `stateDirectory/clock.json` (zero when there is none yet).
    /// Throws `PersistenceError` naming the file when it exists but cannot be read or decoded.
    public static func load(stateDirectory: URL) throws -> SimulatedTime {
        let stored = try file(in: stateDirectory).load()
        if let seconds = stored?.offsetSeconds, !seconds.isFinite {
            throw PersistenceError(path: file(in: stateDirectory).url.path,
                                   message: "offsetSeconds is not a finite number, expected seconds such as 86400")
        }
        return SimulatedTime(offset: stored?.offsetSeconds ?? 0, stateDirectory: stateDirectory)
    }

    /// The saved offset, or, when `now` is given, the offset that makes the time `now` at `wall`.
    public static func load(stateDirectory: URL, now: Date?, wall: Date = Date()) throws -> SimulatedTime {
        var time = try load(stateDirectory: stateDirectory)
        if let now { time.pin(now, wall: wall) }
        return time
    }

    /// The simulated instant when the wall clock reads `wall`.
    public func now(wall: Date = Date()) -> Date { wall.addingTimeInterval(offset) }

    /// Makes the simulated time `instant` when the wall clock reads `wall` (not saved until `save()`).
    public mutating func pin(_ instant: Date, wall: Date = Date()) {
        offset = instant.timeIntervalSince(wall)
    }

    /// Moves the simulated time forward by `seconds` and saves the offset atomically.
    public mutating func advance(by seconds: TimeInterval) throws {
        offset += seconds
        try save()
    }

    /// Moves the simulated time forward by `seconds` (not saved until `save()`).
    public mutating func move(by seconds: TimeInterval) { offset += seconds }

    /// Adds `seconds` to the offset saved now (another process may have moved it since this one
    /// read it), holding the state directory's lock; returns the time as saved.
    public static func advanceSaved(by seconds: TimeInterval, stateDirectory: URL) throws -> SimulatedTime {
        try StateLock.for(directory: stateDirectory).withLock {
            var time = try load(stateDirectory: stateDirectory)
            try time.advance(by: seconds)
            return time
        }
    }

    /// Writes the offset to `clock.json` atomically (nothing when there is no state directory).
    public func save() throws {
        guard let stateDirectory else { return }
        do {
            try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        } catch {
            throw PersistenceError(path: stateDirectory.path, message: "cannot create the state directory, expected a writable directory")
        }
        try Self.file(in: stateDirectory).save(Stored(offsetSeconds: offset))
    }

    /// A `Clock` reading this time (the wall clock plus the offset as it is now).
    public var clock: SimulatedClock { SimulatedClock(offset: offset) }

    private static func file(in directory: URL) -> JSONFile<Stored> {
        JSONFile(url: StateLayout(root: directory).clock)
    }
}

/// A clock that runs with the wall clock, shifted by a fixed offset (see `SimulatedTime`).
public struct SimulatedClock: Clock {
    /// Seconds added to the wall clock.
    public let offset: TimeInterval

    public init(offset: TimeInterval) { self.offset = offset }

    public func now() -> Date { Date().addingTimeInterval(offset) }
}

/// The clock of a run that shares its state directory: the wall clock plus the offset in
/// `clock.json`, read again when another process changes the file (`store advance` while the app
/// runs), so the app and the `store` commands keep agreeing on the time.
public final class StateDirectoryClock: Clock, @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval
    private var stamp: FileStamp?
    private let path: String
    private let stateDirectory: URL

    /// Starts at `time`'s offset (saved or pinned), watching `clock.json` in its state directory.
    public init(time: SimulatedTime, stateDirectory: URL) {
        offset = time.offset
        self.stateDirectory = stateDirectory
        path = StateLayout(root: stateDirectory).clock.path
        stamp = FileStamp.of(path)
    }

    public func now() -> Date { Date().addingTimeInterval(lock.withLock { offset }) }

    /// Reads the offset again when `clock.json` changed since the last look; true when the time moved.
    @discardableResult
    public func reloadIfChanged() -> Bool {
        let current = FileStamp.of(path)
        guard current != lock.withLock({ stamp }) else { return false }
        guard let time = try? SimulatedTime.load(stateDirectory: stateDirectory) else { return false }
        return lock.withLock {
            stamp = current
            let moved = time.offset != offset
            offset = time.offset
            return moved
        }
    }
}
