import Foundation
import PaywallFoundation
import Persistence
import PaywallCore

/// The simulator's clock across commands, kept in the state's settings (`settings.json`): **pinned** (an instant that moves
/// only when told: `--now`, `store advance`, a tape, a run of the app) or **wall** (the wall clock
/// plus an offset, as Xcode's StoreKit Testing follows the device's clock).
///
/// `paywall-sim run`, `play --state`, `serve` and `paywall-sim store …` read the same settings, so they
/// agree on the time. `--now` pins it; `--clock wall` makes it follow the wall clock from where it
/// stands. A state without the file follows the wall clock.
public struct SimulatedTime: Sendable, Hashable {
    /// Which kind of clock a state keeps.
    public enum Mode: String, Codable, Sendable, CaseIterable {
        /// Moves only when told (`--now`, `store advance`, tapes): a read never jumps it.
        case pinned
        /// The wall clock plus an offset: time passes between commands.
        case wall
    }

    /// Pinned or wall.
    public private(set) var mode: Mode
    /// Seconds added to the wall clock (wall mode); for a pinned clock, the offset that makes the
    /// wall clock read the pinned instant at the moment it was loaded or pinned.
    public private(set) var offset: TimeInterval
    /// The instant a pinned clock stands at (nil for a wall clock).
    public private(set) var pinnedInstant: Date?

    /// The clock as the settings keep it; `StateWorkspace` reads and writes it.
    struct Stored: Codable, Hashable, Sendable {
        var mode: Mode?
        var offsetSeconds: TimeInterval?
        /// The pinned instant, ISO-8601 with milliseconds.
        var instant: String?
    }

    /// A wall clock with `offset` seconds over the wall.
    public init(offset: TimeInterval = 0) {
        mode = .wall
        self.offset = offset
    }

    /// A clock pinned at `instant`.
    public init(pinnedAt instant: Date, wall: Date = Date()) {
        mode = .pinned
        pinnedInstant = instant
        offset = instant.timeIntervalSince(wall)
    }

    /// The clock `stored` keeps (the wall clock when there is none yet), read at `wall`. Throws
    /// `PersistenceError` naming `path` when what is kept is out of range or incomplete.
    static func decoded(_ stored: Stored?, path: String, wall: Date = Date()) throws -> SimulatedTime {
        guard let stored else { return SimulatedTime() }
        switch stored.mode ?? .wall {
        case .wall:
            let seconds = stored.offsetSeconds ?? 0
            guard seconds.isFinite, ISO8601.supportedRange.contains(wall.addingTimeInterval(seconds)) else {
                throw PersistenceError(path: path, message: "offsetSeconds \(seconds) puts the clock outside \(ISO8601.supportedRangeText), expected seconds such as 86400")
            }
            return SimulatedTime(offset: seconds)
        case .pinned:
            guard let text = stored.instant, let instant = ISO8601.parse(text), ISO8601.supportedRange.contains(instant) else {
                throw PersistenceError(path: path, message: "instant \(stored.instant.map { "\"\($0)\"" } ?? "is missing"): expected an ISO-8601 instant such as 2026-01-30T09:00:00.000Z for a pinned clock")
            }
            return SimulatedTime(pinnedAt: instant, wall: wall)
        }
    }

    /// The simulated instant when the wall clock reads `wall`.
    public func now(wall: Date = Date()) -> Date { pinnedInstant ?? wall.addingTimeInterval(offset) }

    /// Pins the simulated time at `instant` (kept when the workspace keeps it: `StateWorkspace.keep(_:)`).
    public mutating func pin(_ instant: Date, wall: Date = Date()) {
        mode = .pinned
        pinnedInstant = instant
        offset = instant.timeIntervalSince(wall)
    }

    /// Makes the clock follow the wall clock from where it stands at `wall`.
    public mutating func followWall(wall: Date = Date()) {
        offset = now(wall: wall).timeIntervalSince(wall)
        mode = .wall
        pinnedInstant = nil
    }

    /// Changes to `mode`, keeping the time as it stands at `wall`.
    public mutating func switchTo(_ mode: Mode, wall: Date = Date()) {
        switch mode {
        case .pinned: pin(now(wall: wall), wall: wall)
        case .wall: followWall(wall: wall)
        }
    }

    /// Moves the simulated time forward by `seconds`.
    public mutating func move(by seconds: TimeInterval) {
        offset += seconds
        if let pinnedInstant { self.pinnedInstant = pinnedInstant.addingTimeInterval(seconds) }
    }

    /// What the clock is, for the line a command prints: `pinned`, or `wall clock` with its offset.
    public var label: String {
        switch mode {
        case .pinned: return "pinned"
        case .wall:
            guard abs(offset) >= 0.001 else { return "wall clock" }
            return "wall clock \(offset < 0 ? "-" : "+")\(SimDuration.sum(milliseconds: Int64((abs(offset) * 1000).rounded())))"
        }
    }

    /// The clock as the settings keep it: a pinned instant to the millisecond, or a wall offset.
    var stored: Stored {
        switch mode {
        case .pinned: Stored(mode: .pinned, instant: pinnedInstant.map(ISO8601.millisecondString))
        case .wall: Stored(mode: .wall, offsetSeconds: offset)
        }
    }

    /// A `Clock` reading this time (the wall clock plus the offset as it is now).
    public var clock: SimulatedClock { SimulatedClock(offset: offset) }
}

