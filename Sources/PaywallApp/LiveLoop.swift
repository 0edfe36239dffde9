import Foundation
import PaywallCore
import PaywallScreens
import SimRuntime
import TerminalKit

/// The interactive loop: draw, wait for a key or the next store answer, handle, repeat. Keys come
/// from the terminal and time from the wall; `AppDriver` does the rest, as it does for tapes.
public struct LiveLoop {
    let driver: AppDriver
    let screen: any TerminalScreen
    let clock: any Clock
    /// Keys pressed and window resizes (with the new size), with their time since the start, for `--record`.
    public private(set) var presses: [KeyPress] = []
    public private(set) var lastSize = TerminalSize(width: 80, height: 24)
    /// The terminal's size when the loop first drew: a recording's `Set Size`.
    public private(set) var firstSize: TerminalSize?
    /// True when the loop ended on a quit key (the last of `presses`), not on a lost terminal.
    public private(set) var quit = false
    /// The wall clock the loop measures key times, read waits and the driver's cadence on (injected for tests).
    let wall: any Clock
    private let started: Date

    /// A loop that draws `controller` on `screen`; `clock` is the session's, `wall` real time.
    public init(controller: AppController, screen: any TerminalScreen, clock: any Clock, wall: any Clock = SystemClock()) {
        self.screen = screen
        self.clock = clock
        self.wall = wall
        started = wall.now()
        driver = AppDriver(app: controller, now: started)
    }

    /// Runs until the user quits.
    public mutating func run() {
        var instantEmptyReads = 0
        defer { driver.finish() }
        while true {
            driver.elapse(to: clock.now(), spin: false)
            lastSize = screen.size
            driver.resize(to: lastSize)
            if firstSize == nil { firstSize = lastSize }
            // The frame first: a key's answer reaches the terminal before any file work.
            screen.draw(driver.app.render(size: lastSize).grid)
            if driver.settle(at: wall.now()) { continue } // draw what another process changed
            let wait = driver.keyWait(at: clock.now())
            let asked = wall.now()
            let key = screen.readKey(timeoutMs: wait)
            guard let key else {
                // A read that returns at once with nothing, again and again, means the terminal is
                // gone (hung up, its pane killed): leave instead of spinning.
                let returnedEarly = wall.now().timeIntervalSince(asked) * 1000 < Double(wait) / 4
                instantEmptyReads = returnedEarly ? instantEmptyReads + 1 : 0
                if instantEmptyReads > 200 { return }
                driver.spin()
                continue
            }
            instantEmptyReads = 0
            let time = Int64(wall.now().timeIntervalSince(started) * 1000)
            if key == .resize {
                presses.append(KeyPress(key: key, timeMilliseconds: time, size: screen.size))
                continue
            }
            presses.append(KeyPress(key: key, timeMilliseconds: time))
            if !driver.press(key) {
                quit = true
                return
            }
        }
    }
}
