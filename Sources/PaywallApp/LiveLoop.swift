import Foundation
import PaywallCore
import PaywallScreens
import SimRuntime
import TerminalKit

/// The interactive loop: draw, wait for a key or the next store answer, handle, repeat.
public struct LiveLoop {
    let controller: AppController
    let screen: any TerminalScreen
    let clock: any Clock
    /// Keys pressed and window resizes (with the new size), with their time since the start, for `--record`.
    public private(set) var presses: [KeyPress] = []
    public private(set) var lastSize = TerminalSize(width: 80, height: 24)
    /// The terminal's size when the loop first drew: a recording's `Set Size`.
    public private(set) var firstSize: TerminalSize?
    /// True when the loop ended on a quit key (the last of `presses`), not on a lost terminal.
    public private(set) var quit = false
    /// The wall clock the loop measures key times and read waits on (injected for tests).
    let wall: any Clock
    private let started: Date

    /// A loop that draws `controller` on `screen`; `clock` is the session's, `wall` real time.
    public init(controller: AppController, screen: any TerminalScreen, clock: any Clock, wall: any Clock = SystemClock()) {
        self.controller = controller
        self.screen = screen
        self.clock = clock
        self.wall = wall
        started = wall.now()
    }

    /// Runs until the user quits.
    public mutating func run() {
        var instantEmptyReads = 0
        var lastPoll = wall.now()
        var eventsWaitingSince: Date?
        defer { controller.session.flushPendingWrites() }
        while true {
            controller.session.advance(to: clock.now())
            lastSize = screen.size
            if firstSize == nil { firstSize = lastSize }
            // The frame first: a key's answer reaches the terminal before any file work.
            screen.draw(controller.render(size: lastSize).grid)
            // Analytics, views and the fsync of finishes are group-committed: at most `flushInterval` after they happen.
            if controller.session.hasPendingWrites {
                let since = eventsWaitingSince ?? wall.now()
                eventsWaitingSince = since
                if wall.now().timeIntervalSince(since) >= Self.flushInterval {
                    controller.session.flushPendingWrites()
                    eventsWaitingSince = nil
                }
            } else {
                eventsWaitingSince = nil
            }
            // Other processes on the state directory (store commands, tapes): seen within a second.
            if wall.now().timeIntervalSince(lastPoll) >= Self.pollInterval {
                lastPoll = wall.now()
                if controller.session.pollSharedState() { continue } // draw what changed
            }
            let wait = timeout()
            let asked = wall.now()
            let key = screen.readKey(timeoutMs: wait)
            guard let key else {
                // A read that returns at once with nothing, again and again, means the terminal is
                // gone (hung up, its pane killed): leave instead of spinning.
                let returnedEarly = wall.now().timeIntervalSince(asked) * 1000 < Double(wait) / 4
                instantEmptyReads = returnedEarly ? instantEmptyReads + 1 : 0
                if instantEmptyReads > 200 { return }
                controller.tick()
                continue
            }
            instantEmptyReads = 0
            let time = Int64(wall.now().timeIntervalSince(started) * 1000)
            if key == .resize {
                presses.append(KeyPress(key: key, timeMilliseconds: time, size: screen.size))
                continue
            }
            presses.append(KeyPress(key: key, timeMilliseconds: time))
            if !controller.handle(key) {
                quit = true
                return
            }
        }
    }

    /// How often the loop looks for changes other processes made to the state directory.
    static let pollInterval: TimeInterval = 0.5
    /// The longest analytics events wait before they are written (what a kill -9 can lose).
    static let flushInterval: TimeInterval = 0.1

    /// How long to wait for a key: until the next store answer, at most 120 ms while something
    /// spins, and at most the poll interval, so another process's change shows within a second.
    private func timeout() -> Int {
        if controller.session.hasPendingWrites { return Int(Self.flushInterval * 1000) }
        if controller.session.isBusy { return 120 }
        let poll = Int(Self.pollInterval * 1000)
        if let next = controller.session.nextScheduledDate {
            return max(10, min(poll, Int(next.timeIntervalSince(clock.now()) * 1000)))
        }
        return poll
    }
}
