import Foundation

/// A source of the current time, injected so that headless runs are deterministic.
///
/// What a clock does when the session lets time pass or looks for other processes' changes is its
/// own: a virtual clock jumps to the instant time passes to, the wall clock does not; a clock kept
/// in the state directory reads its offset again. Nobody asks a clock what kind it is.
public protocol Clock: Sendable {
    /// The current instant.
    func now() -> Date
    /// Time passes up to `date` (a session's scheduled work falls due): a clock that moves only
    /// when told moves there if it is behind; a clock that follows the wall clock ignores it.
    func pass(to date: Date)
    /// Reads the time again from where it is kept (another process may have moved it); true when
    /// it moved. A clock kept nowhere but here answers false.
    func reloadIfChanged() -> Bool
    /// Writes the time this process runs at where other processes read it, so a command run
    /// meanwhile acts now, not at the time the run started. A clock kept nowhere but here does nothing.
    func share()
}

extension Clock {
    public func pass(to date: Date) {}
    public func reloadIfChanged() -> Bool { false }
    public func share() {}
}

/// The wall clock, for interactive runs.
public struct SystemClock: Clock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that moves only when told to: tapes, tests and `--now` runs use it.
public final class ManualClock: Clock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date) { current = start }

    public func now() -> Date { lock.withLock { current } }

    /// Moves the clock forward (or back, for tests of a clock set back) by `seconds`.
    public func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }

    /// Sets the clock to `date`.
    public func set(_ date: Date) { lock.withLock { current = date } }

    /// Moves to `date` when the clock is behind it (time never runs back by passing).
    public func pass(to date: Date) { lock.withLock { if current < date { current = date } } }
}
