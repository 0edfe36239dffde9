import Foundation
import SimRuntime
import PaywallApp
import PaywallCore
import TerminalKit
import TestSupport
import Testing

/// The interactive loop on a headless screen: keys in, frames out, quit, resize, waits and hang-up.
@Suite("Live loop")
struct LiveLoopTests {
    /// A loop over a fresh app on `start`, drawing on `screen`; the wall clock stands still.
    static func loop(start: StartScreen, screen: HeadlessScreen) throws -> LiveLoop {
        var inputs = SessionInputs()
        inputs.start = start
        let clock = ManualClock(FixedDates.start)
        let app = try AppHost.launch(inputs, workspace: StateWorkspace(root: TestPaths.scratchDirectory("live-loop")), clock: clock)
        return LiveLoop(controller: app, screen: screen, clock: clock, wall: ManualClock(FixedDates.start))
    }

    @Test func quitEndsTheLoopAndTheKeyIsRecorded() throws {
        let screen = HeadlessScreen()
        screen.send(.down, .character("q"))
        var loop = try Self.loop(start: .paywall, screen: screen)
        loop.run()
        #expect(loop.presses.map(\.key) == [.down, .character("q")])
        #expect(screen.plainText.contains("Restore Purchases"), "the paywall was drawn:\n\(screen.plainText)")
        #expect(screen.frameCount == 2, "one frame before each key")
    }

    @Test func resizeRedrawsAtTheNewSizeAndIsRecordedWithIt() throws {
        let screen = HeadlessScreen()
        screen.send(.down)
        screen.resize(to: TerminalSize(width: 60, height: 22))
        screen.send(.character("q"))
        var loop = try Self.loop(start: .paywall, screen: screen)
        loop.run()
        #expect(loop.presses.map(\.key) == [.down, .resize, .character("q")])
        #expect(loop.presses[1].size == TerminalSize(width: 60, height: 22) && loop.presses[0].size == nil)
        #expect(loop.firstSize == TerminalSize(width: 80, height: 24), "the recording's header keeps the size it started at")
        #expect(loop.lastSize == TerminalSize(width: 60, height: 22))
        #expect(screen.lastGrid?.width == 60 && screen.lastGrid?.height == 22)
    }

    @Test func waitsAtMost120MillisecondsWhileTheStoreIsAnswering() throws {
        let screen = HeadlessScreen()
        // Enter opens the App Store sheet, Enter confirms: the store answers after its latency.
        screen.send(.enter, .enter, .control("c"))
        var loop = try Self.loop(start: .paywall, screen: screen)
        loop.run()
        #expect(screen.requestedTimeouts.first == 100, "the launch's analytics wait to be written: at most 100 ms")
        #expect(screen.requestedTimeouts.allSatisfy { ($0 ?? 0) <= 500 }, "never longer than half a second between looks at the clock and the state directory")
        #expect(screen.requestedTimeouts.last == 120, "busy: the spinner turns every 120 ms")
    }

    @Test func aTerminalThatIsGoneEndsTheLoop() throws {
        // No key ever comes and every read returns at once (the wall clock stands still): hung up.
        let screen = HeadlessScreen()
        var loop = try Self.loop(start: .onboarding, screen: screen)
        loop.run()
        #expect(loop.presses.isEmpty)
        #expect(screen.requestedTimeouts.count == 201, "gives up after 200 instant empty reads in a row")
    }
}
