import CopyDeck
import Foundation
import TestSupport
import PaywallCore
@testable import SimRuntime

/// A session on a fresh temporary state directory and a manual clock at 2026-01-30 09:00 UTC.
struct SessionHarness {
    let clock: ManualClock
    let directory: URL
    var settings: SessionSettings

    static let start = FixedDates.start

    init(start: StartScreen = .onboarding, offer: OfferID? = nil) throws {
        clock = ManualClock(Self.start)
        directory = TestPaths.scratchDirectory("runtime")
        let catalog = try StringCatalog.decode(Data(#"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#.utf8), origin: "empty")
        settings = SessionSettings(deck: CopyDeck(catalog), offer: offer, start: start, workspace: StateWorkspace(root: directory))
    }

    func open() throws -> SimulatorSession {
        let session = try SimulatorSession(settings: settings, clock: clock)
        session.start()
        return session
    }

    /// Lets `seconds` pass on the manual clock.
    func wait(_ session: SimulatorSession, _ seconds: TimeInterval) {
        session.advance(to: clock.now().addingTimeInterval(seconds))
    }
}
