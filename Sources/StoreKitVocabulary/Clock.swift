import Foundation

/// A source of the current time, injected so that headless runs are deterministic.
public protocol Clock: Sendable {
    /// The current instant.
    func now() -> Date
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
}