/// A clock that runs with the wall clock, shifted by a fixed offset (see `SimulatedTime`).
public struct SimulatedClock: Clock {
    /// Seconds added to the wall clock.
    public let offset: TimeInterval

    public init(offset: TimeInterval) { self.offset = offset }

    public func now() -> Date { Date().addingTimeInterval(offset) }
}

/// The clock of a run that shares its state directory (`run`, `serve`): the clock in the state's settings,
/// read again when another process changes the file (`store advance` while the app runs), so the
/// app, the server and the `store` commands keep agreeing on the time.
///
/// A wall clock reads the wall clock plus the saved offset. A pinned clock stands at its instant;
/// with `runsWhilePinned` (the app: its spinners and sheets need time to pass) it runs on from the
/// instant while the process lives, a move of the file moves it by as much, and `leave()` pins the
/// state where the run ended.
public final class StateDirectoryClock: Clock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: SimulatedTime
    /// The wall clock when `time` was last read (a running pinned clock counts from there).
    private var readAt: Date
    private var stamp: FileStamp?
    private let path: String
    private let workspace: StateWorkspace
    private let runsWhilePinned: Bool

    /// Starts at `time` (saved or pinned), watching the settings file of `workspace` (made by
    /// `StateWorkspace.liveClock`).
    init(time: SimulatedTime, workspace: StateWorkspace, runsWhilePinned: Bool = true, wall: Date = Date()) {
        self.time = time
        readAt = wall
        self.workspace = workspace
        self.runsWhilePinned = runsWhilePinned
        path = workspace.layout.settings.path
        stamp = FileStamp.of(path)
    }

    /// Pinned or wall, as the state keeps it.
    public var mode: SimulatedTime.Mode { lock.withLock { time.mode } }

    public func now() -> Date { lock.withLock { instant(wall: Date()) } }

    private func instant(wall: Date) -> Date {
        guard let pinned = time.pinnedInstant else { return time.now(wall: wall) }
        return runsWhilePinned ? pinned.addingTimeInterval(wall.timeIntervalSince(readAt)) : pinned
    }

    /// Reads the clock again when the settings file changed since the last look; true when the time moved.
    @discardableResult
    public func reloadIfChanged() -> Bool {
        let current = FileStamp.of(path)
        guard current != lock.withLock({ stamp }) else { return false }
        let wall = Date()
        guard let saved = try? workspace.savedTime(wall: wall) else { return false }
        return lock.withLock {
            stamp = current
            let before = instant(wall: wall)
            if saved.mode == .pinned, time.mode == .pinned, let old = time.pinnedInstant, let new = saved.pinnedInstant {
                // Moved by another process (`store advance`): this run moves by as much.
                time.move(by: new.timeIntervalSince(old))
            } else {
                time = saved
                readAt = wall
            }
            return instant(wall: wall) != before
        }
    }

    /// A running pinned clock keeps where it is as the state's clock (under the state's lock, after
    /// taking in what another process wrote), once it has moved a second or more since it last
    /// read or wrote it: a `store` command run beside the app acts at the app's time.
    public func share() { share(wall: Date()) }

    /// `share()` at a given wall-clock instant (tests).
    public func share(wall: Date) {
        guard lock.withLock({ time.mode == .pinned && runsWhilePinned && wall.timeIntervalSince(readAt) >= 1 }) else { return }
        reloadIfChanged()
        try? workspace.withLock {
            let end = lock.withLock { instant(wall: wall) }
            try workspace.keep(SimulatedTime(pinnedAt: end))
            lock.withLock {
                time = SimulatedTime(pinnedAt: end)
                readAt = wall
                stamp = FileStamp.of(path)
            }
        }
    }

    /// A run that ends leaves a pinned state's clock where the run was (a wall clock needs nothing).
    public func leave() throws {
        reloadIfChanged()
        try workspace.withLock {
            let end = lock.withLock { time.mode == .pinned && runsWhilePinned ? instant(wall: Date()) : nil }
            guard let end else { return }
            try workspace.keep(SimulatedTime(pinnedAt: end))
        }
    }
}
