import Foundation
import PaywallFoundation
import StoreSim

/// How a command brings the store up to its instant: a catch-up, and `store advance` in steps.
extension StateWorkspace.Command {
    /// The most renewals one committed step of `store advance` runs.
    public static let renewalsPerAdvanceStep = 2_000

    /// Runs what fell due by `now`; a catch-up of more than `longCatchUp` renewals (a wall clock far
    /// ahead at a fast time rate) stops to ask for `--yes`, and says that it runs.
    public func catchUp(_ store: SimulatedStore, to now: Date) throws {
        try confirmCatchUp(store, to: now)
        try store.process(now: now)
    }

    /// Refuses a catch-up to `now` of more than `longCatchUp` renewals without `--yes`, and says
    /// (through the request's `progress`) that a long one runs.
    public func confirmCatchUp(_ store: SimulatedStore, to now: Date) throws {
        let due = store.renewalsDue(by: now)
        if due > Self.longCatchUp {
            let since = store.lastProcessed.map { " since \(ISO8601.string($0))" } ?? ""
            guard confirmsLongCatchUps else {
                throw Diagnostic("catching up to \(ISO8601.string(now)) (\(clockLabel))\(since) runs about \(due) renewals "
                    + "at time rate \(store.renewalRate); add --yes to run them, or pin the clock at an earlier instant (--now)")
            }
            progress("catching up about \(due) renewals\(since)…")
        }
    }

    /// `store advance`: moves the clock forward by `seconds` and runs what falls due, in steps of
    /// at most `renewalsPerAdvanceStep` renewals. Each step saves the clock at its end before it
    /// runs, so whatever stops the command (Ctrl-C, kill -9) leaves a state whose every
    /// transaction is dated at or before its clock; what fell due and was not run yet, the next
    /// command catches up (a step's worth, never more).
    public func advance(_ store: SimulatedStore, by seconds: TimeInterval) throws {
        let target = clock.now().addingTimeInterval(seconds)
        try confirmCatchUp(store, to: target)
        var left = seconds
        while left > 0 {
            var step = left
            // Halve the step until it runs few enough renewals (a count the rules estimate).
            while step > 1, store.renewalsDue(by: clock.now().addingTimeInterval(step)) > Self.renewalsPerAdvanceStep { step /= 2 }
            if setsClock {
                try workspace.keep(time) // the instant `--now` asked for, before anything after it
                setsClock = false
            }
            time = try workspace.advanceSavedClock(by: step)
            // Run to the instant the state keeps, never past it: a pinned clock is kept to the
            // millisecond, and steps' fractions must not carry the run beyond what was saved.
            clock.set(time.pinnedInstant ?? clock.now().addingTimeInterval(step))
            left -= step
            try store.process(now: clock.now())
        }
    }
}
