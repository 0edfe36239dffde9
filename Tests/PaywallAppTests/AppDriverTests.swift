import Foundation
import SimRuntime
import PaywallApp
import PaywallCore
import PaywallFoundation
import TerminalKit
import TestSupport
import Testing

/// `AppDriver`, the time and writes between keys that the live loop and the tape player share.
@Suite("App driver")
struct AppDriverTests {
    static func driver(_ directory: URL, clock: ManualClock) throws -> AppDriver {
        var inputs = SessionInputs()
        inputs.start = .paywall
        let app = try AppHost.launch(inputs, workspace: StateWorkspace(root: directory), clock: clock)
        return AppDriver(app: app, now: clock.now())
    }

    @Test func writesWaitTheFlushIntervalOfTheDriversTimeThenAreCommitted() throws {
        let directory = TestPaths.scratchDirectory("app-driver")
        let clock = ManualClock(FixedDates.start)
        let driver = try Self.driver(directory, clock: clock)
        let events = StateLayout(root: directory).events
        #expect(driver.app.session.hasPendingWrites, "the launch's paywall view waits to be written")
        #expect(driver.keyWait(at: clock.now()) == 100, "a key is waited for no longer than the writes may wait")
        #expect(driver.settle(at: clock.now()) == false)
        #expect(driver.settle(at: clock.now().addingTimeInterval(0.05)) == false)
        #expect(driver.app.session.hasPendingWrites && !FileManager.default.fileExists(atPath: events.path))
        _ = driver.settle(at: clock.now().addingTimeInterval(0.1))
        #expect(!driver.app.session.hasPendingWrites)
        #expect(FileManager.default.fileExists(atPath: events.path), "committed after 100 ms")
        #expect(driver.keyWait(at: clock.now()) == 500, "nothing waits: look at the state directory twice a second")
    }

    @Test func timeMovesTheSessionAndTheSpinnerOnlyWhenAsked() throws {
        let clock = ManualClock(FixedDates.start)
        let driver = try Self.driver(TestPaths.scratchDirectory("app-driver"), clock: clock)
        driver.elapse(to: FixedDates.start.addingTimeInterval(2), spin: false)
        #expect(clock.now() == FixedDates.start.addingTimeInterval(2) && driver.app.spinnerFrame == 0)
        driver.elapse(to: FixedDates.start.addingTimeInterval(3), spin: true)
        #expect(driver.app.spinnerFrame == 1)
        // The App Store sheet, then its confirmation: the store answers after its latency, and the
        // driver waits for keys at the spinner's pace until then.
        #expect(driver.press(.enter) && driver.press(.enter))
        driver.finish()
        #expect(driver.app.session.isBusy)
        #expect(driver.keyWait(at: clock.now()) == AppDriver.spinnerMilliseconds)
        driver.elapse(to: FixedDates.start.addingTimeInterval(10), spin: false)
        #expect(!driver.app.session.isBusy)
        #expect(driver.app.session.model.entitlement.isPremium)
        #expect(!driver.press(.character("q")), "q on the purchased screen quits")
    }
}
