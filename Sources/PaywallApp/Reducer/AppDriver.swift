import Foundation
import TerminalKit

/// Drives a running app between keys: the session's time, the spinner, the group-committed
/// writes and the looks at the state directory for other processes' changes. The live loop and
/// the tape player both run the app through it; they differ only in where keys and time come
/// from (a terminal and the wall clock, a tape and its virtual clock).
public final class AppDriver {
    /// How often the driver commits writes and looks at the state directory, in its own time.
    public struct Cadence: Sendable {
        /// The longest analytics events, views and finishes wait before they are written (what a
        /// kill -9 can lose).
        public var flushInterval: TimeInterval
        /// How often the state directory is looked at, so another process's change shows within a second.
        public var pollInterval: TimeInterval

        public init(flushInterval: TimeInterval = 0.1, pollInterval: TimeInterval = 0.5) {
            self.flushInterval = flushInterval
            self.pollInterval = pollInterval
        }
    }

    /// The app it drives.
    public let app: AppController
    public let cadence: Cadence
    /// When the oldest write still waiting was first seen.
    private var writesWaitingSince: Date?
    private var lastPoll: Date

    /// A driver for `app`, whose time starts at `now` (the clock `settle(at:)` is given).
    public init(app: AppController, now: Date, cadence: Cadence = Cadence()) {
        self.app = app
        self.cadence = cadence
        lastPoll = now
    }

    /// The session's clock reached `instant`: answers and renewals due by then arrive; `spin`
    /// turns the spinner one frame as well.
    public func elapse(to instant: Date, spin: Bool) {
        app.send(.elapsed(to: instant))
        if spin { app.send(.tick) }
    }

    /// The spinner turns one frame (a wait for a key ended with none).
    public func spin() { app.send(.tick) }

    /// The terminal is `size` now (sent only when it changed).
    public func resize(to size: TerminalSize) {
        if app.ui.size != size { app.send(.resized(size)) }
    }

    /// One key; false once the user asked to quit.
    public func press(_ key: Key) -> Bool { app.handle(key) }

    /// Between frames, at `now` on the driver's clock: writes that waited `flushInterval` are
    /// committed, and every `pollInterval` the state directory is looked at. Returns true when
    /// another process changed something, so there is a new frame to draw.
    public func settle(at now: Date) -> Bool {
        let session = app.session
        if session.hasPendingWrites {
            let since = writesWaitingSince ?? now
            writesWaitingSince = since
            if now.timeIntervalSince(since) >= cadence.flushInterval {
                session.flushPendingWrites()
                writesWaitingSince = nil
            }
        } else {
            writesWaitingSince = nil
        }
        guard now.timeIntervalSince(lastPoll) >= cadence.pollInterval else { return false }
        lastPoll = now
        return session.pollSharedState()
    }

    /// How long the next wait for a key may last, in milliseconds, with the session's clock at
    /// `instant`: until writes are due, 120 ms while something spins, at most the poll interval,
    /// and never past the next store answer.
    public func keyWait(at instant: Date) -> Int {
        let session = app.session
        if session.hasPendingWrites { return Int(cadence.flushInterval * 1000) }
        if session.isBusy { return Self.spinnerMilliseconds }
        let poll = Int(cadence.pollInterval * 1000)
        if let next = session.nextScheduledDate {
            return max(10, min(poll, Int(next.timeIntervalSince(instant) * 1000)))
        }
        return poll
    }

    /// Writes everything still waiting (a quit, a relaunch, a tape's end).
    public func finish() { app.session.flushPendingWrites() }

    /// A spinner frame's time while a store answer is on its way.
    public static let spinnerMilliseconds = 120
}
