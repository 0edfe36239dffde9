import Foundation
import PaywallFoundation
import Persistence

/// The directory's clock (the settings' `clock`): read, moved and followed through the workspace.
extension StateWorkspace {
    /// Whether the directory keeps a clock (a state some command or tape has set).
    public var hasSavedClock: Bool { (try? savedSettings().clock) != nil }

    /// The clock the directory keeps (the wall clock when there is none yet). Throws
    /// `PersistenceError` naming the file when it cannot be read or decoded.
    public func savedTime(wall: Date = Date()) throws -> SimulatedTime {
        try SimulatedTime.decoded(try savedSettings().clock, path: settingsFile(legacy: layout.legacyClock).path, wall: wall)
    }

    /// Keeps `time` as the directory's clock (the setup kept as it is): the one writer of the
    /// directory's clock (a command's `--now`, an advance, a run that ends, a tape).
    public func keep(_ time: SimulatedTime) throws {
        try changeSettings { $0.clock = time.stored }
    }

    /// The directory's clock as its settings keep it (pinned or wall), pinned at `now` when given.
    public func time(now: Date? = nil, wall: Date = Date()) throws -> SimulatedTime {
        var time = try savedTime(wall: wall)
        if let now { time.pin(now, wall: wall) }
        return time
    }

    /// The directory's clock as a command asks for it: the saved one, pinned at `now`, switched to `mode`.
    public func time(now: Date?, mode: SimulatedTime.Mode?, wall: Date = Date()) throws -> SimulatedTime {
        var time = try time(now: now, wall: wall)
        if let mode, mode != time.mode { time.switchTo(mode, wall: wall) }
        return time
    }

    /// Adds `seconds` to the clock saved now (another process may have moved it since this one
    /// read it), holding the directory's lock; returns the time as saved (read back: a pinned
    /// instant is kept to the millisecond).
    public func advanceSavedClock(by seconds: TimeInterval) throws -> SimulatedTime {
        try withLock {
            var time = try savedTime()
            time.move(by: seconds)
            try keep(time)
            return try savedTime()
        }
    }

    /// The clock of a run on the directory (`run`, `play`, `serve`), starting at `time` and
    /// following the settings as other processes move the clock (see `StateDirectoryClock`).
    public func liveClock(from time: SimulatedTime, runsWhilePinned: Bool = true, wall: Date = Date()) -> StateDirectoryClock {
        StateDirectoryClock(time: time, workspace: self, runsWhilePinned: runsWhilePinned, wall: wall)
    }

    /// The instant a used state stands at — its saved clock, else (a state with a store) the wall
    /// clock every `store` command and `serve` on it read; nil for a new state or an unreadable
    /// clock. A tape played on with `--continue` goes on from there.
    public func usedStateInstant() -> Date? {
        guard hasSavedClock || FileManager.default.fileExists(atPath: layout.store.folder.path) else { return nil }
        return try? savedTime().now()
    }
}
