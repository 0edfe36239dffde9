import Foundation
import PaywallCore
import SimRuntime

extension SimulationOptions {
    /// The session inputs these options name (files are loaded by `SessionInputs.resolve`).
    func inputs(theme: String = "dark") -> SessionInputs {
        var inputs = SessionInputs()
        inputs.storekit = storekit
        inputs.config = config
        inputs.copy = copy
        inputs.theme = theme
        inputs.locale = locale
        inputs.storefront = storefront
        inputs.timeZone = timeZone
        inputs.offer = offer.flatMap { OfferID(rawValue: $0.uppercased()) }
        inputs.start = StartScreen(rawValue: start) ?? .onboarding
        return inputs
    }

    /// The clock a run uses: the wall clock, or one that starts at `--now` and runs on.
    func makeClock() -> any Clock {
        guard let now, let start = ISO8601.parse(now) else { return SystemClock() }
        return OffsetClock(offset: start.timeIntervalSinceNow)
    }
}

/// The wall clock moved by a fixed offset: `--now` starts the simulated time elsewhere and lets it run.
struct OffsetClock: Clock {
    var offset: TimeInterval
    func now() -> Date { Date().addingTimeInterval(offset) }
}
